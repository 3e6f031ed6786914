// Soccolot move notation (spec games/soccolot.md §4): `[team] jersey action`, e.g. `w2dne`,
// `3k5`, `b5rs`. Case-insensitive. This header is PEGTL-free; the grammar lives in
// soccolot_grammar.hpp and is instantiated only in soccolot_parser.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "notation/core/move_parse.hpp"

namespace scribe::notation::soccolot {

// The team letter written before the jersey number, if any.
enum class Team : std::uint8_t { kNone, kBlack, kWhite };

// What the man does: run one step, dribble one step with the ball, or kick the ball.
enum class Action : std::uint8_t { kRun, kDribble, kKick };

// The eight compass directions, in the canonical order of §10 (n, s, e, w, ne, nw, se, sw).
enum class Direction : std::uint8_t { kN, kS, kE, kW, kNE, kNW, kSE, kSW };

// Number of directions.
inline constexpr int kDirectionCount = 8;

// One parsed ply. `direction` is meaningful for runs and dribbles, `distance` (1-8) for kicks;
// a kick whose distance is missing has distance 0.
struct Move {
  Team team = Team::kNone;
  std::uint8_t jersey = 1;  // 1..6
  Action action = Action::kRun;
  Direction direction = Direction::kN;
  std::uint8_t distance = 0;

  friend bool operator==(const Move&, const Move&) = default;
};

// Returns whether `m` is a kick written without its distance (`b3k`): the token reads, and
// the engine reports soccolot.kick-distance-missing (or repairs it, lenient).
constexpr bool kick_distance_missing(const Move& m) {
  return m.action == Action::kKick && m.distance == 0;
}

// The result of reading one token: the move (a kick may lack its distance), or the 0-based
// character index of the first character that no reading accepts (error.offset; the token
// length when it ends too early).
using ParseResult = MoveParse<Move>;

// Reads one move token. Never throws.
ParseResult parse_soccolot_move(std::string_view text);
// parse_soccolot_move() with the grammar alone, without read_plain_soccolot_move() first (for
// the test that holds the two readings equal).
ParseResult parse_soccolot_move_in_full(std::string_view text);

// Reads a well-formed token by hand, as parse_soccolot_move() would (the replay's fast path:
// no ParseResult to build); false for a token it rejects, whose error parse_soccolot_move()
// then finds. `m` must be default-constructed; after false it may hold part of the token.
// Inline, as the replay reads every ply through it.
inline bool read_plain_soccolot_move(std::string_view text, Move& m) {
  // A byte | 0x20 equals a lower-case letter exactly when the byte is that letter in either
  // case; digits keep their value.
  const auto lower = [](char c) { return static_cast<char>(c | 0x20); };
  const char* p = text.data();
  const char* const end = p + text.size();
  if (p == end) return false;
  if (const char t = lower(*p); t == 'w' || t == 'b') {
    m.team = t == 'w' ? Team::kWhite : Team::kBlack;
    ++p;
  }
  if (end - p < 2) return false;  // the jersey and the action letter
  const auto jersey = static_cast<unsigned>(p[0] - '1');
  if (jersey > 5) return false;
  m.jersey = static_cast<std::uint8_t>(jersey + 1);
  const char a = lower(p[1]);
  p += 2;
  if (a == 'k') {
    m.action = Action::kKick;
    if (p == end) return true;  // the distance is missing: the engine reports or repairs it
    const auto distance = static_cast<unsigned>(p[0] - '1');
    if (distance > 7 || end - p != 1) return false;
    m.distance = static_cast<std::uint8_t>(distance + 1);
    return true;
  }
  if (a != 'r' && a != 'd') return false;
  m.action = a == 'r' ? Action::kRun : Action::kDribble;
  if (p == end) return false;
  const char d0 = lower(p[0]);
  if (end - p == 1) {
    if (d0 == 'n' || d0 == 's') {
      m.direction = d0 == 'n' ? Direction::kN : Direction::kS;
      return true;
    }
    if (d0 != 'e' && d0 != 'w') return false;
    m.direction = d0 == 'e' ? Direction::kE : Direction::kW;
    return true;
  }
  if (end - p != 2 || (d0 != 'n' && d0 != 's')) return false;
  const char d1 = lower(p[1]);
  if (d1 != 'e' && d1 != 'w') return false;
  m.direction = d0 == 'n' ? (d1 == 'e' ? Direction::kNE : Direction::kNW)
                          : (d1 == 'e' ? Direction::kSE : Direction::kSW);
  return true;
}

// Returns the compass word of a direction as written in moves ("ne").
std::string_view direction_code(Direction d);
// Returns the direction's name as used in messages ("north-east").
std::string_view direction_name(Direction d);

// Writes a move in canonical text: lower case, with the team letter (which must not be kNone),
// e.g. "b3rs", "w1dne", "b3k4". parse_soccolot_move(move_text(m)).move == m.
std::string move_text(const Move& m);
// move_text() written into `out` (replacing what it held), which keeps its buffer.
void write_move_text(const Move& m, std::string& out);

}  // namespace scribe::notation::soccolot
