// SoccolotState::position_digest: a digest of what the position text shows (the square of each
// piece and the side to move), without writing the text.
#include "engine/core/digest.hpp"
#include "engine/games/soccolot/soccolot_state.hpp"

namespace scribe::engine::soccolot {

std::uint64_t SoccolotState::position_digest() const {
  // print_position writes each piece's square in piece order, then "-" after a goal or the side.
  const std::uint64_t h = digest_words(kDigestBasis, pos_.at.data(), pos_.at.size());
  const bool scored = pos_.status == Status::kBlackScored || pos_.status == Status::kWhiteScored;
  const auto side = static_cast<std::uint8_t>(scored ? 0xFF : static_cast<int>(pos_.side));
  return digest_add(h, &side, 1);
}

}  // namespace scribe::engine::soccolot
