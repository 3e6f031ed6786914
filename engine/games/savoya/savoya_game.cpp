// The Savoya game object: facts (GameInfo) with the option rows, Savoya's contradictions between
// options (savoya.md §1; the words are read by engine/core/options.hpp) and the Variant (start
// position, position text, Result values, the Savoy notice).
#include <algorithm>
#include <optional>

#include "engine/core/names.hpp"
#include "engine/core/options.hpp"
#include "engine/games/savoya/savoya.hpp"
#include "engine/games/savoya/savoya_state.hpp"

namespace scribe::engine::savoya {
namespace {

// The contradictions of §1 after the words are read: two start flags, the Savoy board (from
// the Game value or -board) against -board=savoya or other than 2 players, and -players=N
// against a PlayerM tag with M > N (`tag_players`: the highest PlayerN tag, else 2), worded
// as Druid words its -players=2 with a Player3 tag.
std::optional<Finding> contradiction(const OptionValues& v, bool game_savoy, int tag_players) {
  std::vector<std::string_view> starts;
  for (std::string_view flag : {"-stack", "-even", "-step"})
    if (v.given(flag)) starts.push_back(flag);
  std::sort(starts.begin(), starts.end(), [&](std::string_view a, std::string_view b) {
    return v.word(a).offset < v.word(b).offset;
  });
  if (starts.size() > 1)
    return option_conflict(v, starts[0], starts[1], "each sets the number of pieces");
  if (game_savoy && v.value("-board") == "savoya")
    return option_conflict_with(v, "-board", "the game savoy", "Savoy is Savoya with -board=savoy");
  const bool board_savoy = v.value("-board") == "savoy";
  const std::optional<int> players = v.number("-players");
  if (players && *players != 2 && (board_savoy || game_savoy)) {
    constexpr std::string_view kReason = "the Savoy board is for 2 players only";
    if (board_savoy) return option_conflict(v, "-board", "-players", kReason);
    return option_conflict_with(v, "-players", "the game savoy", kReason);
  }
  if (players && *players < tag_players)
    return option_conflict_with(v, "-players",
                                "the record's Player" + std::to_string(tag_players) + " tag");
  return std::nullopt;
}

// The number of players from the highest PlayerN tag (N = 3, 4), else 2.
int players_from_tags(const VariantRequest& request) {
  if (find_tag(request.tags, "Player4", request.mode) != nullptr) return 4;
  if (find_tag(request.tags, "Player3", request.mode) != nullptr) return 3;
  return 2;
}

// A configured Savoya game.
class SavoyaVariant final : public Variant {
 public:
  // `options_text` is the normalised option string; `notice_tag` is the tag the
  // savoya.reconstructed-board warning points at ("" when the board is Savoya).
  SavoyaVariant(std::shared_ptr<const Config> cfg, std::string options_text, std::string notice_tag)
      : cfg_(std::move(cfg)),
        options_text_(std::move(options_text)),
        notice_tag_(std::move(notice_tag)) {}

  int num_players() const override { return cfg_->players; }
  bool has_dice() const override { return true; }
  std::string options_text() const override { return options_text_; }
  // Random games that have not ended stop after kPlyLimit plies (mutual pins never end).
  int generate_ply_limit() const override { return kPlyLimit; }
  static constexpr int kPlyLimit = 500;

  std::string describe() const override {
    std::string out = cfg_->board->title + ", " + std::to_string(cfg_->players) + " players, " +
                      std::to_string(cfg_->pieces) + " pieces per set";
    if (cfg_->start == StartKind::kEven) out += " spread evenly";
    if (cfg_->start == StartKind::kStep) out += " spread in steps";
    if (cfg_->free_stops) out += ", free stops";
    return out;
  }

  std::unique_ptr<State> initial_state() const override {
    return std::make_unique<SavoyaState>(cfg_, start_position(*cfg_), kRollOff, Dice{});
  }

  PositionResult parse_position(std::string_view text) const override {
    return read_position(cfg_, text);
  }

  // The side names; in lenient mode (§8) also gold and silver for Horz and Vert, and a colour
  // letter for a one-colour seat.
  ResultCheck check_result(std::string_view value, Mode mode) const override {
    std::vector<std::string> sides;
    std::vector<ResultAlias> aliases = {{"gold", "Horz"}, {"silver", "Vert"}};
    std::vector<std::string> letters;
    letters.reserve(cfg_->num_sides());  // the aliases point into the letters
    for (int s = 0; s < cfg_->num_sides(); ++s) {
      const Seat& seat = (*cfg_->seats)[s];
      sides.push_back(seat.side);
      if (seat.colours.size() != 1) continue;
      letters.push_back(std::string(1, colour_letter(seat.colours[0])));
      aliases.push_back({letters.back(), seat.side});
    }
    ResultCheck r = check_result_name(value, sides, mode, aliases);
    // gold and silver stand for sides only on boards that have them.
    if (r.kind == ResultCheck::Kind::kAlias &&
        std::find(sides.begin(), sides.end(), r.canonical) == sides.end() && r.canonical != "draw")
      return ResultCheck{};
    return r;
  }

  // The savoya.reconstructed-board warning of the Savoy board (ruling R4).
  std::vector<Finding> notices() const override {
    if (notice_tag_.empty()) return {};
    return {tag_finding(
        Severity::kWarning, "savoya.reconstructed-board",
        "the Savoy board is constructed by scribe (the original was not found; "
        "docs/games/savoya.md#r4), so records played on the original board may not replay",
        notice_tag_)};
  }

 private:
  std::shared_ptr<const Config> cfg_;
  std::string options_text_;
  std::string notice_tag_;
};

class SavoyaGame final : public RowsGame {
 public:
  SavoyaGame() {
    info_.name = "savoya";
    info_.names = {"savoya", "savoy"};
    info_.title = "Savoya";
    info_.side_names = {"Horz", "Vert", "Right", "Left", "Top", "Bottom"};
    info_.has_dice = true;
    // The rows of §1 and §9, in the order of the normalised option text.
    info_.options = {
        {.flag = "-board",
         .kind = OptionKind::kChoice,
         .placeholder = "B",
         .choices = {"savoya", "savoy"},
         .default_value = "savoya",
         .meaning = "which board (scribe extension, docs/games/savoya.md#r22; the game savoy is -board=savoy)"},
        {.flag = "-players",
         .kind = OptionKind::kNumber,
         .placeholder = "N",
         .ranges = {{"", 2, 4, ""}},
         .default_text = "the highest PlayerN tag, else 2",
         .meaning = "number of players (scribe extension, docs/games/savoya.md#r5)",
         .applies_to = "3 and 4 only on the Savoya board"},
        {.flag = "-stack",
         .kind = OptionKind::kNumber,
         .placeholder = "N",
         .ranges = {{"", 1, 99, ""}},
         .default_value = "6",
         .meaning = "N pieces per set, stacked on the set's start cell"},
        {.flag = "-even",
         .kind = OptionKind::kNumber,
         .placeholder = "N",
         .ranges = {{"", 1, 99, ""}},
         .meaning = "N pieces per set, spread evenly over the start area",
         .applies_to = "instead of -stack and -step"},
        {.flag = "-step",
         .kind = OptionKind::kNumber,
         .placeholder = "N",
         .ranges = {{"", 1, 99, ""}},
         .meaning = "N pieces per set, spread in steps over the start area",
         .applies_to = "instead of -stack and -even"},
        {.flag = "-stops",
         .kind = OptionKind::kChoice,
         .placeholder = "S",
         .choices = {"check", "free"},
         .default_value = "check",
         .meaning =
             "check: every stop of a combined move must be landable (scribe extension, docs/games/savoya.md#r9)"},
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

  // Checks the contradictions of §1, then makes the configuration and its normalised options.
  void make_variant(const OptionValues& v, const VariantRequest& request,
                    VariantResult& out) const override {
    const bool game_savoy = request.game_name == "savoy";
    if (auto f = contradiction(v, game_savoy, players_from_tags(request))) {
      out.findings.push_back(std::move(*f));
      return;
    }
    const bool board_from_options = v.value("-board") == "savoy";
    const bool savoy = game_savoy || board_from_options;
    const int players = v.number("-players").value_or(savoy ? 2 : players_from_tags(request));
    StartKind start = StartKind::kStack;
    if (v.given("-even")) start = StartKind::kEven;
    if (v.given("-step")) start = StartKind::kStep;
    const int pieces =
        v.number("-stack").value_or(v.number("-even").value_or(v.number("-step").value_or(6)));
    const bool free_stops = v.value("-stops") == "free";
    auto cfg = make_config(savoy ? BoardKind::kSavoy : BoardKind::kSavoya, players, start, pieces,
                           free_stops);
    OptionValues norm;
    if (savoy) norm.set("-board", "savoy");
    if (players != 2) norm.set("-players", std::to_string(players));
    const std::string_view start_flag = start == StartKind::kEven   ? "-even"
                                        : start == StartKind::kStep ? "-step"
                                                                    : "-stack";
    norm.set(start_flag, std::to_string(pieces));
    if (free_stops) norm.set("-stops", "free");
    std::string notice_tag;
    if (savoy) notice_tag = board_from_options ? "Options" : "Game";
    out.variant = std::make_unique<SavoyaVariant>(std::move(cfg),
                                                  format_options(info_.options, norm), notice_tag);
  }
};

}  // namespace

const engine::Game& savoya_game() {
  static const SavoyaGame game;
  return game;
}

}  // namespace scribe::engine::savoya
