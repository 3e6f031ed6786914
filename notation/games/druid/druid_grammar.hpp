// PEGTL grammar of one Druid ply token (spec games/druid.md §5). Rules only; the actions and
// the one parse<> instantiation are in druid_parser.cpp. Every rule is case-insensitive, and
// every terminal matches a single character, so that the parser can report the first character
// that no reading of the token accepts.
#pragma once

#include <tao/pegtl.hpp>

namespace scribe::notation::druid::grammar {

namespace pegtl = tao::pegtl;

// clang-format off

// Matches the single character C in either case.
template <char C> struct ch : pegtl::istring<C> {};
// Matches a column letter a..z in either case.
struct column : pegtl::ranges<'a', 'z', 'A', 'Z'> {};
// Matches the first digit of a row, 1..9.
struct nonzero_digit : pegtl::range<'1', '9'> {};
// Matches the optional second digit of a row, 0..9.
struct second_digit : pegtl::digit {};
// Matches a row number 1..99 without a leading zero.
struct row : pegtl::seq<nonzero_digit, pegtl::opt<second_digit>> {};
// Matches a cell: its column letter followed by its row number (c3, j10).
struct cell : pegtl::seq<column, row> {};
// Matches the hyphen between the two ends of a lintel.
struct dash : pegtl::one<'-'> {};
// Matches the comma between a placement and the druid's destination.
struct comma : pegtl::one<','> {};
// Matches the end of the token.
struct end : pegtl::eof {};

// Matches the direction north-east.
struct dir_ne : pegtl::seq<ch<'n'>, ch<'e'>> {};
// Matches the direction north-west.
struct dir_nw : pegtl::seq<ch<'n'>, ch<'w'>> {};
// Matches the direction south-east.
struct dir_se : pegtl::seq<ch<'s'>, ch<'e'>> {};
// Matches the direction south-west.
struct dir_sw : pegtl::seq<ch<'s'>, ch<'w'>> {};
// Matches the direction north.
struct dir_n : ch<'n'> {};
// Matches the direction south.
struct dir_s : ch<'s'> {};
// Matches the direction east.
struct dir_e : ch<'e'> {};
// Matches the direction west.
struct dir_w : ch<'w'> {};
// Matches one of the eight direction names, two-letter names first.
struct direction : pegtl::sor<dir_ne, dir_nw, dir_se, dir_sw, dir_n, dir_s, dir_e, dir_w> {};

// Matches a lintel: its two end cells joined by a hyphen (b2-b4).
struct lintel : pegtl::seq<cell, dash, cell> {};
// Matches a sarsen: one cell (c3).
struct sarsen : pegtl::seq<cell> {};
// Matches a placement: a lintel or a sarsen.
struct placement : pegtl::sor<lintel, sarsen> {};
// Matches the druid's destination after a placement: a cell or a direction.
struct destination : pegtl::sor<cell, direction> {};

// Matches a whole pass token: "pass".
struct pass_word : pegtl::seq<ch<'p'>, ch<'a'>, ch<'s'>, ch<'s'>> {};
// Matches a whole pass token written "--".
struct pass_dashes : pegtl::seq<dash, dash> {};
// Matches a whole token that passes.
struct pass_ply : pegtl::seq<pegtl::sor<pass_word, pass_dashes>, end> {};
// Matches a whole token that swaps: "swap".
struct swap_ply : pegtl::seq<ch<'s'>, ch<'w'>, ch<'a'>, ch<'p'>, end> {};
// Matches a whole token that moves the druid one step (e).
struct step_ply : pegtl::seq<direction, end> {};
// Matches a whole token that places a stone, optionally followed by a druid move (c3,a4).
struct place_ply : pegtl::seq<placement, pegtl::opt<comma, destination>, end> {};
// Matches one ply token, trying the alternatives in the order of the spec.
struct ply : pegtl::sor<pass_ply, swap_ply, step_ply, place_ply> {};

// clang-format on

}  // namespace scribe::notation::druid::grammar
