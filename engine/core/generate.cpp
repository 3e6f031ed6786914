#include "engine/core/generate.hpp"

#include <algorithm>

namespace scribe::engine {

namespace {

// Writes the `digits` decimal digits of n (positive) at `at`; returns the end.
char* write_number(char* at, int n, std::size_t digits) {
  char* end = at + digits;
  for (char* p = end; p != at; n /= 10) *--p = static_cast<char>('0' + n % 10);
  return end;
}

// The number of decimal digits of n (positive).
std::size_t decimal_digits(int n) {
  std::size_t k = 1;
  while (n >= 10) {
    n /= 10;
    ++k;
  }
  return k;
}

}  // namespace

GeneratedGame play_random_game(const Variant& variant, Random& rng) {
  GeneratedGame g;
  std::unique_ptr<State> state = variant.initial_state();
  const int limit = variant.generate_ply_limit();
  // The movetext is written straight into g.movetext; `line_start` is where its last line
  // begins, so a new item starts a line when it would pass 80 columns.
  std::string roll, move;
  std::size_t line_start = 0;
  while (g.plies < limit && !state->result()) {
    if (!state->play_random(rng, roll, move)) break;  // no ply (cannot happen with a pass)
    ++g.plies;
    // The item ("N. (roll) move") and the space or line break before it are written through a
    // pointer into the movetext, grown once per ply, not appended a piece at a time.
    const std::size_t digits = decimal_digits(g.plies);
    std::size_t item = digits + 2 + move.size();
    if (!roll.empty()) item += roll.size() + 3;
    const std::size_t at = g.movetext.size();
    const std::size_t line = at - line_start;
    const bool sep = line > 0;
    const bool new_line = sep && line + 1 + item > 80;
    g.movetext.resize(at + (sep ? 1 : 0) + item);
    char* p = g.movetext.data() + at;
    if (sep) *p++ = new_line ? '\n' : ' ';
    if (new_line) line_start = at + 1;
    p = write_number(p, g.plies, digits);
    *p++ = '.';
    *p++ = ' ';
    if (!roll.empty()) {
      *p++ = '(';
      p = std::copy(roll.begin(), roll.end(), p);
      *p++ = ')';
      *p++ = ' ';
    }
    std::copy(move.begin(), move.end(), p);
  }
  if (g.movetext.size() > line_start) g.movetext += '\n';
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
