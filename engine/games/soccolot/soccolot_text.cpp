// Soccolot position text (§9: print, read, validity, the digest of what it shows) and the text
// board of §10.
#include <vector>

#include "engine/core/digest.hpp"
#include "engine/core/names.hpp"
#include "engine/games/soccolot/soccolot_state.hpp"

namespace scribe::engine::soccolot {

namespace {

// Reads a square "e5" with rank 0..9; returns -1 when it is not one.
int read_square(std::string_view s) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '0' || s[1] > '9') return -1;
  return square_of(s[0] - 'a', s[1] - '0');
}

// Reads the six men of one side ("g1,f1,e1,d1,c1,b1") into pos->at; returns the reason or "".
std::string read_men(std::string_view field, Side side, Position* pos) {
  const char letter = side == Side::kBlack ? 'B' : 'W';
  const std::string name(side_name(side));
  if (field.size() < 2 || field[0] != letter || field[1] != '=')
    return std::string("expected ") + letter + "= and the squares of " + name +
           "'s men 1-6, e.g. " + letter + "=g1,f1,e1,d1,c1,b1";
  const auto squares = split(field.substr(2), ',');
  if (squares.size() != 6)
    return std::string(1, letter) + "= must list 6 squares (jerseys 1-6), separated by " +
           "commas; found " + std::to_string(squares.size());
  for (int j = 1; j <= 6; ++j) {
    const std::string_view s = squares[static_cast<std::size_t>(j - 1)];
    const int sq = read_square(s);
    if (sq < 0)
      return "'" + std::string(s) + "' (" + name + " " + std::to_string(j) +
             ") is not a square: expected a file a-h and a rank 1-8";
    if (!on_field(sq))
      return name + " " + std::to_string(j) + " on " + std::string(s) + ": men stand on ranks 1-8";
    pos->at[static_cast<std::size_t>(piece_of(side, j))] = static_cast<std::uint8_t>(sq);
  }
  return {};
}

// Rule 3: a ball in a goal (or on a back row with -goal=backrow) goes with the side '-', and
// only such a ball; with -goal=backrow no ball stands on a goal square. Returns the reason or "".
std::string check_ball_and_side(const Rules& rules, int ball, bool goal) {
  const std::string ball_name = square_name(ball);
  const int r = rank_of(ball);
  if (rules.goal == GoalRule::kBeyond) {
    const bool in_goal = r == 0 || r == 9;
    if (in_goal && !goal)
      return "the ball on " + ball_name + " is in a goal, so the side to move must be '-'";
    if (!in_goal && goal)
      return "side '-' means a goal was scored, but the ball on " + ball_name +
             " is not in a goal (rank 0 or 9)";
    return {};
  }
  if (r == 0 || r == 9)
    return "with -goal=backrow there are no goal squares: the ball cannot stand on " + ball_name;
  const bool on_back_row = r == 1 || r == 8;
  if (on_back_row && !goal)
    return "with -goal=backrow the ball on " + ball_name +
           " is a goal, so the side to move must be '-'";
  if (!on_back_row && goal)
    return "side '-' means a goal was scored, but with -goal=backrow the ball on " + ball_name +
           " is not on a back row (rank 1 or 8)";
  return {};
}

}  // namespace

std::string print_position(const Position& pos) {
  std::string out;
  out.reserve(64);
  out += "soccolot B=";
  for (int i = 0; i < kPieceCount; ++i) {
    if (i == 6) out += " W=";
    if (i == kBall) out += " O=";
    if (i != 0 && i != 6 && i != kBall) out += ',';
    out += square_name(pos.at[static_cast<std::size_t>(i)]);
  }
  out += ' ';
  if (pos.status == Status::kBlackScored || pos.status == Status::kWhiteScored)
    out += '-';
  else
    out += side_name(pos.side);
  return out;
}

bool parse_position_text(std::string_view text, const Rules& rules, Position* out,
                         std::string* error) {
  auto fail = [error](std::string why) {
    *error = std::move(why);
    return false;
  };
  const auto fields = split(text, ' ');
  if (fields.size() != 5)
    return fail("expected five fields separated by single spaces: soccolot B=... W=... O=... SIDE");
  if (fields[0] != "soccolot") return fail("the position text must start with 'soccolot'");
  Position pos;
  std::string why = read_men(fields[1], Side::kBlack, &pos);
  if (why.empty()) why = read_men(fields[2], Side::kWhite, &pos);
  if (!why.empty()) return fail(std::move(why));
  const std::string_view ball_field = fields[3];
  const int ball = ball_field.size() == 4 && ball_field.substr(0, 2) == "O="
                       ? read_square(ball_field.substr(2))
                       : -1;
  if (ball < 0)
    return fail(
        "expected O= and the ball's square (file a-h, rank 1-8, or 0 and 9 in a goal), e.g. O=e5");
  pos.at[kBall] = static_cast<std::uint8_t>(ball);
  const std::string_view side = fields[4];
  bool goal = false;
  if (side == "Black")
    pos.side = Side::kBlack;
  else if (side == "White")
    pos.side = Side::kWhite;
  else if (side == "-")
    goal = true;
  else
    return fail("the side to move must be Black, White or - (after a goal), not '" +
                std::string(side) + "'");
  // Rule 1: thirteen different squares.
  for (int i = 0; i < kPieceCount; ++i)
    for (int k = i + 1; k < kPieceCount; ++k)
      if (pos.at[static_cast<std::size_t>(i)] == pos.at[static_cast<std::size_t>(k)])
        return fail(square_name(pos.at[static_cast<std::size_t>(i)]) +
                    " holds two pieces: " + piece_name(i) + " and " + piece_name(k));
  // Rule 3: the ball and the side.
  if (why = check_ball_and_side(rules, ball, goal); !why.empty()) return fail(std::move(why));
  pos.place_all();
  pos.status = pos.goal_status(rules);
  if (goal) {
    // The side that would move next is the side that conceded.
    pos.side = pos.status == Status::kBlackScored ? Side::kWhite : Side::kBlack;
  } else if (!pos.has_legal_move(rules, pos.side)) {
    pos.status = Status::kNoMove;  // rule 4: valid, and the game is already over
  }
  *out = pos;
  return true;
}

std::string draw_text_board(const Position& pos, const Config& config) {
  const std::string p1 = config.player1.empty() ? "player1" : config.player1;
  const std::string p2 = config.player2.empty() ? "player2" : config.player2;
  // The two characters of a square: a man, the ball or blanks.
  auto cell = [&](int sq) -> std::string {
    const int piece = pos.piece_on(sq);
    if (piece < 0) return "  ";
    if (piece == kBall) return "SB";
    return std::string(1, piece < 6 ? 'B' : 'W') + static_cast<char>('1' + piece % 6);
  };
  // A goal box's middle line: G O A L, or the ball at its file.
  auto goal_line = [&](int rank, const std::string& label) {
    std::string line = "    |";
    if (rank_of(pos.ball()) == rank) {
      for (int f = 0; f < kFiles; ++f) line += cell(square_of(f, rank)) + "|";
    } else {
      line += "        G O A L        |";
    }
    return line + "  " + label + "\n";
  };
  const std::string border = "    +-----------------------+\n";
  std::string out;
  out += "                S\n";
  out += border;
  out += goal_line(9, p1 + " : Black");
  out += border;
  for (int r = 8; r >= 1; --r) {
    out += "  " + std::to_string(r) + " |";
    for (int f = 0; f < kFiles; ++f) out += cell(square_of(f, r)) + "|";
    out += " " + std::to_string(r) + "\n";
    if (r > 1)
      out += r == 5 ? "  E |--+--+--+--+--+--+--+--| W\n" : "    |--+--+--+--+--+--+--+--|\n";
  }
  out += border;
  out += goal_line(0, p2 + " : White");
  out += border;
  out += "                N\n";
  out += "     a  b  c  d  e  f  g  h\n";
  return out;
}

std::uint64_t SoccolotState::position_digest() const {
  // print_position writes each piece's square in piece order, then "-" after a goal or the side.
  const std::uint64_t h = digest_words(kDigestBasis, pos_.at.data(), pos_.at.size());
  const bool scored = pos_.status == Status::kBlackScored || pos_.status == Status::kWhiteScored;
  const auto side = static_cast<std::uint8_t>(scored ? 0xFF : static_cast<int>(pos_.side));
  return digest_add(h, &side, 1);
}

}  // namespace scribe::engine::soccolot
