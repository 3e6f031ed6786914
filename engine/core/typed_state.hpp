// TypedState: the one apply() every game shares, implemented once over a game's own types.
//
// A game writes its steps over typed values and TypedState calls them in one order (as
// OpenSpiel's State::ApplyAction wraps DoApplyAction):
//
//   game over?  ->  read (token and roll -> Ply)  ->  check (Ply -> Move or findings)
//               ->  bookkeeping (plies, last ply text, mover)  ->  play (Move)
//
// Each step is given what it needs and hands its result to the next as a value; nothing is
// carried between the steps in hidden state. A game whose spec reads the ply before asking
// whether the game is over (Sava, S1-S4 before S5) says so with kReadBeforeGameOver.
//
// The derived class `G` (CRTP) provides:
//   using Ply = ...;    the ply as read from its token and roll, before the rules
//   using Move = ...;   a ply the rules accepted, ready to play
//   static constexpr bool kReadBeforeGameOver;   (optional, default false)
//   std::optional<Finding> game_over_finding() const;   the error when the game is over
//   bool read(std::string_view token, const RollText* roll, Mode mode, Ply& ply,
//             PlyOutcome& out) const;
//   bool check(const Ply& ply, std::string_view token, const RollText* roll, Mode mode,
//              Move& move, PlyOutcome& out) const;
//   int mover(const Move& move) const;   the side (an index) that plays `move`
//   std::string side_name_of(int side) const;   its name, asked only by last_mover()
//   void play(const Move& move, PlyOutcome& out);   after the bookkeeping; may add warnings
//   std::optional<std::string> canonical_text(std::string_view token) const;   (canonical_move)
//   void canonical_of(const Ply& ply, const Move& move, std::string_view token,
//                     std::string& out) const;   (optional) the canonical text of a checked
//                     ply before it is played, as canonical_text(token) would give it
// and, when it derives from ListedState (defaults of legal_moves and random_move):
//   void list_moves(std::string_view roll, std::vector<Move>& out) const;
//   std::string move_text(const Move& move) const;
// `read` and `check` fill their result in place (a position-sized Move is not copied on the
// replay path), append their findings to `out` (and may set out.roll), and return false when
// an error stops the ply.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.hpp"

namespace scribe::engine {

// Implements State::apply, the ply bookkeeping and the move-list defaults for the game state
// class G deriving from TypedState<G>.
template <class G>
class TypedState : public State {
 public:
  // Checks and plays one ply through the steps of G (see the file comment).
  PlyOutcome apply(std::string_view token, const RollText* roll, Mode mode) final {
    return apply_steps(token, roll, mode, nullptr);
  }

  // apply() that also writes the played ply's canonical text: G's canonical_of when it has one
  // (from the ply as read and checked), else canonical_text, both before the ply is played.
  PlyOutcome apply_canonical(std::string_view token, const RollText* roll, Mode mode,
                             std::string& canonical) final {
    return apply_steps(token, roll, mode, &canonical);
  }

  int plies_played() const final { return plies_; }
  std::string last_move_text() const final { return last_token_.text(); }
  std::string last_mover() const final {
    return last_mover_ < 0 ? std::string() : static_cast<const G&>(*this).side_name_of(last_mover_);
  }

  std::optional<std::string> canonical_move(std::string_view token) const override {
    return static_cast<const G&>(*this).canonical_text(token);
  }

  // Copies G whole (every game's state is a copyable value).
  std::unique_ptr<State> clone() const final {
    return std::make_unique<G>(static_cast<const G&>(*this));
  }

 protected:
  TypedState() = default;

  // Plays `move`, a ply the rules accept whose text is `token`, with apply()'s bookkeeping: for
  // a game's play_random, which draws a typed move and need not read its text back.
  template <class Move>  // G::Move (G is incomplete where this class is instantiated)
  void play_drawn(const Move& move, std::string_view token) {
    PlyOutcome out;
    record_and_play(move, token, out);
  }

 private:
  // The steps of apply(); with `canonical`, the played ply's canonical text is written there.
  // Inlined into both callers: a call between apply() and its steps cost a tenth of this
  // function's own work at every ply.
  [[gnu::always_inline]] PlyOutcome apply_steps(std::string_view token, const RollText* roll,
                                                Mode mode, std::string* canonical) {
    PlyOutcome out;
    const G& self = static_cast<const G&>(*this);
    if constexpr (!read_before_game_over()) {
      if (std::optional<Finding> over = self.game_over_finding()) {
        out.findings.push_back(std::move(*over));
        return out;
      }
    }
    typename G::Ply ply;  // default-initialised: every game's types initialise their members
    if (!self.read(token, roll, mode, ply, out)) return out;
    if constexpr (read_before_game_over()) {
      if (std::optional<Finding> over = self.game_over_finding()) {
        out.findings.push_back(std::move(*over));
        return out;
      }
    }
    typename G::Move move;
    if (!self.check(ply, token, roll, mode, move, out)) return out;
    if (canonical != nullptr) {
      if constexpr (requires { self.canonical_of(ply, move, token, *canonical); }) {
        self.canonical_of(ply, move, token, *canonical);
      } else {
        *canonical = self.canonical_text(token).value_or(std::string(token));
      }
    }
    record_and_play(move, token, out);
    out.applied = true;
    return out;
  }

  // The bookkeeping (plies, last ply text, mover), then G's play.
  template <class Move>
  void record_and_play(const Move& move, std::string_view token, PlyOutcome& out) {
    last_mover_ = static_cast<const G&>(*this).mover(move);
    last_token_.keep(token);
    ++plies_;
    static_cast<G&>(*this).play(move, out);
  }

  static constexpr bool read_before_game_over() {
    if constexpr (requires { G::kReadBeforeGameOver; })
      return G::kReadBeforeGameOver;
    else
      return false;
  }

  // The text of the last ply, kept at every ply and asked for rarely: a ply of up to 16 bytes
  // (nearly every ply) is copied inline with a few fixed-size moves, as a std::string's assign
  // with its checks and its call to memcpy cost a tenth of replaying a Soccolot ply.
  class LastToken {
   public:
    void keep(std::string_view t) {
      const std::size_t n = t.size();
      const char* from = t.data();
      if (n > sizeof(short_)) {
        long_.assign(from, n);
        short_len_ = kLong;
        return;
      }
      // Two moves that overlap cover any length between their size and twice it, and read
      // nothing outside the token.
      if (n >= 8) {
        std::memcpy(short_, from, 8);
        std::memcpy(short_ + n - 8, from + n - 8, 8);
      } else if (n >= 4) {
        std::memcpy(short_, from, 4);
        std::memcpy(short_ + n - 4, from + n - 4, 4);
      } else if (n > 0) {
        short_[0] = from[0];
        short_[n / 2] = from[n / 2];
        short_[n - 1] = from[n - 1];
      }
      short_len_ = static_cast<std::uint8_t>(n);
    }
    std::string text() const {
      return short_len_ == kLong ? long_ : std::string(short_, short_len_);
    }

   private:
    static constexpr std::uint8_t kLong = 0xFF;  // short_len_ of a token kept in long_
    char short_[16] = {};
    std::uint8_t short_len_ = 0;
    std::string long_;  // a token longer than short_
  };

  int plies_ = 0;
  LastToken last_token_;
  int last_mover_ = -1;  // the side that played the last ply, -1 before the first
};

// TypedState with legal_moves and random_move over G's typed moves, for a game G that lists
// them (list_moves and move_text). A game whose move lists are built otherwise (Savoya's play
// search) derives from TypedState and writes both itself.
template <class G>
class ListedState : public TypedState<G> {
 public:
  // Lists G's typed moves for `roll` as text, in G's order.
  std::vector<std::string> legal_moves(std::string_view roll) const override {
    const G& self = static_cast<const G&>(*this);
    std::vector<typename G::Move> moves;
    self.list_moves(roll, moves);
    std::vector<std::string> out;
    out.reserve(moves.size());
    for (const auto& m : moves) out.push_back(self.move_text(m));
    return out;
  }

  // Draws uniformly from G's typed moves, making the text of the chosen one only.
  std::string random_move(std::string_view roll, Random& rng) const override {
    const G& self = static_cast<const G&>(*this);
    std::vector<typename G::Move> moves;
    self.list_moves(roll, moves);
    if (moves.empty()) return {};
    return self.move_text(moves[rng.below(moves.size())]);
  }

  // Draws as random_move does and plays the drawn typed move directly (games without dice;
  // a game with dice takes State's default).
  bool play_random(Random& rng, std::string& roll, std::string& move) override {
    if (!this->chance_outcomes().empty()) return State::play_random(rng, roll, move);
    G& self = static_cast<G&>(*this);
    roll.clear();
    std::vector<typename G::Move> moves;
    self.list_moves(roll, moves);
    if (moves.empty()) return false;
    const typename G::Move chosen = moves[rng.below(moves.size())];
    move = self.move_text(chosen);
    this->play_drawn(chosen, move);
    return true;
  }

 protected:
  ListedState() = default;
};

}  // namespace scribe::engine
