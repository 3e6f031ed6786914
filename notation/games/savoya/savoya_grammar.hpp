// PEGTL grammar of the Savoya move notation (savoya.md §5). Include only from savoya_parser.cpp.
//
// Every alternative commits after its first character, so a `must<>` failure always points at
// the first character that no reading of the token accepts (record-format.md, "Diagnostics").
#pragma once

#include <tao/pegtl.hpp>

namespace scribe::notation::savoya::grammar {

namespace pegtl = tao::pegtl;

// clang-format off

// A column letter a..z in either case.
struct column : pegtl::ranges<'a', 'z', 'A', 'Z'> {};
// The first digit of a row: 1..9 (rows have no leading zero).
struct row_first : pegtl::range<'1', '9'> {};
// The optional second digit of a row.
struct row_second : pegtl::digit {};
// A row number 1..99.
struct row : pegtl::seq<row_first, pegtl::opt<row_second>> {};
// The cell a component starts from: a column letter, then its row.
struct from_cell : pegtl::seq<column, pegtl::must<row>> {};
// The cell a component ends on.
struct to_cell : pegtl::seq<column, pegtl::must<row>> {};
// The hyphen between the two cells.
struct dash : pegtl::one<'-'> {};
// The repeat count of `Nx`: one digit 1..9.
struct count : pegtl::range<'1', '9'> {};
// The `x` after a count, in either case.
struct times : pegtl::one<'x', 'X'> {};
// An optional `Nx` prefix: once a count digit is read, the `x` must follow.
struct counted : pegtl::seq<count, pegtl::must<times>> {};
// One component: optional count, from-cell, hyphen, to-cell.
struct component : pegtl::seq<pegtl::opt<counted>, pegtl::must<from_cell>, pegtl::must<dash>, pegtl::must<to_cell>> {};
// The comma between components.
struct comma : pegtl::one<','> {};
// The end of the token.
struct end : pegtl::eof {};
// A play: components separated by commas, up to the end of the token.
struct play : pegtl::seq<component, pegtl::star<comma, pegtl::must<component>>, pegtl::must<end>> {};
// The letters s of `pass`, in either case.
struct letter_s : pegtl::one<'s', 'S'> {};
// `pass` in any case: once `pa` is read (no cell starts so), the rest must follow.
struct pass : pegtl::seq<pegtl::one<'p', 'P'>, pegtl::one<'a', 'A'>, pegtl::must<letter_s>, pegtl::must<letter_s>, pegtl::must<end>> {};
// A whole ply token.
struct ply : pegtl::sor<pass, play> {};

// clang-format on

}  // namespace scribe::notation::savoya::grammar
