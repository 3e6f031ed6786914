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

#include <array>
#include <cstddef>
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

// The written components of a ply in order. The first four (every ply that can pass the count
// check) are kept in place and only a longer ply uses the heap, so reading a usual ply allocates
// nothing.
class ComponentList {
 public:
  void push_back(const Component& c) {
    if (n_ < kInPlace) {
      in_place_[n_++] = c;
      return;
    }
    if (n_ == kInPlace) spilled_.assign(in_place_.begin(), in_place_.end());
    spilled_.push_back(c);
    ++n_;
  }
  std::size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  const Component* begin() const { return n_ > kInPlace ? spilled_.data() : in_place_.data(); }
  const Component* end() const { return begin() + n_; }
  const Component& operator[](std::size_t i) const { return begin()[i]; }

 private:
  static constexpr std::size_t kInPlace = 4;
  std::array<Component, kInPlace> in_place_{};
  std::vector<Component> spilled_;  // all of them once there are more than kInPlace
  std::size_t n_ = 0;
};

// A parsed ply: `pass`, or the written components in order (counts not expanded).
struct Move {
  bool pass = false;
  ComponentList components;
};

// What parse_savoya_move() returns: the move, or where the token stops matching the grammar
// and what was expected there (error.message, from the grammar's error table).
using ParseResult = MoveParse<Move>;

// Parses one ply token.
ParseResult parse_savoya_move(std::string_view token);

namespace detail {

// Reads a cell (a column letter, a row 1..99 without a leading zero, the longest such) at `p`
// as the grammar's from_cell and to_cell do; advances `p` past it. False when none starts there.
inline bool read_plain_cell(const char*& p, const char* end, const char* base, CellRef& cell) {
  if (end - p < 2) return false;
  const char col = p[0];
  const char first = p[1];
  if (first < '1' || first > '9') return false;
  if (col >= 'a' && col <= 'z') {
    cell.column = static_cast<std::uint8_t>(col - 'a');
  } else if (col >= 'A' && col <= 'Z') {
    cell.column = static_cast<std::uint8_t>(col - 'A');
  } else {
    return false;
  }
  // A second row digit, taken without a branch (one or two digits come in no pattern).
  const int second = end - p > 2 ? p[2] - '0' : -1;
  const bool two = second >= 0 && second <= 9;
  const int row = two ? (first - '0') * 10 + second : first - '0';
  const std::uint32_t length = two ? 3 : 2;
  cell.row = static_cast<std::uint8_t>(row);
  cell.offset = static_cast<std::uint32_t>(p - base);
  cell.length = length;
  p += length;
  return true;
}

}  // namespace detail

// Reads the usual token, a play of components `[N x] from-to` joined by commas, by hand, exactly
// as the grammar reads it, calling on_component(const Component&) for each in order (it returns
// false to give up). Returns false for any other token (`pass`, every syntax error: the grammar
// then reads it and words the error) or when on_component gave up.
template <typename OnComponent>
bool scan_plain_play(std::string_view token, OnComponent&& on_component) {
  const char* const base = token.data();
  const char* const end = base + token.size();
  const char* p = base;
  for (;;) {
    Component c;
    const char* const start = p;
    if (end - p >= 2 && p[0] >= '1' && p[0] <= '9' && (p[1] == 'x' || p[1] == 'X')) {
      c.count = static_cast<std::uint8_t>(p[0] - '0');
      p += 2;
    }
    if (!detail::read_plain_cell(p, end, base, c.from) || p == end || *p != '-') return false;
    ++p;
    if (!detail::read_plain_cell(p, end, base, c.to)) return false;
    c.offset = static_cast<std::uint32_t>(start - base);
    c.length = static_cast<std::uint32_t>(p - start);
    if (p != end && *p != ',') return false;
    if (!on_component(c)) return false;
    if (p == end) return true;
    ++p;
  }
}

// scan_plain_play into `move` (which must be empty; to be thrown away when false is returned).
bool read_plain_play(std::string_view token, Move& move);

// Returns the cell text of `cell` in lower case, e.g. "g10".
std::string cell_text(const CellRef& cell);

// Returns the canonical text of a parsed move (savoya.md §5): lower case, components in written
// order with their counts expanded and consecutive identical components merged as `Nx` (N <= 9
// per group), `pass` for a pass.
std::string canonical_text(const Move& move);

}  // namespace scribe::notation::savoya
