#include "engine/core/game.hpp"

#include "engine/core/digest.hpp"

namespace scribe::engine {

Finding token_error(std::string code, std::string message) {
  Finding f;
  f.severity = Severity::kError;
  f.code = std::move(code);
  f.message = std::move(message);
  f.anchor = Anchor::kToken;
  return f;
}

Finding tag_finding(Severity severity, std::string code, std::string message, std::string tag) {
  Finding f;
  f.severity = severity;
  f.code = std::move(code);
  f.message = std::move(message);
  f.anchor = Anchor::kTag;
  f.tag = std::move(tag);
  return f;
}

std::string listing_text(const std::vector<MoveSection>& listing) {
  std::string out;
  for (const MoveSection& section : listing) {
    if (!section.title.empty()) out += section.title + '\n';
    for (const auto& m : section.moves) {
      out += m;
      out += '\n';
    }
  }
  return out;
}

std::vector<MoveSection> State::move_listing(std::string_view roll) const {
  std::vector<MoveSection> out(1);
  out[0].moves = legal_moves(roll);
  return out;
}

std::string State::random_move(std::string_view roll, Random& rng) const {
  std::vector<std::string> moves = legal_moves(roll);
  if (moves.empty()) return {};
  return std::move(moves[rng.below(moves.size())]);
}

std::uint64_t State::position_digest() const { return digest_bytes(position_text()); }

Finding State::dangling_roll_finding(std::string_view roll) const {
  Finding f = token_error("record.bad-token", "roll (" + std::string(roll) + ") has no ply after it");
  f.anchor = Anchor::kStrayRoll;
  return f;
}

}  // namespace scribe::engine
