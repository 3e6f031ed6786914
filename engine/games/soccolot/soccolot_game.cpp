// The Soccolot game object: its facts with the option rows (spec §1; read by
// engine/core/options.hpp), and the Variant: Result names (§7.4), start and Setup positions.
#include "engine/core/kit.hpp"
#include "engine/core/names.hpp"
#include "engine/core/options.hpp"
#include "engine/games/soccolot/soccolot.hpp"
#include "engine/games/soccolot/soccolot_state.hpp"

namespace scribe::engine::soccolot {

namespace {

// A Soccolot configuration.
class SoccolotVariant : public engine::Variant {
 public:
  explicit SoccolotVariant(std::shared_ptr<const Config> config) : config_(std::move(config)) {}

  int num_players() const override { return 2; }
  bool has_dice() const override { return false; }

  std::string describe() const override {
    const Rules& r = config_->rules;
    std::string extra;
    auto add = [&](const char* s) { extra += (extra.empty() ? "" : "; ") + std::string(s); };
    if (r.goal == GoalRule::kBackrow) add("goals on the back rows");
    if (r.own_goal == OwnGoalRule::kIllegal) add("own goals illegal");
    if (r.no_move == NoMoveRule::kDraw) add("no legal move draws");
    return extra.empty() ? "Soccolot" : "Soccolot (" + extra + ")";
  }

  std::string options_text() const override {
    const Rules& r = config_->rules;
    OptionValues v;
    v.set("-goal", r.goal == GoalRule::kBackrow ? "backrow" : "beyond");
    v.set("-owngoal", r.own_goal == OwnGoalRule::kIllegal ? "illegal" : "lose");
    v.set("-nomove", r.no_move == NoMoveRule::kDraw ? "draw" : "lose");
    return format_options(soccolot_game().info().options, v);
  }

  std::unique_ptr<engine::State> initial_state() const override {
    return std::make_unique<SoccolotState>(config_, Position::initial());
  }

  engine::PositionResult parse_position(std::string_view text) const override {
    engine::PositionResult out;
    Position pos;
    if (!parse_position_text(text, config_->rules, &pos, &out.error)) return out;
    out.state = std::make_unique<SoccolotState>(config_, pos);
    return out;
  }

  // The side names; in lenient mode also b and w (§7.4).
  engine::ResultCheck check_result(std::string_view value, engine::Mode mode) const override {
    return check_result_name(value, {"Black", "White"}, mode, {{"b", "Black"}, {"w", "White"}});
  }

 private:
  std::shared_ptr<const Config> config_;
};

class SoccolotGame : public RowsGame {
 public:
  SoccolotGame() {
    info_.name = "soccolot";
    info_.names = {"soccolot"};
    info_.title = "Soccolot";
    info_.side_names = {"Black", "White"};
    info_.has_dice = false;
    // The rows of §1: three choices, scribe's own extensions.
    info_.options = {
        {.flag = "-goal",
         .kind = OptionKind::kChoice,
         .placeholder = "G",
         .choices = {"beyond", "backrow"},
         .default_value = "beyond",
         .meaning = "where a goal is scored: the GOAL row beyond the back row, or the back row "
                    "(docs/games/soccolot.md#r4)"},
        {.flag = "-owngoal",
         .kind = OptionKind::kChoice,
         .placeholder = "O",
         .choices = {"lose", "illegal"},
         .default_value = "lose",
         .meaning =
             "a ball into one's own goal counts for the opponent, or is illegal (docs/games/soccolot.md#r5)"},
        {.flag = "-nomove",
         .kind = OptionKind::kChoice,
         .placeholder = "N",
         .choices = {"lose", "draw"},
         .default_value = "lose",
         .meaning = "a side to move without a legal move loses, or the game is drawn (docs/games/soccolot.md#r9)"},
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

  // Soccolot's three choices combine freely; the Player tags name the two sides' players.
  void make_variant(const OptionValues& v, const VariantRequest& request,
                    VariantResult& out) const override {
    auto config = std::make_shared<Config>();
    Rules& rules = config->rules;
    rules.goal = v.value("-goal") == "backrow" ? GoalRule::kBackrow : GoalRule::kBeyond;
    rules.own_goal = v.value("-owngoal") == "illegal" ? OwnGoalRule::kIllegal : OwnGoalRule::kLose;
    rules.no_move = v.value("-nomove") == "draw" ? NoMoveRule::kDraw : NoMoveRule::kLose;
    config->player1 = tag_value(request.tags, "Player1", request.mode);
    config->player2 = tag_value(request.tags, "Player2", request.mode);
    out.variant = std::make_unique<SoccolotVariant>(std::move(config));
  }
};

}  // namespace

const engine::Game& soccolot_game() {
  static const SoccolotGame game;
  return game;
}

}  // namespace scribe::engine::soccolot
