// Savoya's play_random, what `generate` plays: the roll and the play are drawn as State's default
// draws them (chance_outcomes, then random_move), and the drawn play, valid by construction, is
// played as the Move apply() would make of its text, without writing the roll's text for every
// outcome, reading the play's text back or checking it again.
#include <array>
#include <atomic>
#include <cstring>
#include <memory>

#include "engine/games/savoya/savoya_fixed_weights.hpp"
#include "engine/games/savoya/savoya_searcher.hpp"
#include "engine/games/savoya/savoya_state.hpp"

namespace scribe::engine::savoya {
namespace {

using search_detail::SideCells;

// The weights of the rolls of all_rolls() in its order, as chance_outcomes gives them, ready to
// draw as Random::weighted draws with them.
const FixedWeights<21>& roll_weights() {
  static const FixedWeights<21> weights = [] {
    std::array<double, 21> w{};
    for (std::size_t i = 0; i < w.size(); ++i) w[i] = all_rolls()[i].doubles ? 1.0 / 36 : 2.0 / 36;
    return FixedWeights<21>(w);
  }();
  return weights;
}

// Every side's SideCells of the position the thread's last drawn ply left, kept from ply to ply:
// a ply changes a few cells, and only their entries are redone. Whatever state asks, its
// position is compared with the one kept first, so a state the cells did not follow (another
// game, a clone) only costs a rebuild. Each position kept gets a mark no other kept position of
// any thread has: a state holding the current mark (SavoyaState::cells_mark_) has that
// position, and the comparison is skipped.
class SideCellsCache {
 public:
  // Makes the kept position `pos` (under `cfg`), rebuilding what it does not match; `mark` is
  // the state's mark of `pos` (0 when none).
  void sync(const std::shared_ptr<const Config>& cfg, const Position& pos, std::uint64_t mark) {
    if (mark != 0 && mark == mark_ && cfg == cfg_) return;
    if (!matches(cfg, pos)) rebuild(cfg, pos);
    pos_.away = pos.away;
  }
  // The mark of the kept position.
  std::uint64_t mark() const { return mark_; }
  // The cells of `side` (a seat) in the kept position.
  const SideCells& cells(int side) const { return sides_[side]; }
  // The kept position, for a Searcher to work in (it puts it back).
  Position& position() { return pos_; }

  // Follows a ply from the position of the last get(): the cells of `ch` now hold its stacks.
  void follow(const PlyChanges& ch) {
    for (int i = 0; i < ch.n && i < 8; ++i) {
      const int z = ch.cell[i];
      pos_.cells[z] = ch.stack[i];
      for (int s = 0; s < nsides_ && s < 4; ++s) sides_[s].set(z, ch.stack[i], colours_[s]);
    }
    pos_.away = ch.away;
    ++mark_;
  }

 private:
  // The configuration is held, so that another one cannot take its address while it is kept.
  bool matches(const std::shared_ptr<const Config>& cfg, const Position& pos) const {
    // Stack is four bytes without padding: the cells compare as memory.
    return cfg_ == cfg &&
           std::memcmp(pos_.cells.data(), pos.cells.data(), sizeof pos.cells) == 0;
  }

  void rebuild(const std::shared_ptr<const Config>& cfg, const Position& pos) {
    ++mark_;
    cfg_ = cfg;
    nsides_ = cfg->num_sides();
    pos_ = pos;
    for (int s = 0; s < nsides_; ++s) {
      colours_[s] = search_detail::colours_of(*cfg, s);
      search_detail::fill_side_cells(*cfg, pos, s, sides_[s]);
    }
  }

  // The thread's marks: its own number (from 1) in the top 24 bits, a count in the rest.
  static std::uint64_t first_mark() {
    static std::atomic<std::uint64_t> caches{0};
    return (caches.fetch_add(1) + 1) << 40;
  }
  std::uint64_t mark_ = first_mark();
  std::shared_ptr<const Config> cfg_;
  int nsides_ = 0;
  std::array<unsigned, 4> colours_{};
  Position pos_;
  std::array<SideCells, 4> sides_{};
};

static_assert(sizeof(Stack) == 4, "SideCellsCache compares cells as memory");

SideCellsCache& side_cells_cache() {
  thread_local SideCellsCache cache;
  return cache;
}

// The stack of cell `z` in `ch`, entered from `pos` on first use.
Stack& changed_cell(PlyChanges& ch, const Position& pos, int z) {
  for (int i = 0; i < ch.n; ++i)
    if (ch.cell[i] == z) return ch.stack[i];
  ch.cell[ch.n] = static_cast<std::uint8_t>(z);
  ch.stack[ch.n] = pos.cells[z];
  return ch.stack[ch.n++];
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
      dice = all_rolls()[roll_weights().draw(rng)];
      dice.write_text(roll);
    }
  }
  const bool opening = side_ == kRollOff || dice_.n == 1;
  if (dice.n == 0 || opening != (dice.n == 1)) return false;  // random_move's "" (no ply)
  const int side = side_ >= 0 ? side_ : -1;
  Play play;
  bool drawn = false;
  SideCellsCache* cache = nullptr;
  if (side >= 0) {
    cache = &side_cells_cache();
    cache->sync(cfg_, pos_, cells_mark_);
    search_detail::Searcher s(*cfg_, pos_, dice, cache->position());
    s.use_side_cells(cache->cells(side));
    drawn = s.uniform_play(side, rng, play, kRejectionTrials);  // random_valid_play's draw
  } else {
    drawn = random_valid_play(*cfg_, pos_, side, dice, rng, play);
  }
  Move m;
  m.dice = dice;
  if (!drawn) {
    move = "pass";  // M == 0: no component at all (any component changes the board)
    m.pass = true;
    m.side = side < 0 ? 0 : side;
  } else {
    play_text_and_components(*cfg_->board, play, move, m.play.played);
    m.side = side >= 0 ? side : cfg_->side_of_colour[pos_.cells[play.from[0]].top];
    // The play as the cells it changes (each once, with its final stack), which is how
    // SavoyaState::play takes a checked ply.
    PlyChanges& ch = m.play.changes;
    ch.away = pos_.away;
    for (int i = 0; i < play.n; ++i) {
      Stack& from = changed_cell(ch, pos_, play.from[i]);
      const int colour = from.top;
      lift(*cfg_->board, from, play.from[i], ch.away);
      land(*cfg_->board, changed_cell(ch, pos_, play.to[i]), play.to[i], colour, ch.away);
    }
    m.play.ok = true;
    m.play.side = m.side;
    m.play.won = has_won(*cfg_, ch.away, m.side);
    if (cache != nullptr) cache->follow(ch);
  }
  play_drawn(m, move);
  if (cache != nullptr && drawn) cells_mark_ = cache->mark();  // the cache followed the ply
  return true;
}

}  // namespace scribe::engine::savoya
