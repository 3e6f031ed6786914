// Names and canonical text of Soccolot moves (no PEGTL here).
#include "notation/games/soccolot/soccolot_notation.hpp"

namespace scribe::notation::soccolot {

namespace {

constexpr std::string_view kCodes[kDirectionCount] = {"n", "s", "e", "w", "ne", "nw", "se", "sw"};
constexpr std::string_view kNames[kDirectionCount] = {
    "north", "south", "east", "west", "north-east", "north-west", "south-east", "south-west"};

}  // namespace

std::string_view direction_code(Direction d) { return kCodes[static_cast<int>(d)]; }

std::string_view direction_name(Direction d) { return kNames[static_cast<int>(d)]; }

void write_move_text(const Move& m, std::string& out) {
  // Sized first and written in place: dedup and normalize write every ply's text, and appending
  // byte by byte checked the string's room at each byte.
  const bool kick = m.action == Action::kKick;
  const std::string_view code = kick ? std::string_view() : direction_code(m.direction);
  const std::size_t size = 3 + code.size() + (kick && m.distance != 0 ? 1 : 0);
  out.resize(size);
  char* p = out.data();
  *p++ = m.team == Team::kWhite ? 'w' : 'b';
  *p++ = static_cast<char>('0' + m.jersey);
  *p++ = kick ? 'k' : m.action == Action::kRun ? 'r' : 'd';
  for (const char c : code) *p++ = c;  // one or two letters
  if (kick && m.distance != 0) *p = static_cast<char>('0' + m.distance);
}

std::string move_text(const Move& m) {
  std::string out;
  write_move_text(m, out);
  return out;
}

}  // namespace scribe::notation::soccolot
