// SavaState::position_digest: a digest of what the position text shows first (the cells and
// the side to move), without writing the text.
#include "engine/core/digest.hpp"
#include "engine/games/sava/sava_state.hpp"

namespace scribe::engine::sava {

std::uint64_t SavaState::position_digest() const {
  // print_position writes every occupied cell (cell_text is one-to-one) and "-" or the side.
  std::uint64_t h = digest_words(kDigestBasis, pos_.cell.data(), pos_.cell.size());
  const std::uint8_t side = pos_.over ? 0xFF : pos_.to_move;
  return digest_add(h, &side, 1);
}

}  // namespace scribe::engine::sava
