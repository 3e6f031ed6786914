#include "engine/core/generate.hpp"

namespace scribe::engine {

namespace {

// Appends the decimal digits of n (positive) to out.
void append_number(std::string& out, int n) {
  char digits[12];
  int k = 0;
  do {
    digits[k++] = static_cast<char>('0' + n % 10);
    n /= 10;
  } while (n > 0);
  while (k > 0) out += digits[--k];
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
    std::size_t item = decimal_digits(g.plies) + 2 + move.size();
    if (!roll.empty()) item += roll.size() + 3;
    const std::size_t line = g.movetext.size() - line_start;
    if (line > 0) {
      if (line + 1 + item > 80) {
        g.movetext += '\n';
        line_start = g.movetext.size();
      } else {
        g.movetext += ' ';
      }
    }
    append_number(g.movetext, g.plies);
    g.movetext += ". ";
    if (!roll.empty()) {
      g.movetext += '(';
      g.movetext += roll;
      g.movetext += ") ";
    }
    g.movetext += move;
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
