// Random legal records for corpora, benchmarks and fuzzing (cli.md, "generate").
#pragma once

#include <cstdint>
#include <string>

#include "engine/core/game.hpp"
#include "engine/core/random.hpp"

namespace scribe::engine {

// One randomly played game.
struct GeneratedGame {
  std::string movetext;  // "1. c3 2. d4 ..." with rolls, wrapped at about 80 columns
  std::string result;    // the result reached, or "*"
  int plies = 0;
};

// Plays one game of `variant` from its start with uniformly random legal plies (rolls drawn from
// chance_outcomes()), until it ends or reaches generate_ply_limit().
GeneratedGame play_random_game(const Variant& variant, Random& rng);

// Writes one whole record: tags Game, Options (when not empty), Result, Generator, then the
// movetext and a blank line.
std::string format_generated_record(std::string_view game, const Variant& variant,
                                    const GeneratedGame& g, std::uint64_t seed, int count);

}  // namespace scribe::engine
