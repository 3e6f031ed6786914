// Savoya's play_random, what `generate` plays: the roll and the play are drawn as State's default
// draws them (chance_outcomes, then random_move), and the drawn play, valid by construction, is
// played as the Move apply() would make of its text, without writing the roll's text for every
// outcome, reading the play's text back or checking it again.
#include <array>

#include "engine/games/savoya/savoya_state.hpp"

namespace scribe::engine::savoya {
namespace {

// The weights of the rolls of all_rolls() in its order, as chance_outcomes gives them.
const std::array<double, 21>& roll_weights() {
  static const std::array<double, 21> weights = [] {
    std::array<double, 21> w{};
    for (std::size_t i = 0; i < w.size(); ++i) w[i] = all_rolls()[i].doubles ? 1.0 / 36 : 2.0 / 36;
    return w;
  }();
  return weights;
}

}  // namespace

bool SavoyaState::play_random(Random& rng, std::string& roll, std::string& move) {
  roll.clear();
  move.clear();
  if (side_ == kOver) return false;
  Dice dice = dice_;
  if (dice_.n == 0) {
    if (side_ ==
        kRollOff) {  // once a game: the roll-off winner's die, as chance_outcomes weighs it
      const std::vector<ChanceOutcome> outcomes = chance_outcomes();
      std::vector<double> weights;
      weights.reserve(outcomes.size());
      for (const auto& o : outcomes) weights.push_back(o.probability);
      roll = outcomes[rng.weighted(weights)].roll;
      dice = read_dice(roll).value_or(Dice{});
    } else {
      dice = all_rolls()[rng.weighted(roll_weights().data(), roll_weights().size())];
      roll = dice.text();
    }
  }
  const bool opening = side_ == kRollOff || dice_.n == 1;
  if (dice.n == 0 || opening != (dice.n == 1)) return false;  // random_move's "" (no ply)
  const int side = side_ >= 0 ? side_ : -1;
  Play play;
  Move m;
  m.dice = dice;
  if (!random_valid_play(*cfg_, pos_, side, dice, rng, play)) {
    move = "pass";  // M == 0: no component at all (any component changes the board)
    m.pass = true;
    m.side = side < 0 ? 0 : side;
  } else {
    play_text_and_components(*cfg_->board, play, move, m.play.played);
    m.side = side >= 0 ? side : cfg_->side_of_colour[pos_.cells[play.from[0]].top];
    Position after = pos_;
    for (int i = 0; i < play.n; ++i) {
      const int colour = after.cells[play.from[i]].top;
      lift(*cfg_->board, after, play.from[i]);
      land(*cfg_->board, after, play.to[i], colour);
    }
    m.play.ok = true;
    m.play.side = m.side;
    m.play.won = has_won(*cfg_, after, m.side);
    m.play.after = after;
  }
  play_drawn(m, move);
  return true;
}

}  // namespace scribe::engine::savoya
