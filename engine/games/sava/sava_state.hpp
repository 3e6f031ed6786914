// The Sava State and Variant classes (internal to engine/games/sava; the public entry point
// is sava.hpp). The diagram drawer reads a state through SavaState's accessors.
#pragma once

#include <memory>
#include <string>

#include "engine/core/game.hpp"
#include "engine/games/sava/sava_rules.hpp"

namespace scribe::engine::sava {

// What the last ply did, for the diagrams (sava.md 14, "Last ply").
struct LastPly {
  enum class Kind : std::uint8_t { kNone, kBareRoll, kRemoval, kMove };
  Kind kind = Kind::kNone;
  int mover = kRed;
  bool turncoat = false;
  PieceCode piece = PieceCode::kNone;  // the moving piece's kind before promotion
  Realisation real;
  std::uint8_t captured_via = 0;   // the cell taken on the intermediate space (0 none)
  std::uint8_t captured_dest = 0;  // the cell taken on the destination (0 none)
  std::uint8_t removed = 0;        // the cell removed (Dice Sava)
  int removed_space = kNoSpace;
  PieceCode promotion = PieceCode::kNone;
  char roll = 0;  // '0', '1', '2', '?' for a dice ply; 0 otherwise
  bool roll_written = false;
};

// One Sava position with its history facts.
class SavaState : public State {
 public:
  SavaState(const Config& cfg, const Position& pos) : cfg_(cfg), pos_(pos) {}

  std::unique_ptr<State> clone() const override { return std::make_unique<SavaState>(*this); }
  PlyOutcome apply(std::string_view token, const RollText* roll, Mode mode) override;
  std::string position_text() const override;
  std::string side_to_move() const override;
  std::optional<std::string> result() const override;
  int plies_played() const override { return pos_.plies; }
  std::vector<ChanceOutcome> chance_outcomes() const override;
  std::vector<std::string> legal_moves(std::string_view roll) const override;
  std::optional<std::string> canonical_move(std::string_view token) const override;
  std::string text_board() const override;
  std::string text_facts() const override;
  Finding dangling_roll_finding(std::string_view roll) const override;
  std::string move_listing(std::string_view roll) const override;
  std::string last_move_text() const override { return last_text_; }
  std::string last_mover() const override {
    return last_.kind == LastPly::Kind::kNone ? std::string() : side_name(last_.mover);
  }

  const Config& config() const { return cfg_; }
  const Position& position() const { return pos_; }
  const LastPly& last_ply() const { return last_; }

 private:
  // The checks from S9 on for a piece or Orc move (sava.md 5.6); plays it when legal.
  void apply_move(std::string_view token, const ParsedMove& m, Mode mode, PlyOutcome* out);

  Config cfg_;
  Position pos_;
  LastPly last_;
  std::string last_text_;
};

// Prints a position (sava.md 12).
std::string print_position(const Config& cfg, const Position& pos);
// Reads position text; returns the error reason, or "" on success.
std::string read_position(const Config& cfg, std::string_view text, Position* pos);
// The start position of a configuration.
Position initial_position(const Config& cfg);

}  // namespace scribe::engine::sava
