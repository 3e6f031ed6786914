// A Druid configuration (Config) and one Druid position (DruidState), spec games/druid.md
// §3-§12. The renderer includes this header to read positions (dynamic_cast from
// engine::State).
//
// A position stores, per cell, its height, its top unit and its levels. The levels of all cells
// live in one arena of fixed-size chunks owned by the position; a cell's chunks are chained
// from its top chunk down. Stones are only ever added on top, so a ply appends at most four
// units and allocates nothing except when the arena grows (amortised). Copying a position copies
// three fixed arrays and two vectors.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/typed_state.hpp"
#include "engine/games/druid/druid_board.hpp"
#include "notation/games/druid/druid_notation.hpp"

namespace scribe::engine::druid {

// What a configuration fixes: the board, the players, and the rule switches.
struct Config {
  std::shared_ptr<const Board> board;
  int players = 2;
  bool walk = false;
  bool nostack = false;
  bool nogaps = false;
  bool walkturn_both = true;                   // -walkturn=both (default) or either
  std::array<char, 3> letters{'V', 'H', '?'};  // side names in side order
  // goals[s]: edge sets; s wins when one group touches every edge of one of them (§8.1).
  std::array<std::vector<std::uint8_t>, 3> goals;
  // edges[s]: s's two edges (Walk entry and target, §9.3); 0 when s has no such pair.
  std::array<std::array<std::uint8_t, 2>, 3> edges{};
  // Player names from the Player1..3 tags ("" when absent), by seat.
  std::array<std::string, 3> player_names;

  // Returns the side index of a side letter (either case), or -1 when not in play.
  int side_of_letter(char c) const;
  // Returns the side name ("V").
  std::string side_name(int side) const {
    return std::string(1, letters[static_cast<std::size_t>(side)]);
  }
  // Returns "square", "hex", "hex3" or "y".
  std::string board_word() const;
  // Returns the edge bits of side s's goal sides and edges (both edges for Walk).
  std::uint8_t edge_pair_mask(int side) const {
    return static_cast<std::uint8_t>(edges[static_cast<std::size_t>(side)][0] |
                                     edges[static_cast<std::size_t>(side)][1]);
  }
};

// Makes the configuration of a board kind, size and player count, with the side letters,
// goals and edges of §1.1, §8.1 and §9.3.
std::shared_ptr<Config> make_config(BoardKind kind, int size, int players);

// One unit of a stack, in one byte: kind in bits 0-1, side in bits 2-4. A gap is 0.
enum class UnitKind : std::uint8_t { kGap = 0, kSarsen = 1, kLintelEnd = 2, kLintelMiddle = 3 };
constexpr std::uint8_t make_unit(UnitKind k, int side) {
  return static_cast<std::uint8_t>(static_cast<int>(k) | (side << 2));
}
constexpr UnitKind unit_kind(std::uint8_t u) { return static_cast<UnitKind>(u & 3); }
constexpr int unit_side(std::uint8_t u) { return u >> 2; }
constexpr bool is_lintel_unit(std::uint8_t u) {
  return unit_kind(u) == UnitKind::kLintelEnd || unit_kind(u) == UnitKind::kLintelMiddle;
}

// One lintel: its ends in cell order, its middle, its level and side.
struct Lintel {
  std::int16_t a = 0, m = 0, b = 0;
  std::uint8_t level = 0;
  std::uint8_t side = 0;
  friend bool operator==(const Lintel&, const Lintel&) = default;
};

// What the last ply did, for diagrams.
struct LastMove {
  enum class Kind : std::uint8_t { kNone, kSarsen, kLintel, kStep, kPass, kSwap };
  Kind kind = Kind::kNone;
  std::int16_t a = -1, m = -1, b = -1;          // placed cells (sarsen: a)
  std::int16_t druid_from = -1, druid_to = -1;  // a druid move
  int side = -1;
};

// One Druid position. Its plies go through the steps of TypedState: read (§6.2), check
// (§6.3-6.20) and play (§7-§8).
class DruidState : public ListedState<DruidState> {
 public:
  static constexpr int kMaxHeight = 255;
  static constexpr int kChunk = 12;

  // A ply as read from its token (§5).
  using Ply = notation::druid::ParsedMove;
  // A ply the rules accept, in cells; also one entry of the legal move list.
  struct Move {
    enum class Kind : std::uint8_t { kPlace, kStep, kSwap, kPass } kind = Kind::kPass;
    int a = -1, m = -1, b = -1;  // placement: sarsen cell a, or lintel ends a, b and middle m
    int to = -1;                 // the Druid's destination cell, -1 when it does not move
    int dir = -1;                // kStep: the direction (a Compass value) as the list names it
  };

  // Makes the start position: empty board, first side to move.
  explicit DruidState(std::shared_ptr<const Config> config);

  // State interface.
  std::string position_text() const override;
  // The heights of the cells and the side to move (druid_position.cpp).
  std::uint64_t position_digest() const override;
  std::string side_to_move() const override;
  bool side_to_move_view(std::string_view& out) const override {
    out = over_ ? std::string_view()
                : std::string_view(&config_->letters[static_cast<std::size_t>(to_move_)], 1);
    return true;
  }
  std::optional<std::string> result() const override;
  std::string text_board() const override;
  std::string text_facts() const override;
  // Draws a ply as ListedState does (uniformly, in the order of list_moves) and plays it. Without
  // -walk it counts the placements and finds the drawn one without listing them (the same draw,
  // so the same records); with -walk it lists them (druid_moves.cpp).
  bool play_random(Random& rng, std::string& roll, std::string& move) override;

  // Reads position text against `config` (§11); returns the reason on failure.
  static PositionResult parse(std::shared_ptr<const Config> config, std::string_view text);

  // Read access for diagrams and tests.
  const Config& config() const { return *config_; }
  const Board& board() const { return *config_->board; }
  int height(int cell) const { return height_[static_cast<std::size_t>(cell)]; }
  std::uint8_t top(int cell) const { return top_[static_cast<std::size_t>(cell)]; }
  // Returns the unit at `level` (1 .. height) of `cell`.
  std::uint8_t unit_at(int cell, int level) const;
  // Returns the owner of the top unit (side index), or -1 for bare ground.
  int owner(int cell) const { return height(cell) == 0 ? -1 : unit_side(top(cell)); }
  const std::vector<Lintel>& lintels() const { return lintels_; }
  // Returns the druid's cell of a side, or -1; and its target edge bit.
  int druid_cell(int side) const { return druid_cell_[static_cast<std::size_t>(side)]; }
  std::uint8_t druid_target(int side) const {
    return druid_target_[static_cast<std::size_t>(side)];
  }
  int to_move() const { return to_move_; }
  int passes() const { return passes_; }
  bool over() const { return over_; }
  // The winning side, or -1 (no winner, or a draw).
  int winner() const { return winner_; }
  bool swapped() const { return swapped_; }
  const LastMove& last_move() const { return last_; }
  // Returns the cells of the winning group (connection) or the winning druid's cell (Walk).
  std::vector<int> winning_cells() const;
  // Returns the player name (or "PlayerN") that plays `side` under the current seats.
  std::string player_of(int side) const;

 private:
  friend class TypedState<DruidState>;
  friend class ListedState<DruidState>;

  // The steps of TypedState (engine/core/typed_state.hpp).
  std::optional<Finding> game_over_finding() const;
  bool read(std::string_view token, const RollText* roll, Mode mode, Ply& ply,
            PlyOutcome& out) const;
  bool check(const Ply& mv, std::string_view token, const RollText* roll, Mode mode, Move& move,
             PlyOutcome& out) const;
  int mover(const Move&) const { return to_move_; }
  std::string side_name_of(int side) const { return config_->side_name(side); }
  void play(const Move& move, PlyOutcome& out);
  // Lists the legal plies in the canonical order of §15.
  void list_moves(std::string_view roll, std::vector<Move>& out) const;
  // The canonical text of a listed ply.
  std::string move_text(const Move& p) const;
  std::optional<std::string> canonical_text(std::string_view token) const;
  // The canonical text of the checked ply `mv` before it is played, as canonical_text(token)
  // gives it, from the ply as read (dedup's keys: no second read of the token).
  void canonical_of(const Ply& mv, const Move& move, std::string_view token,
                    std::string& out) const;
  // Appends the canonical text of the ply read as `mv` to `out`.
  void append_canonical(const notation::druid::ParsedMove& mv, std::string& out) const;

  // 6.6: sets the cells of a placement (and a destination cell) or returns the finding of the
  // first name that is off the board.
  std::optional<Finding> resolve_cells(const Ply& mv, Move& move) const;
  // 6.17-6.20 for a ply that moves the druid, on the position after the placement of `move`
  // (entering the druid at `entry_now`, or -1); sets move.to.
  std::optional<Finding> check_druid_move(const Ply& mv, int entry_now, Move& move) const;
  // The first failing check of §6.7-6.16 for a placement, or kOk.
  enum class Fail : std::uint8_t {
    kOk,
    kDruidCell,
    kSarsenOnEnemy,
    kSarsenOnSarsen,
    kLintelShape,
    kLintelOnGround,
    kLintelNotFlat,
    kLintelGap,
    kLintelSupport,
    kHeightLimit
  };

  struct Chunk {
    std::array<std::uint8_t, kChunk> units{};
    std::int32_t prev = -1;
  };

  // Returns whether any druid stands on `cell`.
  bool druid_on(int cell) const;
  // Checks a sarsen of the side to move on x (6.7-6.9, 6.16).
  Fail check_sarsen(int x) const;
  // Checks a lintel of the side to move from a to b (6.10-6.16); sets *m to its middle and
  // *bad to the cell a failing check names.
  Fail check_lintel(int a, int b, int* m, int* bad) const;
  // Plays a checked placement for the side to move (§7.1-7.3); returns the cell the side's
  // druid entered on, or -1.
  int place(int a, int m, int b, bool lintel);
  // Returns the cell S's druid would enter on for a placement of cells a, m, b, or -1.
  int entry_cell(int side, int a, int m, int b, bool lintel) const;
  // Ends the turn after a ply that is not a swap: checks for the end and passes the turn.
  void finish_turn(bool reset_passes);
  // Makes the Finding of a failed placement check.
  Finding placement_finding(Fail fail, const notation::druid::ParsedMove& mv, int a, int m, int b,
                            int bad) const;
  // Steps of parse() (§11) on a new state: puts the stacks and lintels read from position text
  // on the board (fill_stacks), places the druids of field 5 (rule 6), reads the side, passes
  // and swap fields (rules 7, 8). The last two return the reason of a failure, "" otherwise.
  void fill_stacks(const std::vector<std::string>& stacks, const std::vector<Lintel>& lintels,
                   const std::map<std::pair<int, int>, int>& covered);
  std::string place_druids(std::string_view field);
  std::string read_turn(std::string_view side, std::string_view passes_field,
                        std::string_view swap_field);
  // Puts `unit` on top of `cell` (its height must be below kMaxHeight).
  void push_unit(int cell, std::uint8_t unit);
  // Returns the edge bits touched by the group of `side`-topped cells containing `from`
  // (several start cells allowed); fills `group` when not null.
  std::uint8_t group_edges(const int* from, int n_from, int side, std::vector<int>* group) const;
  // The groups of each side, kept as placements join cells (union-find), so the end-of-turn
  // check costs a few steps instead of a walk of the group. A side that loses a cell to
  // another side's lintel has only that cell's group walked again (split_group); after
  // parse(), the groups are built from the board when first asked for.
  // Makes cell x, now topped by `side`, a group of its own when it was not `side`'s before
  // (`before`: its owner before the placement).
  void claim_cell(int x, int side, int before);
  // After `side` lost cell x: labels again the cells of x's old group, which may have split.
  void split_group(int x, int side);
  // Joins cell x, topped by `side` and claimed, to the groups of its `side` neighbours.
  void join_group(int x, int side);
  // Merges the group of x with those of its neighbours of `side` (the groups kept up to date).
  void unite_with_neighbours(int x, int side);
  // Returns the root of x's group (halving the path on the way).
  int group_root(int x);
  // Rebuilds the groups of `side` from the board.
  void rebuild_groups(int side);
  // Returns the edge bits of the group of `side` holding x (x topped by `side`).
  std::uint8_t placed_group_edges(int x, int side);
  // Returns whether `side` has a winning group anywhere (§8.1).
  bool has_connection(int side, std::vector<int>* group) const;
  // Returns whether `edges` satisfies one of side's goals.
  bool goal_reached(int side, std::uint8_t edges) const;

  std::shared_ptr<const Config> config_;
  std::array<std::uint8_t, kMaxCells> height_{};
  std::array<std::uint8_t, kMaxCells> top_{};
  std::array<std::int32_t, kMaxCells> tail_{};  // top chunk of each cell, -1 when bare
  std::vector<Chunk> arena_;
  std::vector<Lintel> lintels_;
  std::array<std::int16_t, 3> druid_cell_{-1, -1, -1};
  std::array<std::uint8_t, 3> druid_target_{0, 0, 0};
  int to_move_ = 0;
  int passes_ = 0;
  bool swap_ok_ = false;
  bool over_ = false;
  int winner_ = -1;
  int end_ply_ = 0;          // plies_played() when the game ended
  bool from_start_ = false;  // the start position of a game (swap may follow ply 1)
  bool swapped_ = false;     // seats 1 and 2 exchanged
  LastMove last_;
  // The groups (join_group): each cell's parent cell in its group, the edge bits of each
  // group at its root, and a bit per side whose groups are stale.
  // For play_random: which sides may place a lintel on each lintel line (bit s; druids
  // aside), how many lines each side has, and the plies_played() they were made for. Kept up
  // to date from the cells of the last ply when play_random is called once per ply, rebuilt
  // otherwise; empty until play_random is first called.
  struct LintelLines {
    std::vector<std::uint8_t> sides;
    std::array<int, 3> count{};
    int plies = -1;
  };
  LintelLines lintel_cache_;
  // Brings lintel_cache_ up to this position.
  void refresh_lintel_cache();
  std::array<std::int16_t, kMaxCells> group_parent_{};
  std::array<std::uint8_t, kMaxCells> group_edges_{};
  std::uint8_t groups_stale_ = 0b111;
};

}  // namespace scribe::engine::druid
