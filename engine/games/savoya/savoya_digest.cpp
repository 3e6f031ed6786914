// SavoyaState::position_digest: a digest of part of what the position text shows (each stack's
// size and its bottom and top letters, and the side to move), without writing the text.
#include "engine/core/digest.hpp"
#include "engine/core/game.hpp"
#include "engine/games/savoya/savoya_state.hpp"

namespace scribe::engine::savoya {

namespace {

// What the position text shows of a stack: its length and its first and last letters (see
// position_digest); 0 for an empty cell.
std::uint64_t shown(const Stack& s) {
  if (s.empty()) return 0;
  const auto first = static_cast<std::uint64_t>(s.pinned >= 0 ? s.pinned : s.top) & 0xFF;
  const auto last = static_cast<std::uint64_t>(s.count > 0 ? s.top : s.pinned) & 0xFF;
  return (static_cast<std::uint64_t>(s.total()) << 16) | (first << 8) | last | (1ull << 40);
}

}  // namespace

bool SavoyaState::may_be_position_of(const State& other) const {
  const auto* o = dynamic_cast<const SavoyaState*>(&other);
  if (o == nullptr || o->side_ != side_ || o->cfg_->board != cfg_->board)
    return State::may_be_position_of(other);
  const int cells = cfg_->board->num_cells;
  for (int c = 0; c < cells; ++c) {
    const auto i = static_cast<std::size_t>(c);
    if (shown(pos_.cells[i]) != shown(o->pos_.cells[i])) return false;
  }
  return true;
}

std::uint64_t SavoyaState::position_digest() const {
  // write_position writes each stack as its pinned letter (if any) then `count` top letters: the
  // length, the first and the last letter of that text are what is digested (a pinned piece
  // under pieces of its own colour reads as a plain stack, so the fields themselves are not).
  // Each cell's term is mixed on its own and the terms added, so the multiplies run in
  // parallel rather than in one chain.
  std::uint64_t sum = 0;
  const int cells = cfg_->board->num_cells;
  for (int c = 0; c < cells; ++c) {
    const Stack& s = pos_.cells[static_cast<std::size_t>(c)];
    if (s.empty()) continue;
    const std::uint64_t term = (static_cast<std::uint64_t>(c) << 44) | shown(s);
    std::uint64_t m = (term + 0x9e3779b97f4a7c15ull) * 0xbf58476d1ce4e5b9ull;
    sum += m ^ (m >> 31);
  }
  const auto side = static_cast<std::int8_t>(side_);
  return digest_add(digest_words(kDigestBasis, &sum, sizeof sum), &side, 1);
}

}  // namespace scribe::engine::savoya
