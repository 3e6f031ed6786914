// The hand reading of Sava ply tokens that the grammar accepts (sava.md 4.2), tried before the
// PEGTL grammar: internal to notation/games/sava.
#pragma once

#include <string_view>

#include "notation/games/sava/sava_notation.hpp"

namespace scribe::notation::sava {

// Reads `token` as parse_sava_move's grammar reads it (the Champion reading of rule 3 first,
// then the main grammar) and fills `move` with the same parts. Returns false, leaving the token
// to the grammar, whenever it is not sure of that: a token the grammar rejects, a space lexeme
// that names no space, a Hub lexeme, a non-ASCII character. Never wrong when it returns true.
bool read_plain_sava_move(std::string_view token, const SpaceResolver& resolver, ParsedMove& move);

}  // namespace scribe::notation::sava
