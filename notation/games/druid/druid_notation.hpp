// Druid move notation (spec games/druid.md §5): the parsed-move types and the parser entry.
//
// One ply is one token: `c3` (sarsen), `b2-b4` (lintel), `e` (druid step), `c3,a4` or
// `b2-b4,n` (placement, then a druid move), `swap`, `pass` or `--`. Everything is
// case-insensitive. This header is PEGTL-free; the grammar lives in druid_grammar.hpp and is
// instantiated only in druid_parser.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "notation/core/move_parse.hpp"

namespace scribe::notation::druid {

// A step direction as written in a token. The board decides which ones exist (§2).
enum class Direction : std::uint8_t { kN, kS, kE, kW, kNe, kNw, kSe, kSw };

// Returns the lower-case name of a direction ("n", "ne", ...).
std::string_view direction_name(Direction d);

// A well-formed cell name: column letter a..z (0..25) and row 1..99. It may still lie off the
// board; the engine decides.
struct CellName {
  int col = 0;  // 0 = column a
  int row = 1;  // 1-based
  friend bool operator==(const CellName&, const CellName&) = default;
};

// Returns the lower-case text of a cell name ("c3").
std::string cell_text(const CellName& c);

// Where a part of the token stands (character offsets inside the token).
struct TokenPart {
  std::uint32_t offset = 0;
  std::uint32_t length = 0;
};

// One parsed ply.
struct ParsedMove {
  enum class Kind : std::uint8_t { kPass, kSwap, kStep, kPlace };
  Kind kind = Kind::kPass;

  // kStep: the direction.
  Direction step = Direction::kN;

  // kPlace: a sarsen on `a`, or a lintel with ends `a` and `b` in the order written.
  bool lintel = false;
  CellName a, b;
  TokenPart a_part, b_part;  // where each cell stands in the token
  TokenPart placement_part;  // the whole placement (`c3` or `b2-b4`)

  // kPlace: an optional druid destination after the comma, a cell or a direction.
  bool has_destination = false;
  bool destination_is_cell = false;
  CellName destination_cell;
  Direction destination_dir = Direction::kN;
  TokenPart destination_part;
};

// What parse_druid_move() returns: the move, or the offset of the first character that no
// reading of the token accepts (error.offset; the engine words the message).
using ParseResult = MoveParse<ParsedMove>;

// Parses one ply token (the whole token must match).
ParseResult parse_druid_move(std::string_view token);

// Reads the two usual forms, a sarsen (c3) and a lintel with no druid move (b2-b4), without the
// grammar, into `m` (a ParsedMove as default-constructed): true with the move the grammar would
// give; false for any other token, leaving `m` partly written (parse_druid_move reads those).
// For the replay, which reads most plies into its own ParsedMove this way, with no copy.
bool read_plain_druid_move(std::string_view token, ParsedMove& m);

}  // namespace scribe::notation::druid
