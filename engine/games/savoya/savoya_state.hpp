// Savoya State and Variant classes (internal to engine/games/savoya and its diagram): the
// adapter between the rules core (savoya_rules.hpp) and the generic game interface.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/typed_state.hpp"
#include "engine/games/savoya/savoya_rules.hpp"

namespace scribe::notation::savoya {
struct Move;
}  // namespace scribe::notation::savoya

namespace scribe::engine::savoya {

// Side values besides seat numbers 0..3.
inline constexpr int kRollOff = -1;  // before the roll-off: "*"
inline constexpr int kOver = -2;     // the game is over: "-"
// Result value for a draw (dead position).
inline constexpr int kDraw = -3;
inline constexpr int kNoResult = -4;

// Everything a diagram needs about the last ply.
struct LastPly {
  bool valid = false;       // a ply was applied
  bool pass = false;        // it was a pass (written or implied)
  int side = -1;            // who played it
  bool dice_known = false;  // false for an unknown (lenient) roll
  Dice dice;
  Position before;  // the position before the ply
  CompList comps;   // the components as played (after split-move merges)
};

// One Savoya position with its side to move, dice and history facts. Its plies go through the
// steps of TypedState: read (6.2 the roll, the notation, the cells), check (6.3 onwards, with
// the lenient repairs of §4.2 and §8.2) and play (§7, the end tests of §8).
class SavoyaState final : public TypedState<SavoyaState> {
 public:
  // A ply as read from its roll and token: the dice it is played with and its components.
  struct Ply {
    std::optional<Dice> dice;  // none when unknown (a pass without a roll, lenient mode)
    bool opening = false;      // the opening move (one die)
    bool pass = false;
    CompList comps;  // the first four components after expanding Nx
    int total = 0;   // components after expanding Nx (may exceed 4)
  };
  // A ply the rules accept: a pass or a play, by `side`, with the dice used.
  struct Move {
    PlyResult play;  // for a play
    bool pass = false;
    int side = -1;
    std::optional<Dice> dice;  // none when unknown
    // Lenient, a ply written without a roll: the one roll that fits it, when exactly one does
    // (and it is not an opening die of 1, which a record cannot write).
    std::optional<Dice> only_fit;
  };

  // Makes a state; `side` is a seat, kRollOff or kOver; `dice` has n == 0 when none are given.
  SavoyaState(std::shared_ptr<const Config> cfg, const Position& pos, int side, const Dice& dice);

  std::string position_text() const override;
  // The letters of the stacks and the side to move (savoya_position.cpp).
  std::uint64_t position_digest() const override;
  // Compares the stacks as the digest reads them, stopping at the first difference.
  bool may_be_position_of(const State& other) const override;
  std::string side_to_move() const override;
  bool side_to_move_view(std::string_view& out) const override {
    out = side_ == kOver      ? std::string_view()
          : side_ == kRollOff ? std::string_view("*")
                              : std::string_view(cfg_->side_name(side_));
    return true;
  }
  std::optional<std::string> result() const override;
  std::vector<ChanceOutcome> chance_outcomes() const override;
  std::vector<std::string> legal_moves(std::string_view roll) const override;
  // Draws one valid play for `roll` by a random walk (random_valid_play), or "pass" when
  // legal_moves(roll) would list only "pass"; "" when it would list nothing.
  std::string random_move(std::string_view roll, Random& rng) const override;
  // Draws the roll and the play as State's default does (the same draws from the same `rng`)
  // and plays the drawn play's Move directly, without reading its text back
  // (savoya_generate.cpp).
  bool play_random(Random& rng, std::string& roll, std::string& move) override;
  std::string text_board() const override;
  std::string text_facts() const override;

  // Returns the savoya.mutual-pin warning when the position is a mutual pin (§8.3), anchored at
  // the whole token of the last ply; nothing otherwise. For the end of a record.
  std::optional<Finding> mutual_pin_finding() const;
  // The mutual pin warning; at a mutual pin "draw" may stand for the unfinished game (R29).
  RecordEnd record_end() const override;

  const Config& config() const { return *cfg_; }
  const Position& position() const { return pos_; }
  int side() const { return side_; }
  const Dice& dice() const { return dice_; }
  // The last ply, its `before` position made from the position and the cells the ply changed
  // (on every call, for diagrams: nothing is cached, so concurrent calls are safe).
  LastPly last_ply() const;
  // The result as a seat, kDraw, or kNoResult.
  int result_code() const { return result_; }

  // Marks the state as over with `result` (a seat or kDraw) at ply `ply` (Setup positions).
  void set_over(int result, int ply);

  // Turns off (or on again) check()'s shortcut for the usual valid ply, so that every ply takes
  // the general steps: for the test that compares the two (it is on in every state made).
  void set_check_shortcut(bool on) { check_shortcut_ = on; }

 private:
  friend class TypedState<SavoyaState>;

  // The steps of TypedState (engine/core/typed_state.hpp).
  std::optional<Finding> game_over_finding() const {
    if (side_ != kOver) return std::nullopt;  // 6.1
    return game_over_error();
  }
  // The savoya.game-over error of a finished game.
  Finding game_over_error() const;
  bool read(std::string_view token, const RollText* roll, Mode mode, Ply& ply,
            PlyOutcome& out) const;
  bool check(const Ply& ply, std::string_view token, const RollText* roll, Mode mode, Move& move,
             PlyOutcome& out) const;
  // check() for every ply (its own shortcut takes the usual valid one): attempt() with the
  // lenient implied passes. Out of line, so that the shortcut's call stays short.
  [[gnu::noinline]] bool check_in_full(const Ply& ply, bool lenient, Move& move,
                                       PlyOutcome& out) const;
  int mover(const Move& move) const { return move.side; }
  std::string side_name_of(int side) const { return cfg_->side_name(side); }
  void play(const Move& move, PlyOutcome& out);
  std::optional<std::string> canonical_text(std::string_view token) const;
  // The canonical text of the checked ply `move` (read as `ply` from `token`): a split move
  // (R20/R28, lenient) as the components it was read as, otherwise canonical_text(token).
  void canonical_of(const Ply& ply, const Move& move, std::string_view token,
                    std::string& out) const;

  // 6.2: reads the written roll against the dice of the position into ply.dice; returns false
  // when an error (appended to out) stops the ply.
  bool read_roll(const RollText& roll, bool lenient, Ply& ply, PlyOutcome& out) const;
  // Reads the usual token (components `[N x] from-to` on cells of the board) by hand into `ply`;
  // false for any other token, which the grammar and read_cells then read (and word its error).
  bool read_plain(std::string_view token, Ply& ply) const;
  // The cells of a read move (savoya.not-a-cell) into `ply`, its Nx counts expanded.
  bool read_cells(const notation::savoya::Move& move, Ply& ply, PlyOutcome& out) const;

  // The outcome of trying a ply for one side with known or unknown dice; the move tried is
  // written into the Move the caller gives.
  struct Attempt {
    bool ok = false;
    std::vector<Finding> findings;  // warnings on success; the error last on failure
  };

  Attempt attempt(const Ply& ply, int side, const std::optional<Dice>& dice, bool opening,
                  bool lenient, Move& move) const;
  Attempt attempt_known(const Ply& ply, int side, const Dice& dice, bool lenient,
                        Move& move) const;
  int next_side(int side) const { return (side + 1) % cfg_->num_sides(); }
  // The dice a ply with `roll` is played with ("" = the dice of the position), or nothing when
  // the game is over or the roll is malformed or of the wrong count (no legal ply then).
  std::optional<Dice> dice_for(std::string_view roll) const;

  std::shared_ptr<const Config> cfg_;
  Position pos_;
  // play_random's thread cache of the side's cells (savoya_generate.cpp) marks each position it
  // keeps; this is its mark for pos_ when pos_ is the position it last kept, else 0 (play()
  // clears it: every change of pos_ goes through play()). A match spares comparing the boards.
  std::uint64_t cells_mark_ = 0;
  int side_ = kRollOff;
  Dice dice_;  // n == 0 when the side to move has not rolled
  int result_ = kNoResult;
  int ended_at_ = 0;
  LastPly last_;  // its `before` is not kept (last_ply() makes it from `undo_`)
  // The cells the last ply changed, with their contents before it, and the pieces away before it.
  PlyChanges undo_;
  // Per side, the cell of a piece that could move when last asked (can_ever_move's hint).
  std::array<std::uint8_t, 4> movable_hint_{};
  bool check_shortcut_ = true;  // see set_check_shortcut
};

// Reads position text (§12) for a configuration; returns the state or the reason.
PositionResult read_position(const std::shared_ptr<const Config>& cfg, std::string_view text);
// Prints position text (§12).
std::string write_position(const Config& cfg, const Position& p, int side, const Dice& dice);

// Reads roll text "5" (an opening die) or "6-3" (digits 1..6 only); nothing when malformed.
std::optional<Dice> read_dice(std::string_view text);
// read_dice into `out`; false (and `out` unchanged) when malformed.
inline bool read_dice(std::string_view text, Dice& out) {
  auto die = [](char c) { return c >= '1' && c <= '6'; };
  if (text.size() == 1 && die(text[0])) {
    out = Dice::opening(text[0] - '0');
    return true;
  }
  if (text.size() == 3 && die(text[0]) && text[1] == '-' && die(text[2])) {
    out = Dice::roll(text[0] - '0', text[2] - '0');
    return true;
  }
  return false;
}

}  // namespace scribe::engine::savoya
