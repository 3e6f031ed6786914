// PEGTL rules of the Soccolot move notation (spec games/soccolot.md §4). Include only from
// soccolot_parser.cpp. Every terminal reads one character (or the end), so the furthest place
// where a terminal failed is the first character that no reading of the token accepts.
#pragma once

#include <tao/pegtl.hpp>

namespace scribe::notation::soccolot::grammar {

namespace pegtl = tao::pegtl;

// clang-format off
// A team letter: w (White) or b (Black), either case.
struct team : pegtl::one<'w', 'W', 'b', 'B'> {};
// A jersey number: one digit 1 to 6.
struct jersey : pegtl::range<'1', '6'> {};
// The run or dribble letter: r or d, either case.
struct step_letter : pegtl::one<'r', 'R', 'd', 'D'> {};
// The kick letter: k, either case.
struct kick_letter : pegtl::one<'k', 'K'> {};
// The first letter of a direction that starts with n or s.
struct north_south : pegtl::one<'n', 'N', 's', 'S'> {};
// The second letter of a diagonal direction (ne, nw, se, sw), or a lone e or w.
struct east_west : pegtl::one<'e', 'E', 'w', 'W'> {};
// A compass direction: n or s optionally followed by e or w, or a lone e or w.
struct direction : pegtl::sor<pegtl::seq<north_south, pegtl::opt<east_west>>, east_west> {};
// A kick distance: one digit 1 to 8.
struct distance : pegtl::range<'1', '8'> {};
// The end of the token right after k: a kick whose distance is missing.
struct missing_distance : pegtl::eof {};
// A run or a dribble: its letter and a direction.
struct step : pegtl::seq<step_letter, direction> {};
// A kick: k and a distance (or nothing, reported as a missing distance).
struct kick : pegtl::seq<kick_letter, pegtl::sor<distance, missing_distance>> {};
// The action after the jersey: a run, a dribble or a kick.
struct action : pegtl::sor<step, kick> {};
// A whole ply: an optional team letter, the jersey, the action, and nothing after it.
struct ply : pegtl::seq<pegtl::opt<team>, jersey, action, pegtl::eof> {};
// clang-format on

}  // namespace scribe::notation::soccolot::grammar
