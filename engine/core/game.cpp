#include "engine/core/game.hpp"

#include "engine/core/digest.hpp"
#include "engine/core/kit.hpp"

namespace scribe::engine {

Finding finding_at(std::string code, std::string message, Anchor anchor, std::uint32_t offset,
                   std::uint32_t length, Severity severity) {
  Finding f;
  f.severity = severity;
  f.code = std::move(code);
  f.message = std::move(message);
  f.anchor = anchor;
  f.offset = offset;
  f.length = length;
  return f;
}

Finding token_error(std::string code, std::string message) {
  return finding_at(std::move(code), std::move(message), Anchor::kToken);
}

Finding token_error(std::string code, std::string message, std::uint32_t offset,
                    std::uint32_t length) {
  return finding_at(std::move(code), std::move(message), Anchor::kToken, offset, length);
}

Finding token_warning(std::string code, std::string message) {
  return finding_at(std::move(code), std::move(message), Anchor::kToken, 0, 0, Severity::kWarning);
}

PositionResult position_error(std::string reason) { return {nullptr, std::move(reason)}; }

std::string game_over_message(int ply, std::string_view result) {
  return "the game ended at ply " + std::to_string(ply) + " (" + std::string(result) +
         "); no further moves";
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

bool relaxed_in_lenient(Finding f, Mode mode, PlyOutcome& out) {
  const bool lenient = mode == Mode::kLenient;
  if (lenient) f.severity = Severity::kWarning;
  out.findings.push_back(std::move(f));
  return lenient;
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

bool State::play_random(Random& rng, std::string& roll, std::string& move) {
  roll.clear();
  const std::vector<ChanceOutcome> outcomes = chance_outcomes();
  if (!outcomes.empty()) {
    std::vector<double> weights;
    weights.reserve(outcomes.size());
    for (const auto& o : outcomes) weights.push_back(o.probability);
    roll = outcomes[rng.weighted(weights)].roll;
  }
  move = random_move(roll, rng);
  if (move.empty()) return false;
  const RollText roll_text{roll};
  return apply(move, roll.empty() ? nullptr : &roll_text, Mode::kStrict).applied;
}

std::uint64_t State::position_digest() const { return digest_bytes(position_text()); }

PlyOutcome State::apply_canonical(std::string_view token, const RollText* roll, Mode mode,
                                  std::string& canonical) {
  std::optional<std::string> text = canonical_move(token);
  PlyOutcome out = apply(token, roll, mode);
  if (out.applied) canonical = std::move(text).value_or(std::string(token));
  return out;
}

}  // namespace scribe::engine
