// The Soccolot game object: its facts, options parsing (record-format.md C8, spec §1), Result
// names (§7.4) and the Variant's factory methods.
#include <cctype>

#include "engine/games/soccolot/soccolot.hpp"
#include "engine/games/soccolot/soccolot_state.hpp"

namespace scribe::engine::soccolot {

namespace {

// Lower-cases ASCII text.
std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// One option of §1: its flag, its values (the first is the default).
struct OptionSpec {
  std::string_view flag;
  std::string_view values[2];
};

constexpr OptionSpec kOptions[] = {
    {"-goal", {"beyond", "backrow"}},
    {"-owngoal", {"lose", "illegal"}},
    {"-nomove", {"lose", "draw"}},
};

// Makes a record.bad-option finding at the Options tag's value.
Finding option_finding(Severity severity, std::string message) {
  Finding f;
  f.severity = severity;
  f.code = "record.bad-option";
  f.message = std::move(message);
  f.anchor = Anchor::kTag;
  f.tag = "Options";
  return f;
}

// Reads the Options value into `rules`; appends findings. Returns false on an error.
bool read_options(std::string_view text, Mode mode, Rules* rules, std::vector<Finding>* out) {
  bool ok = true;
  bool seen[3] = {false, false, false};
  std::size_t i = 0;
  while (i < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
    const std::string_view word = text.substr(i, end - i);
    i = end;
    const std::size_t eq = word.find('=');
    const std::string_view name = word.substr(0, eq);
    const std::string_view value = eq == std::string_view::npos ? "" : word.substr(eq + 1);
    int which = -1;
    for (int k = 0; k < 3; ++k)
      if (lower(name) == kOptions[k].flag) which = k;
    if (which < 0) {
      out->push_back(option_finding(
          Severity::kError,
          "unknown option '" + std::string(word) +
              "'; Soccolot's options are -goal=beyond|backrow, -owngoal=lose|illegal and "
              "-nomove=lose|draw"));
      ok = false;
      continue;
    }
    const OptionSpec& spec = kOptions[which];
    const std::string flag(spec.flag);
    const std::string choices = std::string(spec.values[0]) + " or " + std::string(spec.values[1]);
    if (eq == std::string_view::npos) {
      out->push_back(option_finding(Severity::kError, "option " + flag + " needs a value: " + flag +
                                                          "=" + std::string(spec.values[0]) +
                                                          " or " + flag + "=" +
                                                          std::string(spec.values[1])));
      ok = false;
      continue;
    }
    int chosen = -1;
    for (int v = 0; v < 2; ++v)
      if (lower(value) == spec.values[v]) chosen = v;
    if (chosen < 0) {
      out->push_back(option_finding(
          Severity::kError,
          "option " + flag + " has no value '" + std::string(value) + "': expected " + choices));
      ok = false;
      continue;
    }
    const std::string canonical = flag + "=" + std::string(spec.values[chosen]);
    if (word != canonical) {
      if (mode == Mode::kLenient) {
        out->push_back(option_finding(
            Severity::kWarning, "option '" + std::string(word) + "' read as '" + canonical + "'"));
      } else {
        out->push_back(option_finding(
            Severity::kError,
            "option '" + std::string(word) + "' must be written in lower case: " + canonical));
        ok = false;
        continue;
      }
    }
    if (seen[which]) {
      out->push_back(option_finding(Severity::kError, "option " + flag + " is given twice"));
      ok = false;
      continue;
    }
    seen[which] = true;
    switch (which) {
      case 0:
        rules->goal = chosen == 0 ? GoalRule::kBeyond : GoalRule::kBackrow;
        break;
      case 1:
        rules->own_goal = chosen == 0 ? OwnGoalRule::kLose : OwnGoalRule::kIllegal;
        break;
      default:
        rules->no_move = chosen == 0 ? NoMoveRule::kLose : NoMoveRule::kDraw;
        break;
    }
  }
  return ok;
}

// Returns the value of the tag `name` (lenient: any case), or "".
std::string player_name(const std::vector<notation::Tag>* tags, std::string_view name, Mode mode) {
  if (tags == nullptr) return "";
  for (const auto& t : *tags)
    if (t.name == name) return t.value;
  if (mode == Mode::kLenient)
    for (const auto& t : *tags)
      if (lower(t.name) == lower(name)) return t.value;
  return "";
}

class SoccolotGame : public engine::Game {
 public:
  SoccolotGame() {
    info_.name = "soccolot";
    info_.names = {"soccolot"};
    info_.title = "Soccolot";
    info_.side_names = {"Black", "White"};
    info_.has_dice = false;
    info_.options = {
        {"-goal=G", "beyond, backrow", "beyond",
         "where a goal is scored: in the GOAL row beyond the back row, or on the back row"},
        {"-owngoal=O", "lose, illegal", "lose",
         "a ball put into one's own goal counts for the opponent, or is an illegal move"},
        {"-nomove=N", "lose, draw", "lose",
         "the result when the side to move has no legal move: it loses, or a draw"},
    };
    info_.codes = {
        {"soccolot.syntax", "error", "the token does not match the move notation"},
        {"soccolot.kick-distance-missing", "error",
         "k with no distance (lenient: a warning when exactly one distance is legal)"},
        {"soccolot.game-over", "error", "a ply after the game ended"},
        {"soccolot.wrong-team", "error", "the team letter names the side not to move"},
        {"soccolot.off-field", "error",
         "a run or dribble would take the man, or the ball (other than into a goal), off the "
         "field"},
        {"soccolot.occupied", "error", "a run to an occupied square"},
        {"soccolot.not-at-ball", "error", "a dribble or kick by a man not adjacent to the ball"},
        {"soccolot.dribble-blocked", "error", "a dribble whose man or ball square is occupied"},
        {"soccolot.kick-blocked", "error", "a kick that would pass or land on an occupied square"},
        {"soccolot.kick-too-far", "error",
         "a kick that would leave the field at the side, go past the goal, or (with "
         "-goal=backrow) cross the end line"},
        {"soccolot.own-goal", "error", "with -owngoal=illegal, the ball into the mover's own goal"},
        {"soccolot.no-legal-move", "warning",
         "the ply left the other side without a legal move; the game ended"},
    };
  }

  const GameInfo& info() const override { return info_; }

  VariantResult configure(const VariantRequest& request) const override {
    VariantResult out;
    auto config = std::make_shared<Config>();
    if (!read_options(request.options, request.mode, &config->rules, &out.findings)) return out;
    config->player1 = player_name(request.tags, "Player1", request.mode);
    config->player2 = player_name(request.tags, "Player2", request.mode);
    out.variant = std::make_unique<SoccolotVariant>(std::move(config));
    return out;
  }

 private:
  GameInfo info_;
};

}  // namespace

const engine::Game& soccolot_game() {
  static const SoccolotGame game;
  return game;
}

std::string SoccolotVariant::describe() const {
  const Rules& r = config_->rules;
  std::string extra;
  auto add = [&](const char* s) { extra += (extra.empty() ? "" : "; ") + std::string(s); };
  if (r.goal == GoalRule::kBackrow) add("goals on the back rows");
  if (r.own_goal == OwnGoalRule::kIllegal) add("own goals illegal");
  if (r.no_move == NoMoveRule::kDraw) add("no legal move draws");
  return extra.empty() ? "Soccolot" : "Soccolot (" + extra + ")";
}

std::string SoccolotVariant::options_text() const {
  const Rules& r = config_->rules;
  std::string out;
  auto add = [&](const char* s) { out += (out.empty() ? "" : " ") + std::string(s); };
  if (r.goal == GoalRule::kBackrow) add("-goal=backrow");
  if (r.own_goal == OwnGoalRule::kIllegal) add("-owngoal=illegal");
  if (r.no_move == NoMoveRule::kDraw) add("-nomove=draw");
  return out;
}

std::unique_ptr<engine::State> SoccolotVariant::initial_state() const {
  return std::make_unique<SoccolotState>(config_, Position::initial());
}

engine::PositionResult SoccolotVariant::parse_position(std::string_view text) const {
  engine::PositionResult out;
  Position pos;
  if (!parse_position_text(text, config_->rules, &pos, &out.error)) return out;
  out.state = std::make_unique<SoccolotState>(config_, pos);
  return out;
}

engine::ResultCheck SoccolotVariant::check_result(std::string_view value, Mode mode) const {
  using Kind = engine::ResultCheck::Kind;
  engine::ResultCheck out;
  for (std::string_view name : {"Black", "White", "draw", "*"})
    if (value == name) {
      out.kind = Kind::kOk;
      out.canonical = std::string(name);
      return out;
    }
  if (mode != Mode::kLenient) return out;
  const std::string low = lower(value);
  if (low == "black" || low == "b")
    out.canonical = "Black";
  else if (low == "white" || low == "w")
    out.canonical = "White";
  else if (low == "draw")
    out.canonical = "draw";
  else
    return out;
  out.kind = Kind::kAlias;
  return out;
}

}  // namespace scribe::engine::soccolot
