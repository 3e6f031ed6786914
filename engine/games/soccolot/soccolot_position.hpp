// The Soccolot position and its rules (spec games/soccolot.md §2-§7, §9): squares, the
// thirteen pieces, the checks of §5 in order, the effects of §6 and the end of the game (§7).
// Plain value types with no allocation; the State adapter (soccolot_state.hpp) wraps them.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "notation/games/soccolot/soccolot_notation.hpp"

namespace scribe::engine::soccolot {

using notation::soccolot::Action;
using notation::soccolot::Direction;
using notation::soccolot::Move;
using notation::soccolot::Team;

// The two sides. Black is player1 and moves first (ruling R12).
enum class Side : std::uint8_t { kBlack, kWhite };

// Returns the other side.
constexpr Side other(Side s) { return s == Side::kBlack ? Side::kWhite : Side::kBlack; }
// Returns side s's team letter.
constexpr Team team_of(Side s) { return s == Side::kBlack ? Team::kBlack : Team::kWhite; }
// Returns the side of a written team letter (not Team::kNone, which names no side).
constexpr Side team_side(Team t) { return t == Team::kWhite ? Side::kWhite : Side::kBlack; }
// Returns "Black" or "White" (inline: the replay asks for the side to move on every ply).
constexpr std::string_view side_name(Side s) { return s == Side::kBlack ? "Black" : "White"; }

// Where a goal is scored (-goal, ruling R4).
enum class GoalRule : std::uint8_t { kBeyond, kBackrow };
// What a ball put into one's own goal means (-owngoal, ruling R5).
enum class OwnGoalRule : std::uint8_t { kLose, kIllegal };
// The result when the side to move has no legal move (-nomove, ruling R9).
enum class NoMoveRule : std::uint8_t { kLose, kDraw };

// The options in force.
struct Rules {
  GoalRule goal = GoalRule::kBeyond;
  OwnGoalRule own_goal = OwnGoalRule::kLose;
  NoMoveRule no_move = NoMoveRule::kLose;
};

// Squares are numbered rank * 8 + file: file 0..7 is a..h, rank 0..9 where 1..8 is the field
// and 0 and 9 are the goal rows beyond Black's and White's back rows (ruling R1, R4).
inline constexpr int kFiles = 8;
inline constexpr int kSquareCount = 80;
// Returns the square of file f (0..7) and rank r (0..9).
constexpr int square_of(int f, int r) { return r * kFiles + f; }
constexpr int file_of(int sq) { return sq & 7; }
constexpr int rank_of(int sq) { return sq >> 3; }
// Whether the square is on the 8 x 8 field.
constexpr bool on_field(int sq) { return sq >= kFiles && sq < 9 * kFiles; }
// Returns the square's name, e.g. "e5" or "e9" (a goal square).
std::string square_name(int sq);

// Pieces are numbered 0..5 for B1..B6, 6..11 for W1..W6 and 12 for the ball.
inline constexpr int kBall = 12;
inline constexpr int kPieceCount = 13;
// Returns the piece number of jersey j (1..6) of side s.
constexpr int piece_of(Side s, int jersey) { return (s == Side::kBlack ? 0 : 6) + jersey - 1; }
// Returns "Black 3", "White 5" or "the ball" (the {what} of §5).
std::string piece_name(int piece);

// The file and rank change of each direction, in the order of notation::soccolot::Direction
// (north = rank -1, east = file -1; ruling R2).
inline constexpr std::array<int, 8> kDeltaFile = {0, 0, -1, 1, -1, 1, -1, 1};
inline constexpr std::array<int, 8> kDeltaRank = {-1, 1, 0, 0, -1, -1, 1, 1};

// The square one step from each square in each direction (the goal rows count), or -1 when
// the step leaves the 10 x 8 area of field and goal rows: looked up, as every ply takes steps
// (a run, a dribble, the test for a legal move of §7.3).
inline constexpr auto kSteps = [] {
  std::array<std::array<std::int8_t, 8>, kSquareCount> t{};
  for (int sq = 0; sq < kSquareCount; ++sq)
    for (std::size_t d = 0; d < 8; ++d) {
      const int f = file_of(sq) + kDeltaFile[d];
      const int r = rank_of(sq) + kDeltaRank[d];
      t[static_cast<std::size_t>(sq)][d] =
          static_cast<std::int8_t>(f < 0 || f >= kFiles || r < 0 || r > 9 ? -1 : square_of(f, r));
    }
  return t;
}();

// Returns the square one step from `sq` in direction d (the goal rows count), or -1 when the
// step leaves the 10 x 8 area of field and goal rows.
constexpr int step(int sq, int d) {
  return kSteps[static_cast<std::size_t>(sq)][static_cast<std::size_t>(d)];
}

// The direction of each king step, at [(rank change + 1) * 3 + file change + 1] (-1 for no
// step): a kick finds its direction from the man and the ball on every kick, without a search.
inline constexpr auto kDirectionOfStep = [] {
  std::array<std::int8_t, 9> t{};
  t.fill(-1);
  for (std::size_t d = 0; d < 8; ++d)
    t[static_cast<std::size_t>((kDeltaRank[d] + 1) * 3 + kDeltaFile[d] + 1)] =
        static_cast<std::int8_t>(d);
  return t;
}();

// Returns the direction (0..7) of the step from a to the adjacent square b (-1 when b is not
// one king step from a).
constexpr int direction_between(int a, int b) {
  const int df = file_of(b) - file_of(a);
  const int dr = rank_of(b) - rank_of(a);
  if (df < -1 || df > 1 || dr < -1 || dr > 1) return -1;
  return kDirectionOfStep[static_cast<std::size_t>((dr + 1) * 3 + df + 1)];
}

// Whether the square is on the field, for a step() result (-1 or a square of the 10 x 8 area).
constexpr bool step_on_field(int t) { return static_cast<unsigned>(t - kFiles) < 8u * kFiles; }

// How the game stands.
enum class Status : std::uint8_t {
  kPlaying,
  kBlackScored,  // the ball is in White's goal (rank 9, or rank 8 with -goal=backrow)
  kWhiteScored,  // the ball is in Black's goal (rank 0, or rank 1 with -goal=backrow)
  kNoMove,       // the side to move has no legal move (§7.3)
};

// Which check of §5 a move failed.
enum class Failure : std::uint8_t {
  kNone,
  kOffField,        // 5.5, 5.8
  kOccupied,        // 5.6
  kNotAtBall,       // 5.7, 5.10
  kDribbleBlocked,  // 5.9
  kKickBlocked,     // 5.11
  kKickTooFar,      // 5.12
  kOwnGoal,         // 5.13
};

// How a kick goes too far (the three message forms of 5.12).
enum class TooFar : std::uint8_t { kSide, kInGoal, kEndLine };

// The outcome of checking one move: the failed check and the details its message needs.
struct Check {
  Failure failure = Failure::kNone;
  int square = -1;    // the square that failed (t, u or p_i)
  bool ball = false;  // kOffField/kDribbleBlocked: the ball's square failed, not the man's
  int index = 0;      // kKickBlocked/kKickTooFar: i, the number of the square that failed
  TooFar too_far = TooFar::kSide;
};

// What the last ply did, for diagrams: the man's and the ball's squares before and after.
struct LastMove {
  bool valid = false;
  Move move;
  Side side = Side::kBlack;
  int man = 0;  // piece number
  int man_from = -1, man_to = -1;
  int ball_from = -1, ball_to = -1;
};

// One position: where every piece stands, what stands on each square, who moves, and whether
// the game is over.
struct Position {
  std::array<std::uint8_t, kPieceCount> at{};      // the square of each piece
  std::array<std::uint8_t, kSquareCount> board{};  // piece number + 1 on each square, 0 empty
  Side side = Side::kBlack;                        // to move (the side without a move at kNoMove)
  Status status = Status::kPlaying;

  // Returns the start position (§3).
  static Position initial();
  // Puts every piece on the board from `at` (board must be empty).
  void place_all();
  // Returns the piece on `sq` (-1 when empty).
  int piece_on(int sq) const { return static_cast<int>(board[static_cast<std::size_t>(sq)]) - 1; }
  bool empty(int sq) const { return board[static_cast<std::size_t>(sq)] == 0; }
  int ball() const { return at[kBall]; }

  // Checks a move of side s against §5.5-§5.13 (team and syntax are checked by the caller).
  Check check(const Rules& rules, Side s, const Move& m) const;
  // Whether check() accepts the move. A run, most plies, is answered here (5.5 and 5.6 are its
  // only checks) without building a Check.
  bool accepts(const Rules& rules, Side s, const Move& m) const {
    if (m.action == Action::kRun) {
      const int t =
          step(at[static_cast<std::size_t>(piece_of(s, m.jersey))], static_cast<int>(m.direction));
      return step_on_field(t) && empty(t);
    }
    return check(rules, s, m).failure == Failure::kNone;
  }
  // Plays a move that check() accepted and updates status (goal) and side; fills `last` unless
  // it is null. Inline: it is a few stores, and the replay plays every ply through it.
  void play(const Rules& rules, Side s, const Move& m, LastMove* last) {
    const int man = piece_of(s, m.jersey);
    const int from = at[static_cast<std::size_t>(man)];
    const int o = ball();
    int man_to = from;
    int ball_to = o;
    switch (m.action) {
      case Action::kRun:
        man_to = step(from, static_cast<int>(m.direction));
        break;
      case Action::kDribble:
        man_to = step(from, static_cast<int>(m.direction));
        ball_to = step(o, static_cast<int>(m.direction));
        break;
      case Action::kKick: {
        const auto d = static_cast<std::size_t>(direction_between(from, o));
        ball_to = square_of(file_of(o) + m.distance * kDeltaFile[d],
                            rank_of(o) + m.distance * kDeltaRank[d]);
        break;
      }
    }
    board[static_cast<std::size_t>(from)] = 0;
    board[static_cast<std::size_t>(o)] = 0;
    at[static_cast<std::size_t>(man)] = static_cast<std::uint8_t>(man_to);
    at[kBall] = static_cast<std::uint8_t>(ball_to);
    board[static_cast<std::size_t>(man_to)] = static_cast<std::uint8_t>(man + 1);
    board[static_cast<std::size_t>(ball_to)] = static_cast<std::uint8_t>(kBall + 1);
    side = other(s);
    status = goal_status(rules);
    if (last != nullptr) {
      last->valid = true;
      last->move = m;
      last->move.team = team_of(s);
      last->side = s;
      last->man = man;
      last->man_from = from;
      last->man_to = man_to;
      last->ball_from = o;
      last->ball_to = ball_to;
    }
  }
  // Whether side s has at least one legal move (§13: a move the options forbid does not count).
  // Asked after every ply: almost always a man can run, which is looked for here; the dribbles
  // and kicks that remain are tried out of line.
  bool has_legal_move(const Rules& rules, Side s) const {
    // A man with an empty neighbouring square on the field can run.
    const std::size_t first = static_cast<std::size_t>(piece_of(s, 1));
    for (std::size_t i = first; i < first + 6; ++i) {
      const auto& steps = kSteps[at[i]];
      for (std::size_t d = 0; d < 8; ++d)
        if (step_on_field(steps[d]) && empty(steps[d])) return true;
    }
    return can_dribble_or_kick(rules, s);
  }
  // Whether a man of side s next to the ball may dribble or kick (has_legal_move's rest).
  bool can_dribble_or_kick(const Rules& rules, Side s) const;
  // Returns the status implied by the ball's square (a goal), or kPlaying.
  Status goal_status(const Rules& rules) const {
    const int r = rank_of(ball());
    if (rules.goal == GoalRule::kBeyond) {
      if (r == 9) return Status::kBlackScored;
      if (r == 0) return Status::kWhiteScored;
    } else {
      if (r == 8) return Status::kBlackScored;
      if (r == 1) return Status::kWhiteScored;
    }
    return Status::kPlaying;
  }
};

// Whether two field squares are king-adjacent.
constexpr bool adjacent(int a, int b) {
  const int df = file_of(a) - file_of(b);
  const int dr = rank_of(a) - rank_of(b);
  return (a != b) && df >= -1 && df <= 1 && dr >= -1 && dr <= 1;
}

}  // namespace scribe::engine::soccolot
