#include "engine/core/generate.hpp"

namespace scribe::engine {

GeneratedGame play_random_game(const Variant& variant, Random& rng) {
  GeneratedGame g;
  std::unique_ptr<State> state = variant.initial_state();
  const int limit = variant.generate_ply_limit();
  std::string line;
  std::vector<double> weights;
  while (!state->result() && g.plies < limit) {
    std::string roll;
    const std::vector<ChanceOutcome> outcomes = state->chance_outcomes();
    if (!outcomes.empty()) {
      weights.clear();
      for (const auto& o : outcomes) weights.push_back(o.probability);
      roll = outcomes[rng.weighted(weights)].roll;
    }
    const std::string move = state->random_move(roll, rng);
    if (move.empty()) break;  // cannot happen in a game with a pass; stop cleanly anyway
    const RollText roll_text{roll};
    const PlyOutcome outcome = state->apply(move, roll.empty() ? nullptr : &roll_text, Mode::kStrict);
    if (!outcome.applied) break;  // a legal move that does not apply: the conformance test reports it
    ++g.plies;
    std::string item = std::to_string(g.plies) + ". ";
    if (!roll.empty()) item += "(" + roll + ") ";
    item += move;
    if (!line.empty() && line.size() + 1 + item.size() > 80) {
      g.movetext += line;
      g.movetext += '\n';
      line.clear();
    }
    if (!line.empty()) line += ' ';
    line += item;
  }
  if (!line.empty()) {
    g.movetext += line;
    g.movetext += '\n';
  }
  g.result = state->result().value_or("*");
  return g;
}

std::string format_generated_record(std::string_view game, const Variant& variant,
                                    const GeneratedGame& g, std::uint64_t seed, int count) {
  std::string out = "[Game \"";
  out += game;
  out += "\"]\n";
  const std::string options = variant.options_text();
  if (!options.empty()) out += "[Options \"" + options + "\"]\n";
  out += "[Result \"" + g.result + "\"]\n";
  out += "[Generator \"scribe generate --seed " + std::to_string(seed) + " --count " +
         std::to_string(count) + "\"]\n\n";
  out += g.movetext;
  out += '\n';
  return out;
}

}  // namespace scribe::engine
