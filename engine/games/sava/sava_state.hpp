// The Sava State and Variant classes (internal to engine/games/sava; the public entry point
// is sava.hpp). The diagram drawer reads a state through SavaState's accessors.
#pragma once

#include <memory>
#include <string>

#include "engine/core/game.hpp"
#include "engine/core/typed_state.hpp"
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

// One Sava position with its history facts. Its plies go through the steps of TypedState:
// read (S1-S4), the game-over check (S5, after the reading as sava.md 5.6 orders it), check
// (S6-S34) and play (7).
class SavaState : public TypedState<SavaState> {
 public:
  // A ply as read from its token (4.2).
  using Ply = ParsedMove;
  // A ply the rules accept, ready to play.
  struct Move {
    MoveKind kind = MoveKind::kBareRoll;  // kBareRoll, kRemoval, or a piece or Orc move
    int mover = kRed;
    int removal = kNoSpace;    // kRemoval: the space emptied
    std::uint8_t removed = 0;  // kRemoval: the cell removed
    bool turncoat = false;
    PieceCode piece = PieceCode::kNone;
    PieceCode promotion = PieceCode::kNone;
    Realisation real;  // a piece or Orc move: the realisation chosen
    // The check found `real` the only realisation of any of the owner's pieces of its kind to
    // its destination: its canonical text needs neither origin nor via (canonical_of).
    bool sole = false;
    char roll = 0;     // '0', '1', '2', '?' for a dice ply; 0 otherwise
    bool roll_written = false;
  };
  // Sava reads the ply (S1-S4) before asking whether the game is over (S5).
  static constexpr bool kReadBeforeGameOver = true;

  SavaState(const Config& cfg, const Position& pos) : cfg_(cfg), pos_(pos) {}

  std::string position_text() const override;
  // The cells and the side to move (sava_text.cpp).
  std::uint64_t position_digest() const override;
  std::string side_to_move() const override;
  bool side_to_move_view(std::string_view& out) const override {
    out = pos_.over ? std::string_view() : side_name_view(pos_.to_move);
    return true;
  }
  std::optional<std::string> result() const override;
  std::vector<ChanceOutcome> chance_outcomes() const override;
  std::vector<std::string> legal_moves(std::string_view roll) const override;
  std::string text_board() const override;
  std::string text_facts() const override;
  std::vector<MoveSection> move_listing(std::string_view roll) const override;
  // Draws as State's default does, listing the normal moves once (sava_movegen.cpp).
  bool play_random(Random& rng, std::string& roll, std::string& move) override;
  // Ruling R27: "draw" stands for a draw by agreement of an unfinished game.
  RecordEnd record_end() const override { return {std::nullopt, {"draw"}}; }

  const Config& config() const { return cfg_; }
  const Position& position() const { return pos_; }
  const LastPly& last_ply() const { return last_; }

 private:
  friend class TypedState<SavaState>;

  // The steps of TypedState (engine/core/typed_state.hpp).
  std::optional<Finding> game_over_finding() const;
  bool read(std::string_view token, const RollText* roll, Mode mode, Ply& ply,
            PlyOutcome& out) const;
  bool check(const Ply& m, std::string_view token, const RollText* roll, Mode mode, Move& move,
             PlyOutcome& out) const;
  int mover(const Move& move) const { return move.mover; }
  std::string side_name_of(int side) const { return side_name(side); }
  void play(const Move& move, PlyOutcome& out);
  std::optional<std::string> canonical_text(std::string_view token) const;
  // The canonical text of the checked ply `move` (read as `m` from `token`) before it is played,
  // as canonical_text(token) gives it, from the realisation the check chose.
  void canonical_of(const Ply& m, const Move& move, std::string_view token,
                    std::string& out) const;
  // The canonical text of `token` (read as `m`) when it is written so already, as generate and
  // normalize write plies, found without the rules' check; nothing otherwise.
  std::optional<std::string> already_canonical(std::string_view token, const ParsedMove& m) const;

  // S6: the error when the written roll does not fit the ply, or nothing.
  std::optional<Finding> roll_mismatch(const ParsedMove& m, std::string_view token,
                                       const RollText& roll) const;
  // S7, S8 for a removal (sets move.removal and move.removed); nothing when it may be played.
  std::optional<Finding> check_removal(const ParsedMove& m, std::string_view token,
                                       Move& move) const;
  // S34 for a ply marked + (the position after `move` must attack the other Matron Mother):
  // an error (strict) or a warning (lenient) appended to out; false when the error stops it.
  bool check_mark(const Move& move, std::string_view token, Mode mode, PlyOutcome& out) const;
  // The checks S9-S33 for a piece or Orc move (sava.md 5.6): sets move.real; false when an
  // error (appended to out) stops it.
  bool check_piece_move(const ParsedMove& m, std::string_view token, Mode mode, Move& move,
                        PlyOutcome& out) const;
  // S9-S12: the spaces the moving piece may start from; false when an error stops it.
  bool find_candidates(const ParsedMove& m, int owner, std::uint8_t* candidates, int* num,
                       PlyOutcome& out) const;
  // S29: the error when the fitting realisations have several effects, or nothing.
  std::optional<Finding> ambiguity(const ParsedMove& m, std::string_view token,
                                   const Realisations& fit) const;
  // S30-S33: the error of a promotion suffix that cannot stand, or nothing.
  std::optional<Finding> check_promotion(const ParsedMove& m, int owner,
                                         const Realisation& chosen) const;

  Config cfg_;
  Position pos_;
  LastPly last_;
};

// Ruling R31: the error for a roll at the end of the record, with no ply after it (the error
// of the ply that would follow; S4 still comes first). Sava's GameInfo::dangling_roll.
Finding dangling_roll(std::string_view roll);

// Prints a position (sava.md 12).
std::string print_position(const Config& cfg, const Position& pos);
// Reads position text; returns the error reason, or "" on success.
std::string read_position(const Config& cfg, std::string_view text, Position* pos);
// The start position of a configuration.
Position initial_position(const Config& cfg);

}  // namespace scribe::engine::sava
