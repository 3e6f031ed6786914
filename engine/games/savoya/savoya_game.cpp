// The Savoya game object: facts (GameInfo), the Options tag (savoya.md §1, record-format.md C8)
// and the Variant (start position, position text, Result values, the Savoy notice).
#include <cctype>

#include "engine/games/savoya/savoya.hpp"
#include "engine/games/savoya/savoya_state.hpp"

namespace scribe::engine::savoya {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

Finding option_finding(std::string message, std::uint32_t offset, std::uint32_t length,
                       Severity severity = Severity::kError, std::string tag = "Options") {
  Finding f;
  f.severity = severity;
  f.code = "record.bad-option";
  f.message = std::move(message);
  f.anchor = Anchor::kTag;
  f.offset = offset;
  f.length = length;
  f.tag = std::move(tag);
  return f;
}

// Reads a decimal 1..99 without sign or leading zeros.
bool read_count(std::string_view v, int& out) {
  if (v.empty() || v.size() > 2 || v[0] == '0') return false;
  out = 0;
  for (char c : v) {
    if (c < '0' || c > '9') return false;
    out = out * 10 + (c - '0');
  }
  return true;
}

class SavoyaGame final : public Game {
 public:
  SavoyaGame() {
    info_.name = "savoya";
    info_.names = {"savoya", "savoy"};
    info_.title = "Savoya";
    info_.side_names = {"Horz", "Vert", "Right", "Left", "Top", "Bottom"};
    info_.has_dice = true;
    info_.options = {
        {"-stack=N", "1..99", "6", "N pieces per set, stacked on the set's start cell"},
        {"-even=N", "1..99", "-", "N pieces per set, spread evenly over the start area"},
        {"-step=N", "1..99", "-", "N pieces per set, spread in steps over the start area"},
        {"-board=B", "savoya, savoy", "savoya", "which board (scribe extension; Savoy = savoy)"},
        {"-players=N", "2, 3, 4", "PlayerN tags, else 2", "number of players (scribe extension)"},
        {"-stops=S", "check, free", "check",
         "whether every stop of a combined move must be landable (scribe extension)"},
    };
    info_.codes = {
        {"savoya.syntax", "error", "the ply does not match the move grammar"},
        {"savoya.not-a-cell", "error", "a cell outside the board or off the paths"},
        {"savoya.bad-roll", "error", "malformed roll, die outside 1..6, opening die of 1 "
                                     "(lenient: warning for the opening 1)"},
        {"savoya.roll-count", "error", "one die where two are due, or two for the opening"},
        {"savoya.roll-missing", "error", "a ply without a roll (lenient: warning)"},
        {"savoya.no-roll-fits", "error", "lenient: a ply without a roll that no roll makes legal"},
        {"savoya.game-over", "error", "a ply after a win or a dead position"},
        {"savoya.illegal-pass", "error", "pass while a legal play exists"},
        {"savoya.too-many-moves", "error", "more components than dice"},
        {"savoya.move-after-win", "error", "a component after the winning one"},
        {"savoya.circle-back", "error", "a component whose to-cell is its from-cell"},
        {"savoya.empty-cell", "error", "no piece on the from-cell"},
        {"savoya.pinned-piece", "error", "the mover's piece on the from-cell is pinned"},
        {"savoya.wrong-side", "error", "the from-cell's top piece belongs to another side"},
        {"savoya.piece-already-moved", "error", "every movable piece there moved this ply"},
        {"savoya.not-straight", "error", "no straight route reaches the to-cell"},
        {"savoya.blocked", "error", "the to-cell holds a stack of another colour"},
        {"savoya.wrong-distance", "error", "no route length is a sum of unused dice"},
        {"savoya.blocked-stop", "error", "every fitting dice order has a blocked stop"},
        {"savoya.no-change", "error", "the ply leaves the position unchanged"},
        {"savoya.dice-unused", "error", "a play with more pips exists and the ply does not win"},
        {"savoya.split-move", "warning", "lenient: one piece moved in two components, read as "
                                         "one"},
        {"savoya.implied-pass", "warning", "lenient: an unwritten forced pass was assumed"},
        {"savoya.reconstructed-board", "warning", "the record uses the constructed Savoy board"},
        {"savoya.mutual-pin", "warning", "the record ends in a mutual pin"},
        {"savoya.stalemate", "warning", "a dead position ended the game as a draw"},
    };
  }

  const GameInfo& info() const override { return info_; }

  VariantResult configure(const VariantRequest& request) const override {
    VariantResult out;
    const bool lenient = request.mode == Mode::kLenient;
    const bool game_savoy = request.game_name == "savoy";
    bool savoy = game_savoy;
    bool board_from_options = false;
    int players = 0;
    std::string start_flag;  // "stack", "even" or "step" once given
    StartKind start = StartKind::kStack;
    int pieces = 6;
    bool free_stops = false;
    std::vector<std::string> seen;

    const std::string_view text = request.options;
    std::size_t i = 0;
    while (i < text.size()) {
      if (std::isspace(static_cast<unsigned char>(text[i]))) {
        ++i;
        continue;
      }
      std::size_t j = i;
      while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
      const std::string_view word = text.substr(i, j - i);
      const auto offset = static_cast<std::uint32_t>(i);
      const auto length = static_cast<std::uint32_t>(j - i);
      i = j;
      auto error = [&](std::string message) {
        out.findings.push_back(option_finding(std::move(message), offset, length));
        out.variant.reset();
        return std::move(out);
      };
      const std::size_t eq = word.find('=');
      const std::string written_name(word.substr(0, eq));
      std::string name = lenient ? lower(written_name) : written_name;
      std::string value =
          eq == std::string_view::npos ? std::string() : std::string(word.substr(eq + 1));
      static const std::string kKnown[] = {"-stack", "-even",    "-step",
                                           "-board", "-players", "-stops"};
      bool known = false;
      for (const auto& k : kKnown) known = known || k == name;
      if (!known)
        return error("unknown option '" + std::string(word) +
                     "' (Savoya knows -stack, -even, -step, -board, -players and -stops)");
      if (eq == std::string_view::npos)
        return error("option " + name + " needs a value, e.g. " + name + "=" +
                     (name == "-board" ? "savoy" : name == "-stops" ? "free" : "3"));
      const std::string written_value = value;
      if (lenient && (name == "-board" || name == "-stops")) value = lower(value);
      for (const auto& s : seen)
        if (s == name) return error("option " + name + " is given twice");
      seen.push_back(name);
      if (name == "-stack" || name == "-even" || name == "-step") {
        int n = 0;
        if (!read_count(value, n))
          return error(std::string(word) + ": the number of pieces must be 1 to 99");
        if (!start_flag.empty())
          return error(std::string(word) + " cannot be combined with " + start_flag +
                       ": each sets the number of pieces");
        start_flag = std::string(word);
        pieces = n;
        start = name == "-stack" ? StartKind::kStack
                : name == "-even" ? StartKind::kEven
                                  : StartKind::kStep;
      } else if (name == "-board") {
        if (value != "savoya" && value != "savoy")
          return error(std::string(word) + ": the board is savoya or savoy");
        if (game_savoy && value == "savoya")
          return error(std::string(word) + " contradicts the game savoy, which is -board=savoy");
        savoy = value == "savoy";
        board_from_options = savoy;
      } else if (name == "-players") {
        if (value != "2" && value != "3" && value != "4")
          return error(std::string(word) + ": the number of players is 2, 3 or 4");
        players = value[0] - '0';
      } else {
        if (value != "check" && value != "free")
          return error(std::string(word) + ": the value is check or free");
        free_stops = value == "free";
      }
      if (written_name != name || written_value != value)
        out.findings.push_back(option_finding("option '" + std::string(word) + "' read as '" +
                                                  name + "=" + value + "'",
                                              offset, length, Severity::kWarning));
    }
    if (savoy && players != 0 && players != 2) {
      std::uint32_t at = 0, len = 0;
      const std::size_t p = text.find("-players=");
      if (p != std::string_view::npos) {
        at = static_cast<std::uint32_t>(p);
        len = 10;
      }
      out.findings.push_back(
          option_finding("-players=" + std::to_string(players) +
                             ": the Savoy board is for 2 players only",
                         at, len));
      return out;
    }
    if (players == 0) {
      players = 2;
      if (!savoy && request.tags != nullptr)
        for (const auto& t : *request.tags) {
          const std::string n = lenient ? lower(t.name) : t.name;
          if (n == (lenient ? "player3" : "Player3")) players = std::max(players, 3);
          if (n == (lenient ? "player4" : "Player4")) players = std::max(players, 4);
        }
    }
    auto cfg = make_config(savoy ? BoardKind::kSavoy : BoardKind::kSavoya, players, start, pieces,
                           free_stops);
    std::string norm;
    auto add = [&](const std::string& s) {
      if (!norm.empty()) norm += ' ';
      norm += s;
    };
    if (savoy) add("-board=savoy");
    if (players != 2) add("-players=" + std::to_string(players));
    if (start == StartKind::kEven) add("-even=" + std::to_string(pieces));
    if (start == StartKind::kStep) add("-step=" + std::to_string(pieces));
    if (start == StartKind::kStack && pieces != 6) add("-stack=" + std::to_string(pieces));
    if (free_stops) add("-stops=free");
    std::string notice_tag;
    if (savoy) notice_tag = board_from_options ? "Options" : "Game";
    out.variant = std::make_unique<SavoyaVariant>(std::move(cfg), norm, notice_tag);
    return out;
  }

 private:
  GameInfo info_;
};

}  // namespace

const engine::Game& savoya_game() {
  static const SavoyaGame game;
  return game;
}

SavoyaVariant::SavoyaVariant(std::shared_ptr<const Config> cfg, std::string options_text,
                             std::string notice_tag)
    : cfg_(std::move(cfg)),
      options_text_(std::move(options_text)),
      notice_tag_(std::move(notice_tag)) {}

std::string SavoyaVariant::describe() const {
  std::string out = cfg_->board->title + ", " + std::to_string(cfg_->players) + " players, " +
                    std::to_string(cfg_->pieces) + " pieces per set";
  if (cfg_->start == StartKind::kEven) out += " spread evenly";
  if (cfg_->start == StartKind::kStep) out += " spread in steps";
  if (cfg_->free_stops) out += ", free stops";
  return out;
}

std::unique_ptr<State> SavoyaVariant::initial_state() const {
  return std::make_unique<SavoyaState>(cfg_, start_position(*cfg_), kRollOff, Dice{});
}

PositionResult SavoyaVariant::parse_position(std::string_view text) const {
  return read_position(cfg_, text);
}

ResultCheck SavoyaVariant::check_result(std::string_view value, Mode mode) const {
  ResultCheck r;
  if (value == "draw" || value == "*") {
    r.kind = ResultCheck::Kind::kOk;
    r.canonical = std::string(value);
    return r;
  }
  for (int s = 0; s < cfg_->num_sides(); ++s)
    if (value == cfg_->side_name(s)) {
      r.kind = ResultCheck::Kind::kOk;
      r.canonical = std::string(value);
      return r;
    }
  if (mode != Mode::kLenient) return r;
  const std::string v = lower(value);
  if (v == "draw") {
    r.kind = ResultCheck::Kind::kAlias;
    r.canonical = "draw";
    return r;
  }
  for (int s = 0; s < cfg_->num_sides(); ++s) {
    const Seat& seat = (*cfg_->seats)[s];
    bool match = v == lower(seat.side);
    if (seat.side == "Horz" && v == "gold") match = true;
    if (seat.side == "Vert" && v == "silver") match = true;
    if (seat.colours.size() == 1 && v.size() == 1 &&
        v[0] == std::tolower(static_cast<unsigned char>(colour_letter(seat.colours[0]))))
      match = true;
    if (match) {
      r.kind = ResultCheck::Kind::kAlias;
      r.canonical = seat.side;
      return r;
    }
  }
  return r;
}

std::vector<Finding> SavoyaVariant::notices() const {
  if (notice_tag_.empty()) return {};
  return {tag_finding(
      Severity::kWarning, "savoya.reconstructed-board",
      "the Savoy board is constructed by scribe (the original was not found; "
      "docs/games/savoya.md#r4), so records played on the original board may not replay",
      notice_tag_)};
}

}  // namespace scribe::engine::savoya
