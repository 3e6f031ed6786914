// Savoya / Savoy move notation (savoya.md §5): the parsed-move types and the parser entry point.
//
//   ply        = pass | play ;
//   play       = component { "," component } ;
//   component  = [ count "x" ] cell "-" cell ;        e.g. 3xg10-j10,e6-b6
//
// The notation is case-insensitive. This header is PEGTL-free: the grammar lives in
// savoya_grammar.hpp and is used only by savoya_parser.cpp. The parser knows no board: cells are
// read as a column letter a..z and a row 1..99; whether a cell exists is the engine's check
// (savoya.not-a-cell).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "notation/core/move_parse.hpp"

namespace scribe::notation::savoya {

// A cell as written: column 0..25 (a..z), row 1..99, and where it stands in the token.
struct CellRef {
  std::uint8_t column = 0;
  std::uint8_t row = 0;
  std::uint32_t offset = 0;  // characters from the start of the token
  std::uint32_t length = 0;  // characters of the cell text
};

// One written component `[N x] from-to`, with its place in the token (count prefix included).
struct Component {
  std::uint8_t count = 1;  // N of `Nx`, 1 when absent
  CellRef from;
  CellRef to;
  std::uint32_t offset = 0;
  std::uint32_t length = 0;
};

// A parsed ply: `pass`, or the written components in order (counts not expanded).
struct Move {
  bool pass = false;
  std::vector<Component> components;
};

// What parse_savoya_move() returns: the move, or where the token stops matching the grammar
// and what was expected there (error.message, from the grammar's error table).
using ParseResult = MoveParse<Move>;

// Parses one ply token.
ParseResult parse_savoya_move(std::string_view token);

// Returns the cell text of `cell` in lower case, e.g. "g10".
std::string cell_text(const CellRef& cell);

// Returns the canonical text of a parsed move (savoya.md §5): lower case, components in written
// order with their counts expanded and consecutive identical components merged as `Nx` (N <= 9
// per group), `pass` for a pass.
std::string canonical_text(const Move& move);

}  // namespace scribe::notation::savoya
