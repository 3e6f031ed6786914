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
  out.clear();
  out += m.team == Team::kWhite ? 'w' : 'b';
  out += static_cast<char>('0' + m.jersey);
  switch (m.action) {
    case Action::kRun:
      out += 'r';
      out += direction_code(m.direction);
      break;
    case Action::kDribble:
      out += 'd';
      out += direction_code(m.direction);
      break;
    case Action::kKick:
      out += 'k';
      if (m.distance != 0) out += static_cast<char>('0' + m.distance);
      break;
  }
}

std::string move_text(const Move& m) {
  std::string out;
  write_move_text(m, out);
  return out;
}

}  // namespace scribe::notation::soccolot
