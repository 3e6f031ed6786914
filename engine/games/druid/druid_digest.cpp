// DruidState::position_digest: a digest of part of what the position text shows (each cell's
// height and the side to move), without writing the text.
#include "engine/core/digest.hpp"
#include "engine/games/druid/druid_state.hpp"

namespace scribe::engine::druid {

std::uint64_t DruidState::position_digest() const {
  // position_text writes every unit of every stack (so its height) and "-" or the side to move.
  // Stones are only ever added, so the heights alone tell almost every two positions apart.
  const auto cells = static_cast<std::size_t>(board().num_cells);
  const std::uint64_t h = digest_words(kDigestBasis, height_.data(), cells);
  const auto mover = static_cast<std::uint8_t>(over_ ? 0xFF : to_move_);
  return digest_add(h, &mover, 1);
}

}  // namespace scribe::engine::druid
