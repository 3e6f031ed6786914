// The Soccolot adapter to the generic game interface (engine/core/game.hpp): the State that
// replays plies with the diagnostics of §5 and §7, and the Variant that makes states and reads
// position text. Render code may use SoccolotState to reach the typed position.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/games/soccolot/soccolot_position.hpp"

namespace scribe::engine::soccolot {

// A configuration: the options and the player names (for the text board and diagrams).
struct Config {
  Rules rules;
  std::string player1;  // the Player1 tag, "" when absent
  std::string player2;
};

// One Soccolot position with its history facts (plies, the ply that ended the game, last ply).
class SoccolotState : public engine::State {
 public:
  // Makes the state of `pos` (a finished position counts as ended at ply 0).
  SoccolotState(std::shared_ptr<const Config> config, const Position& pos);

  std::unique_ptr<engine::State> clone() const override;
  engine::PlyOutcome apply(std::string_view token, const engine::RollText* roll,
                           engine::Mode mode) override;
  std::string position_text() const override;
  std::string side_to_move() const override;
  std::optional<std::string> result() const override;
  int plies_played() const override { return plies_; }
  std::vector<std::string> legal_moves(std::string_view roll) const override;
  std::optional<std::string> canonical_move(std::string_view token) const override;
  std::string text_board() const override;
  std::string last_move_text() const override { return last_text_; }
  std::string last_mover() const override;

  // The typed position.
  const Position& position() const { return pos_; }
  // The options and players.
  const Config& config() const { return *config_; }
  // What the last ply did (valid == false before the first ply).
  const LastMove& last_move() const { return last_; }
  // Whether the game is over.
  bool over() const { return pos_.status != Status::kPlaying; }

 private:
  // Returns the kick distances (1..8) that are legal for jersey j of the side to move.
  std::vector<int> legal_kick_distances(int jersey) const;

  std::shared_ptr<const Config> config_;
  Position pos_;
  int plies_ = 0;
  int ended_at_ = 0;  // the ply at which the game ended (0 for a Setup already over)
  std::string last_text_;
  LastMove last_;
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

// A Soccolot configuration.
class SoccolotVariant : public engine::Variant {
 public:
  explicit SoccolotVariant(std::shared_ptr<const Config> config) : config_(std::move(config)) {}

  int num_players() const override { return 2; }
  bool has_dice() const override { return false; }
  std::string describe() const override;
  std::string options_text() const override;
  std::unique_ptr<engine::State> initial_state() const override;
  engine::PositionResult parse_position(std::string_view text) const override;
  engine::ResultCheck check_result(std::string_view value, engine::Mode mode) const override;
  int generate_ply_limit() const override { return 1000; }

  const Config& config() const { return *config_; }

 private:
  std::shared_ptr<const Config> config_;
};

}  // namespace scribe::engine::soccolot
