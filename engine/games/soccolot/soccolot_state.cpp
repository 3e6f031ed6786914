// SoccolotState: one ply through the checks of §5 in order, its effects (§6) and the end of the
// game (§7), with the exact codes and message templates of the spec.
#include "engine/games/soccolot/soccolot_state.hpp"

#include <iterator>

#include "engine/core/kit.hpp"

namespace scribe::engine::soccolot {

namespace {

using notation::soccolot::direction_name;
using notation::soccolot::kick_distance_missing;
using notation::soccolot::move_text;

// "Black 3": the side and the jersey, as the messages of §5 write them.
std::string man_label(Side s, int jersey) {
  std::string out(side_name(s));
  out += ' ';
  out += static_cast<char>('0' + jersey);
  return out;
}

// Builds the message of a failed check of §5 (5.5-5.13).
std::string failure_message(const Position& pos, Side s, const Move& m, const Check& c) {
  const int from = pos.at[static_cast<std::size_t>(piece_of(s, m.jersey))];
  const std::string who = man_label(s, m.jersey);
  const std::string on = who + " on " + square_name(from);
  switch (c.failure) {
    case Failure::kOffField:
      if (m.action == Action::kRun)
        return on + " cannot run " + std::string(direction_name(m.direction)) +
               ": he would leave the field";
      return on + " cannot dribble " + std::string(direction_name(m.direction)) + ": " +
             (c.ball ? "the ball" : "the man") + " would leave the field";
    case Failure::kOccupied:
      return on + " cannot run " + std::string(direction_name(m.direction)) + ": " +
             square_name(c.square) + " is occupied by " + piece_name(pos.piece_on(c.square));
    case Failure::kNotAtBall:
      return on + " cannot " + (m.action == Action::kKick ? "kick" : "dribble") + ": the ball on " +
             square_name(pos.ball()) + " is not next to him";
    case Failure::kDribbleBlocked:
      return on + " cannot dribble " + std::string(direction_name(m.direction)) + ": " +
             square_name(c.square) + " is occupied by " + piece_name(pos.piece_on(c.square));
    case Failure::kKickBlocked:
    case Failure::kKickTooFar: {
      const int d = direction_between(from, pos.ball());
      std::string out = who + " cannot kick the ball " + std::to_string(m.distance) + " squares " +
                        std::string(direction_name(static_cast<Direction>(d))) + ": ";
      if (c.failure == Failure::kKickBlocked)
        return out + square_name(c.square) + " is occupied by " +
               piece_name(pos.piece_on(c.square));
      switch (c.too_far) {
        case TooFar::kSide:
          return out + "it would leave the field at the side after " + std::to_string(c.index - 1) +
                 " squares";
        case TooFar::kInGoal:
          return out + "it is in the goal after " + std::to_string(c.index) + " squares";
        case TooFar::kEndLine:
          return out + "it would cross the end line after " + std::to_string(c.index - 1) +
                 " squares";
      }
      return out;
    }
    case Failure::kOwnGoal:
      return "-owngoal=illegal: " + std::string(side_name(s)) +
             " may not put the ball into its own goal";
    case Failure::kNone:
      break;
  }
  return {};
}

// Returns the code of a failed check (Failure order; "" for kNone).
const char* failure_code(Failure f) {
  static constexpr const char* kCodes[] = {"",
                                           "soccolot.off-field",
                                           "soccolot.occupied",
                                           "soccolot.not-at-ball",
                                           "soccolot.dribble-blocked",
                                           "soccolot.kick-blocked",
                                           "soccolot.kick-too-far",
                                           "soccolot.own-goal"};
  static_assert(std::size(kCodes) == static_cast<std::size_t>(Failure::kOwnGoal) + 1);
  return kCodes[static_cast<std::size_t>(f)];
}

}  // namespace

std::string result_of(const Position& pos, const Rules& rules) {
  switch (pos.status) {
    case Status::kBlackScored:
      return "Black";
    case Status::kWhiteScored:
      return "White";
    case Status::kNoMove:
      if (rules.no_move == NoMoveRule::kDraw) return "draw";
      return std::string(side_name(other(pos.side)));
    case Status::kPlaying:
      break;
  }
  return "*";
}

SoccolotState::SoccolotState(std::shared_ptr<const Config> config, const Position& pos)
    : config_(std::move(config)), pos_(pos) {}

Finding SoccolotState::game_over_error() const {
  return token_error("soccolot.game-over",
                     game_over_message(ended_at_, result_of(pos_, config_->rules)));
}

LastMove SoccolotState::last_move() const {
  LastMove out;
  if (!last_.valid) return out;
  out.valid = true;
  out.move = last_.move;
  out.side = team_side(last_.move.team);
  out.man = piece_of(out.side, last_.move.jersey);
  out.man_from = last_.man_from;
  out.man_to = pos_.at[static_cast<std::size_t>(out.man)];
  out.ball_from = last_.ball_from;
  out.ball_to = pos_.ball();
  return out;
}

// Soccolot has no dice (a written roll is the replay's record.bad-token) and no lenient reading.
// read() has found that the token is not the usual one: `ply` may hold part of it.
bool SoccolotState::read_in_full(std::string_view token, Ply& ply, engine::PlyOutcome& out) const {
  // 5.2 the token matches §4.
  const notation::soccolot::ParseResult parsed =
      notation::soccolot::parse_soccolot_move_in_full(token);
  if (parsed.move) {
    ply = *parsed.move;
    return true;
  }
  return stop_ply(
      out,
      token_error(
          "soccolot.syntax",
          "cannot read '" + std::string(token) +
              "' as a Soccolot move: expected [w or b] jersey 1-6, then r or d with a direction "
              "(n s e w ne nw se sw), or k with a distance 1-8",
          parsed.error.offset, 1));
}

bool SoccolotState::repair_kick_distance(std::string_view token, engine::Mode mode, Move& m,
                                         engine::PlyOutcome& out) const {
  const Side s = pos_.side;
  const std::string written(token);
  std::string message = "'" + written + "' has no kick distance; write e.g. " + written + "1";
  if (mode == engine::Mode::kLenient && (m.team == Team::kNone || team_side(m.team) == s)) {
    const std::vector<int> distances = legal_kick_distances(m.jersey);
    if (distances.size() == 1) {
      m.distance = static_cast<std::uint8_t>(distances[0]);
      Move shown = m;
      shown.team = team_of(s);
      out.findings.push_back(token_warning("soccolot.kick-distance-missing",
                                           "'" + written + "' has no kick distance; read as " +
                                               notation::soccolot::move_text(shown) +
                                               ", the only legal distance"));
      return true;
    }
    if (!distances.empty()) {
      message += " (legal distances:";
      for (std::size_t i = 0; i < distances.size(); ++i)
        message += (i == 0 ? " " : ", ") + std::to_string(distances[i]);
      message += ")";
    }
  }
  return stop_ply(out, token_error("soccolot.kick-distance-missing", std::move(message)));
}

bool SoccolotState::check_in_full(const Ply& parsed, std::string_view token, engine::Mode mode,
                                  Move& m, engine::PlyOutcome& out) const {
  const Side s = pos_.side;
  // The usual ply (with its kick distance, naming the side to move or no side) is checked as
  // read and copied into `m` once accepted: a copy made first would wait for the bytes that
  // read() has just written one by one.
  const Move* move = &parsed;
  if (kick_distance_missing(parsed) ||
      (parsed.team != Team::kNone && team_side(parsed.team) != s)) {
    m = parsed;
    move = &m;
    // 5.3 the token has a kick distance (lenient: repaired when exactly one is legal, R10).
    if (kick_distance_missing(m) && !repair_kick_distance(token, mode, m, out)) return false;
    // 5.4 a team letter names the side to move.
    if (m.team != Team::kNone && team_side(m.team) != s)
      return stop_ply(out, token_error("soccolot.wrong-team",
                                       "'" + std::string(token) + "' names a " +
                                           std::string(side_name(team_side(m.team))) +
                                           " man, but " + std::string(side_name(s)) +
                                           " is to move"));
  }
  // 5.5-5.13.
  const Check c = pos_.check(config_->rules, s, *move);
  if (c.failure != Failure::kNone)
    return stop_ply(out, token_error(failure_code(c.failure), failure_message(pos_, s, *move, c)));
  m = *move;
  return true;
}

void SoccolotState::end_without_move(engine::PlyOutcome& out) {
  pos_.status = Status::kNoMove;
  out.findings.push_back(
      token_warning("soccolot.no-legal-move", std::string(side_name(pos_.side)) +
                                                  " has no legal move; the game ends (" +
                                                  result_of(pos_, config_->rules) + ")"));
}

std::vector<int> SoccolotState::legal_kick_distances(int jersey) const {
  std::vector<int> out;
  Move m;
  m.jersey = static_cast<std::uint8_t>(jersey);
  m.action = Action::kKick;
  for (int n = 1; n <= 8; ++n) {
    m.distance = static_cast<std::uint8_t>(n);
    if (pos_.check(config_->rules, pos_.side, m).failure == Failure::kNone) out.push_back(n);
  }
  return out;
}

std::string SoccolotState::position_text() const { return print_position(pos_); }

std::string SoccolotState::side_to_move() const {
  std::string_view side;
  side_to_move_view(side);
  return std::string(side);
}

std::optional<std::string> SoccolotState::result() const {
  if (!over()) return std::nullopt;
  return result_of(pos_, config_->rules);
}

void SoccolotState::list_moves(std::string_view, std::vector<Move>& out) const {
  out.clear();
  if (over()) return;
  const Side s = pos_.side;
  Move m;
  m.team = team_of(s);
  for (int j = 1; j <= 6; ++j) {
    m.jersey = static_cast<std::uint8_t>(j);
    // Only a man next to the ball may dribble or kick (5.7, 5.10): the others are not checked.
    const bool at_ball = adjacent(pos_.at[static_cast<std::size_t>(piece_of(s, j))], pos_.ball());
    for (Action a : {Action::kRun, Action::kDribble}) {
      if (a != Action::kRun && !at_ball) break;
      m.action = a;
      m.distance = 0;
      for (int d = 0; d < 8; ++d) {
        m.direction = static_cast<Direction>(d);
        if (pos_.check(config_->rules, s, m).failure == Failure::kNone) out.push_back(m);
      }
    }
    if (!at_ball) continue;
    m.action = Action::kKick;
    m.direction = Direction::kN;
    for (int n = 1; n <= 8; ++n) {
      m.distance = static_cast<std::uint8_t>(n);
      if (pos_.check(config_->rules, s, m).failure == Failure::kNone) out.push_back(m);
    }
  }
}

std::optional<std::string> SoccolotState::canonical_text(std::string_view token) const {
  const auto parsed = notation::soccolot::parse_soccolot_move(token);
  if (!parsed.move) return std::nullopt;
  Move m = *parsed.move;
  if (kick_distance_missing(m)) {
    // The slip lenient mode repairs (S4): a kick without its distance is read with the only
    // legal one; with none or several, it has no canonical text.
    if (m.team != Team::kNone && team_side(m.team) != pos_.side) return std::nullopt;
    const std::vector<int> distances = legal_kick_distances(m.jersey);
    if (distances.size() != 1) return std::nullopt;
    m.distance = static_cast<std::uint8_t>(distances[0]);
  }
  if (m.team == Team::kNone) m.team = team_of(pos_.side);
  return move_text(m);
}

std::string SoccolotState::text_board() const { return draw_text_board(pos_, *config_); }

}  // namespace scribe::engine::soccolot
