// The Soccolot adapter to the generic game interface (engine/core/game.hpp): the State that
// replays plies with the diagnostics of §5 and §7, and the Variant that makes states and reads
// position text. Render code may use SoccolotState to reach the typed position.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/typed_state.hpp"
#include "engine/games/soccolot/soccolot_position.hpp"

namespace scribe::engine::soccolot {

// A configuration: the options and the player names (for the text board and diagrams).
struct Config {
  Rules rules;
  std::string player1;  // the Player1 tag, "" when absent
  std::string player2;
};

// One Soccolot position with its history facts (plies, the ply that ended the game, last ply).
// Its plies go through the steps of TypedState: read (5.2), check (5.3-5.13), play (§6, §7).
class SoccolotState : public engine::ListedState<SoccolotState> {
 public:
  // A ply as read from its token: a whole move, or a kick whose distance is missing (0).
  using Ply = soccolot::Move;
  // A ply the rules accept (its kick distance repaired in lenient mode); also one entry of the
  // legal move list (with its team letter).
  using Move = soccolot::Move;

  // Makes the state of `pos` (a finished position counts as ended at ply 0).
  SoccolotState(std::shared_ptr<const Config> config, const Position& pos);

  std::string position_text() const override;
  // The squares of the pieces and the side to move (soccolot_text.cpp).
  std::uint64_t position_digest() const override;
  std::string side_to_move() const override;
  bool side_to_move_view(std::string_view& out) const override {
    out = over() ? std::string_view() : side_name(pos_.side);
    return true;
  }
  std::optional<std::string> result() const override;
  std::string text_board() const override;

  // The typed position.
  const Position& position() const { return pos_; }
  // The options and players.
  const Config& config() const { return *config_; }
  // What the last ply did (valid == false before the first ply).
  LastMove last_move() const;
  // Whether the game is over.
  bool over() const { return pos_.status != Status::kPlaying; }

 private:
  friend class engine::TypedState<SoccolotState>;
  friend class engine::ListedState<SoccolotState>;

  // The steps of TypedState (engine/core/typed_state.hpp). The two asked on every ply of a
  // game in progress are inline.
  std::optional<Finding> game_over_finding() const {
    if (!over()) return std::nullopt;  // 5.1 the game is not over.
    return game_over_error();
  }
  Finding game_over_error() const;
  // 5.2: the usual token is read by hand here; read_in_full() reads and words the others.
  bool read(std::string_view token, const engine::RollText*, engine::Mode, Ply& ply,
            engine::PlyOutcome& out) const {
    if (notation::soccolot::read_plain_soccolot_move(token, ply)) return true;
    return read_in_full(token, ply, out);
  }
  [[gnu::noinline]] bool read_in_full(std::string_view token, Ply& ply,
                                      engine::PlyOutcome& out) const;
  // 5.3-5.13: the usual ply (with its kick distance, naming the side to move or no side, and
  // legal) is accepted here; check_in_full() takes the others through every check in order.
  bool check(const Ply& parsed, std::string_view token, const engine::RollText*, engine::Mode mode,
             Move& move, engine::PlyOutcome& out) const {
    const Side s = pos_.side;
    if (!notation::soccolot::kick_distance_missing(parsed) &&
        (parsed.team == Team::kNone || team_side(parsed.team) == s) &&
        pos_.accepts(config_->rules, s, parsed)) {
      move = parsed;
      return true;
    }
    return check_in_full(parsed, token, mode, move, out);
  }
  [[gnu::noinline]] bool check_in_full(const Ply& parsed, std::string_view token, engine::Mode mode,
                                       Move& move, engine::PlyOutcome& out) const;
  int mover(const Move&) const { return static_cast<int>(pos_.side); }
  std::string side_name_of(int side) const {
    return std::string(soccolot::side_name(static_cast<Side>(side)));
  }
  // §6 and §7. The last ply is kept as its move and the squares the man and the ball left;
  // last_move() finds where they went in the position.
  void play(const Move& move, engine::PlyOutcome& out) {
    const Rules& rules = config_->rules;
    const Side s = pos_.side;
    last_.move = move;
    last_.move.team = team_of(s);
    last_.man_from = pos_.at[static_cast<std::size_t>(piece_of(s, move.jersey))];
    last_.ball_from = pos_.at[kBall];
    last_.valid = true;
    pos_.play(rules, s, move, nullptr);
    // §7.3 the side now to move has no legal move.
    if (pos_.status == Status::kPlaying && !pos_.has_legal_move(rules, pos_.side))
      end_without_move(out);
    if (over()) ended_at_ = plies_played();
  }
  // Ends the game of a side that has no legal move (§7.3), with its warning.
  [[gnu::noinline]] void end_without_move(engine::PlyOutcome& out);
  // Lists the legal moves of the side to move: by jersey, runs and dribbles by direction, then
  // kicks by distance.
  void list_moves(std::string_view roll, std::vector<Move>& out) const;
  std::string move_text(const Move& m) const { return notation::soccolot::move_text(m); }
  std::optional<std::string> canonical_text(std::string_view token) const;
  // canonical_text() of a ply that check() accepted, from the checked move (its kick distance
  // already repaired) without reading the token again.
  void canonical_of(const Ply&, const Move& move, std::string_view, std::string& out) const {
    Move shown = move;
    if (shown.team == Team::kNone)
      shown.team = team_of(pos_.side);
    notation::soccolot::write_move_text(shown, out);
  }

  // 5.3: the kick distance of a token that has none, repaired in lenient mode when exactly one
  // is legal (R10); false when the error (appended to out) stops the ply.
  bool repair_kick_distance(std::string_view token, engine::Mode mode, Move& m,
                            engine::PlyOutcome& out) const;
  // Returns the kick distances (1..8) that are legal for jersey j of the side to move.
  std::vector<int> legal_kick_distances(int jersey) const;

  std::shared_ptr<const Config> config_;
  Position pos_;
  int ended_at_ = 0;  // the ply at which the game ended (0 for a Setup already over)
  // The last ply, its team letter that of the side that played it.
  struct LastPly {
    Move move;
    std::uint8_t man_from = 0;
    std::uint8_t ball_from = 0;
    bool valid = false;
  };
  LastPly last_;
};

// Returns the result text of a finished position ("Black", "White", "draw").
std::string result_of(const Position& pos, const Rules& rules);

// Prints the position text of §9.
std::string print_position(const Position& pos);
// Reads position text (§9) and checks it under `rules`; returns the reason in `error` when it
// is not valid. Sets the status (goal, no legal move) of a valid position.
bool parse_position_text(std::string_view text, const Rules& rules, Position* pos,
                         std::string* error);

// Draws the text board of §10 (display a), ending with a newline.
std::string draw_text_board(const Position& pos, const Config& config);

}  // namespace scribe::engine::soccolot
