// The Soccolot rules on plain positions: the checks of §5, the effects of §6, goals (§7.1-7.2)
// and the no-legal-move test (§13).
#include "engine/games/soccolot/soccolot_position.hpp"

namespace scribe::engine::soccolot {

std::string square_name(int sq) {
  std::string out(2, ' ');
  out[0] = static_cast<char>('a' + file_of(sq));
  out[1] = static_cast<char>('0' + rank_of(sq));
  return out;
}

std::string piece_name(int piece) {
  if (piece == kBall) return "the ball";
  if (piece < 6) return "Black " + std::to_string(piece + 1);
  return "White " + std::to_string(piece - 5);
}

Position Position::initial() {
  Position p;
  // B1..B6 on g1..b1, W1..W6 on g8..b8, the ball on e5 (ruling R3).
  for (int j = 1; j <= 6; ++j) {
    p.at[static_cast<std::size_t>(piece_of(Side::kBlack, j))] =
        static_cast<std::uint8_t>(square_of(7 - j, 1));
    p.at[static_cast<std::size_t>(piece_of(Side::kWhite, j))] =
        static_cast<std::uint8_t>(square_of(7 - j, 8));
  }
  p.at[kBall] = static_cast<std::uint8_t>(square_of(4, 5));
  p.place_all();
  return p;
}

void Position::place_all() {
  board.fill(0);
  for (int i = 0; i < kPieceCount; ++i)
    board[at[static_cast<std::size_t>(i)]] = static_cast<std::uint8_t>(i + 1);
}

namespace {

// Whether the ball standing on `sq` is in side s's own goal.
bool own_goal(const Rules& rules, Side s, int sq) {
  const int r = rank_of(sq);
  if (rules.goal == GoalRule::kBeyond) return s == Side::kBlack ? r == 0 : r == 9;
  return s == Side::kBlack ? r == 1 : r == 8;
}

// 5.5, 5.6: a run by the man on `from` to the square ahead in m.direction.
Check check_run(const Position& pos, int from, const Move& m) {
  Check c;
  const int t = step(from, static_cast<int>(m.direction));
  if (t < 0 || !on_field(t)) {
    c.failure = Failure::kOffField;
    return c;
  }
  if (!pos.empty(t)) {
    c.failure = Failure::kOccupied;
    c.square = t;
  }
  return c;
}

// 5.7-5.9: a dribble by the man on `from`; sets *ball_to when it may be played.
Check check_dribble(const Position& pos, const Rules& rules, int from, const Move& m,
                    int* ball_to) {
  Check c;
  const int o = pos.ball();
  if (!adjacent(from, o)) {
    c.failure = Failure::kNotAtBall;
    return c;
  }
  const int d = static_cast<int>(m.direction);
  const int t = step(from, d);
  const int u = step(o, d);
  if (t < 0 || !on_field(t)) {
    c.failure = Failure::kOffField;
    return c;
  }
  if (u < 0 || (!on_field(u) && rules.goal != GoalRule::kBeyond)) {
    c.failure = Failure::kOffField;
    c.ball = true;
    return c;
  }
  if (!pos.empty(t) && t != o) {
    c.failure = Failure::kDribbleBlocked;
    c.square = t;
    return c;
  }
  if (!pos.empty(u) && u != from) {
    c.failure = Failure::kDribbleBlocked;
    c.square = u;
    c.ball = true;
    return c;
  }
  *ball_to = u;
  return c;
}

// 5.10-5.12: a kick of m.distance squares by the man on `from`, along the line from the man
// through the ball; sets *ball_to when it may be played.
Check check_kick(const Position& pos, const Rules& rules, int from, const Move& m, int* ball_to) {
  Check c;
  const int o = pos.ball();
  if (!adjacent(from, o)) {
    c.failure = Failure::kNotAtBall;
    return c;
  }
  const int d = direction_between(from, o);
  const int df = kDeltaFile[static_cast<std::size_t>(d)];
  const int dr = kDeltaRank[static_cast<std::size_t>(d)];
  int f = file_of(o);
  int r = rank_of(o);
  for (int i = 1; i <= m.distance; ++i) {
    f += df;
    r += dr;
    c.index = i;
    if (f < 0 || f >= kFiles) {
      c.failure = Failure::kKickTooFar;
      c.too_far = TooFar::kSide;
      return c;
    }
    if (r < 1 || r > 8) {
      if (rules.goal == GoalRule::kBeyond && (r == 0 || r == 9)) {
        if (i == m.distance) break;  // into the goal
        c.failure = Failure::kKickTooFar;
        c.too_far = TooFar::kInGoal;
        return c;
      }
      c.failure = Failure::kKickTooFar;
      c.too_far = TooFar::kEndLine;
      return c;
    }
    const int p = square_of(f, r);
    if (!pos.empty(p)) {
      c.failure = Failure::kKickBlocked;
      c.square = p;
      return c;
    }
  }
  c.index = 0;
  *ball_to = square_of(f, r);
  return c;
}

}  // namespace

Check Position::check(const Rules& rules, Side s, const Move& m) const {
  const int from = at[static_cast<std::size_t>(piece_of(s, m.jersey))];
  int ball_to = -1;
  Check c;
  switch (m.action) {
    case Action::kRun:
      return check_run(*this, from, m);
    case Action::kDribble:
      c = check_dribble(*this, rules, from, m, &ball_to);
      break;
    case Action::kKick:
      c = check_kick(*this, rules, from, m, &ball_to);
      break;
  }
  if (c.failure != Failure::kNone) return c;
  if (rules.own_goal == OwnGoalRule::kIllegal && own_goal(rules, s, ball_to))
    c.failure = Failure::kOwnGoal;
  return c;
}

bool Position::can_dribble_or_kick(const Rules& rules, Side s) const {
  for (int j = 1; j <= 6; ++j) {
    const int from = at[static_cast<std::size_t>(piece_of(s, j))];
    if (!adjacent(from, ball())) continue;
    Move m;
    m.jersey = static_cast<std::uint8_t>(j);
    m.action = Action::kDribble;
    for (int d = 0; d < 8; ++d) {
      m.direction = static_cast<Direction>(d);
      if (check(rules, s, m).failure == Failure::kNone) return true;
    }
    m.action = Action::kKick;
    for (int n = 1; n <= 8; ++n) {
      m.distance = static_cast<std::uint8_t>(n);
      if (check(rules, s, m).failure == Failure::kNone) return true;
    }
  }
  return false;
}

}  // namespace scribe::engine::soccolot
