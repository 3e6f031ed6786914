// The searcher behind Savoya's play search (savoya.md §15): the plays of one side from one
// position, walked depth first in search order; the listing, M and the first play are in
// savoya_search.cpp, the uniform draw of one play for `generate` in savoya_sample.cpp.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "engine/games/savoya/savoya_fixed_weights.hpp"
#include "engine/games/savoya/savoya_rules.hpp"
#include "engine/games/savoya/savoya_search_table.hpp"
#include "engine/games/savoya/savoya_side_cells.hpp"

namespace scribe::engine::savoya::search_detail {

// Depth-first search over the plays of one side from one position.
class Searcher {
 public:
  Searcher(const Config& cfg, const Position& start, const Dice& dice)
      : Searcher(cfg, start, dice, nullptr) {}
  // Searches in `work`, a copy of `start` (another object) that the caller keeps: the search
  // changes it and puts it back, and `start` is not copied for it.
  Searcher(const Config& cfg, const Position& start, const Dice& dice, Position& work)
      : Searcher(cfg, start, dice, &work) {}

  // Calls f(side, used, pips, won) after each legal component from the current node, in search
  // order, with the component applied (play_ holds the play so far). Stops when f returns true.
  template <typename F>
  bool for_each_component(int side, std::uint8_t used, F&& f) {
    const std::array<DiceSeq, 8>& seqs = di_->seqs[used];
    const int ns = di_->nseq[used];
    if (ns == 0) return false;
    for (int c = 0; c < b_.num_cells; ++c) {
      const int owner = mover(c, side);
      if (owner < 0) continue;
      const bool stop = for_each_route(c, seqs, ns, [&](std::uint8_t y, const DiceSeq& q) {
        const std::uint8_t used2 = static_cast<std::uint8_t>(used | q.mask);
        const Undo undo = push(c, y, owner, used2);
        const bool done = f(owner, used2, play_.pips, play_.won);
        pop(undo);
        return done;
      });
      if (stop) return true;
    }
    return false;
  }

  // Calls f(to, dice) for each legal route of the piece on `c` with one of the `ns` dice
  // sequences, by direction then sequence; stops when f returns true and returns whether it did.
  template <class F>
  bool for_each_route(int c, const std::array<DiceSeq, 8>& seqs, int ns, F&& f) const {
    const int colour = pos_.cells[c].top;
    for (int d = 0; d < b_.num_dirs[c]; ++d)
      for (int i = 0; i < ns; ++i) {
        const DiceSeq& q = seqs[i];
        const std::uint8_t y = b_.route[c][d][q.sum];
        if (y == kNoCell || y == c || !route_ok(c, d, q, colour)) continue;
        if (f(y, q)) return true;
      }
    return false;
  }

  // Whether the current node's position differs from the start (check 6.15): only the cells
  // the play so far left or reached can differ.
  bool changed() const {
    for (int i = 0; i < play_.n; ++i)
      if (!(pos_.cells[play_.from[i]] == start_.cells[play_.from[i]]) ||
          !(pos_.cells[play_.to[i]] == start_.cells[play_.to[i]]))
        return true;
    return false;
  }

  // Starts keeping the position hash (for the memo keys); called at the root.
  void start_hashing() {
    if (hashed_) return;
    hashed_ = true;
    pos_hash_ = 0;
    for (int c = 0; c < b_.num_cells; ++c) pos_hash_ ^= cell_key(c, pos_.cells[c]);
  }

  std::uint64_t key(std::uint8_t used) const {
    return pos_hash_ ^ arr_hash_ ^ mix(0x77000000ULL + used);
  }

  // M: the most pips a play of `side` can use (0 when it cannot move).
  int max_pips(int side);

  // A play of `side` using more than `pips` pips (into `out`); false when there is none.
  bool find_more(int side, int pips, Play& out);

  // The texts of the distinct valid plays of `side`, in the order they are first found.
  std::vector<std::string> valid(int side);

  // The first valid play in the order of valid(): the same search, stopped at its first play.
  bool first_valid(int side, Play& out);

  // Draws one valid play uniformly among the distinct valid plays (see random_valid_play).
  // False when M == 0. Rejection sampling first (propose_play); after max_trials rejections, the
  // exact count of every play. Either way each valid play comes out with probability 1/|valid|.
  // The trials first take M to be the whole roll, as it nearly always is: a drawn play that uses
  // every pip proves it. M is searched for only when a drawn play is a win with fewer pips or
  // kQuickTrials trials failed; when it is less, `rng` is put back and the draw starts again
  // with the true M. So the draws are those of trials that knew M from the start.
  bool uniform_play(int side, Random& rng, Play& out, int max_trials);

  // Lets uniform_play read the side's cells from `cells` (kept up to date by the caller for the
  // start position) instead of walking the board for them.
  void use_side_cells(const SideCells& cells) { cells_ = &cells; }

  // The rejection sampler's candidate lists for `side` when M is the whole roll, and the shapes
  // its compositions use (savoya_sample_lists_test.cpp compares them with wide_points).
  const std::array<CandList, 4>& proposal_lists(int side) {
    target_ = dice_.total();
    build_proposal(side);
    return cands_;
  }
  unsigned proposal_shapes() const { return comps_->shapes; }

  // For tests, wide_play's proposal for `side` (two different dice or a double): by shape, the
  // candidate c << 8 | y of each of the side's routes that stands for one, in route order. Each
  // must be the lists' (proposal_lists) in the lists' order: one point per candidate.
  std::array<std::vector<std::uint16_t>, 4> wide_points(int side);
  // For tests: wide_play's question whether c-y is a candidate of shape `sh`, after wide_points.
  bool wide_lists(int c, int y, int sh) const { return wide_has(c, y, sh); }

 private:
  // Trials before uniform_play searches for M when none was accepted.
  static constexpr int kQuickTrials = 8;
  // Points wide_play draws at most before it leaves the draw to the lists.
  static constexpr int kWideTrials = 512;

  // The rejection sampler behind uniform_play. A valid play is a list of components c-y; some
  // resolution gives its components dice sequences of "shapes" (a double's 1..4 dice; otherwise
  // the dice masks), a "composition". For each shape, candidates() holds every c-y that could
  // pass checks 6.7-6.14 with that shape at any point of the ply: c holds a piece of the side,
  // and the to-cell and stops are landable now or hold a piece of the side (a cell becomes
  // landable only when a piece is lifted off it; a landing never unblocks a cell). The proposal
  // space is the disjoint union, over the compositions that can make a valid play, of the
  // products of their candidate lists. A uniform draw from it is accepted when it is a valid
  // play and its composition is the first one (in list order) whose product holds it, so each
  // valid play has exactly one accepting point: accepted plays are uniform.
  // The shape index of a dice sequence: a double's number of dice, else its mask.
  int shape_of(std::uint8_t mask) const { return di_->shape[mask]; }

  // Lists the candidates of each shape and the compositions that can make a valid play.
  void build_proposal(int side);

  // Lists the candidates of the shapes in the bit set `shapes` (every c-y, c holding a piece of
  // the side), each list by from-cell, then direction, without repeats (two directions may
  // reach one cell: those of a from-cell are compared with each other).
  void list_candidates(unsigned shapes);
  // The side's cells the lists read: the caller's, or those build_proposal made.
  const SideCells& side_cells() const { return cells_ != nullptr ? *cells_ : own_cells_; }

  // One trial: draws a point of the proposal space; true (found_ set) when it is accepted.
  bool propose_play(int side, Random& rng);

  // The way uniform_play tries first, for a roll of two different dice or a double, with M
  // taken to be the whole roll: the same proposal without its lists. A point is a composition
  // and, for each of its components, one route of one of the side's pieces that may move (a
  // cell whose top piece is the side's, and a direction); it stands for the candidate c-y that
  // route reaches when the direction is the first of c to list it (wide_candidate), and for
  // nothing otherwise. So each candidate tuple that can be a valid play (the lists also hold
  // pinned pieces' cells, whose tuples never are) has exactly one point, and propose_play's
  // acceptance keeps each valid play's single accepting point. A point is rejected after a look
  // at a few route cells, where the lists cost a walk of every route of every piece before each
  // draw. False when it gave up: no accepted point in kWideTrials, kQuickTrials points failing
  // the full check, a win with fewer pips than M, or too many points for 32 bits. The caller
  // then draws the lists' way; either way each valid play has the same chance.
  bool wide_play(int side, Random& rng, Play& out);
  // Readies wide_play's proposal for `side`: the side's cells and routes, the distances of the
  // roll's shapes. Returns the number of routes, 0 when the roll is neither two different dice
  // nor a double.
  int wide_setup(int side);
  // Whether the route of row `row` (cell * kMaxDirs + direction) reaches a to-cell `y` of shape
  // `sh` (to-cell landable, and with -stops=check a landable stop), the cell itself not excluded.
  [[gnu::always_inline]] bool wide_reaches(int row, int sh, std::uint8_t& y) const;
  // wide_reaches, y not the cell itself and no earlier direction of the cell reaching the same
  // y: the route that lists c-y.
  [[gnu::always_inline]] bool wide_candidate(int row, int sh, std::uint8_t& y) const;
  // Whether c-y is a candidate of shape `sh` (as CandList::has on the lists).
  bool wide_has(int c, int y, int sh) const;

  // Whether the components `pick[0..n)` make a valid play (as count_node counts them); found_
  // receives it when they do, and full_ whether some resolution of it uses target_ pips.
  bool valid_list(int side, const std::array<std::uint16_t, 4>& pick, int n);

  // The counting behind uniform_play's fallback. A node is the position after some components, with
  // the set of used-dice masks that some resolution of them leaves (a bit set over the 16 masks):
  // the plays that extend it are fixed by the position, the pieces moved and that set, so
  // counts are memoised on those. Children are distinct components c-y (a play's text is its
  // list of components), whatever routes and dice make them.

  // Returns the dice sequences playable after the dice of `used`.
  const std::array<DiceSeq, 8>& seqs_after(int used, int& n) const {
    n = di_->nseq[used];
    return di_->seqs[used];
  }

  // The used-dice masks after the piece on `c` goes to `y` by a legal route from one of the
  // masks of `set` (as for_each_route finds them), as a bit set; 0 when no route does.
  std::uint16_t masks_to(int c, std::uint8_t y, std::uint16_t set) const;

  // Calls f(c, y, owner, after) for each distinct component c-y playable from the current node
  // (used-dice masks `set`), `after` being the masks some resolution of it leaves; from-cells in
  // canonical order. Stops when f returns true and returns whether it did.
  template <class F>
  bool for_each_child(int side, std::uint16_t set, F&& f) {
    std::array<std::uint8_t, 32> ys;
    std::array<std::uint16_t, 32> afters;
    for (int c = 0; c < b_.num_cells; ++c) {
      const int owner = mover(c, side);
      if (owner < 0) continue;
      int k = 0;
      for (int u = 0; u < 16; ++u) {
        if (!((set >> u) & 1) || di_->pips[u] >= target_) continue;
        int ns = 0;
        const std::array<DiceSeq, 8>& seqs = seqs_after(u, ns);
        for_each_route(c, seqs, ns, [&](std::uint8_t y, const DiceSeq& q) {
          int j = 0;
          while (j < k && ys[j] != y) ++j;
          if (j == k) {
            ys[k] = y;
            afters[k++] = 0;
          }
          afters[j] = static_cast<std::uint16_t>(afters[j] | (1u << (u | q.mask)));
          return false;
        });
      }
      for (int j = 0; j < k; ++j)
        if (f(c, ys[j], owner, afters[j])) return true;
    }
    return false;
  }

  // Whether a valid play ends at the current node, reached with the masks `after`.
  bool ends_here(std::uint16_t after) const {
    if (!changed()) return false;
    if (play_.won) return true;
    for (unsigned rest = after; rest != 0; rest &= rest - 1)
      if (di_->pips[std::countr_zero(rest)] == target_) return true;
    return false;
  }

  // The masks of `after` that may still be extended (fewer pips than M), none after a win.
  std::uint16_t open_masks(std::uint16_t after) const {
    if (play_.won) return 0;
    std::uint16_t open = 0;
    for (unsigned rest = after; rest != 0; rest &= rest - 1) {
      const int u = std::countr_zero(rest);
      if (di_->pips[u] < target_) open = static_cast<std::uint16_t>(open | (1u << u));
    }
    return open;
  }

  // The number of distinct valid plays through the current node (just reached with `after`):
  // the play ending here, and those going on.
  std::uint64_t count_through(int owner, std::uint16_t after);

  // The number of distinct valid plays that add at least one component to the current node.
  std::uint64_t count_node(int side, std::uint16_t set);

  // Walks to the play numbered r (0-based, r < count_node(side, set)) among those that add a
  // component to the current node, in the order of for_each_child; found_ receives it.
  void pick(int side, std::uint16_t set, std::uint64_t r);

  // What push() changed, for pop(). push() sets every member: none is initialised before (the
  // samplers keep arrays of these on the stack for every trial).
  struct Undo {
    Stack sc, sy;
    std::array<std::int16_t, kColours> away;
    std::uint64_t pos_hash, arr_hash;
    std::uint8_t c, y;
  };

  // The side whose piece on `c` may move now (an unmoved movable piece of `side`, or of any side
  // in play when `side` is -1), or -1.
  int mover(int c, int side) const {
    const Stack& sc = pos_.cells[c];
    if (sc.top < 0) return -1;
    const int owner = cfg_.side_of_colour[sc.top];
    if (owner < 0 || (side >= 0 && owner != side)) return -1;
    if (static_cast<int>(sc.count) - arrived_[c] <= 0) return -1;
    return owner;
  }

  // Whether `cell` is landable for `colour` once a piece has been lifted off `c`.
  bool landable_lifted(int c, int cell, int colour) const {
    if (cell != c) return landable(pos_, cell, colour);
    Stack s = pos_.cells[c];
    if (--s.count == 0) {
      s.count = s.pinned >= 0 ? 1 : 0;
      s.top = s.pinned;
      s.pinned = kNoColour;
    }
    return landable(s, colour);
  }

  // Whether a piece of `colour` lifted off `c` may take the route of `q` in direction `d`: its
  // to-cell and (with -stops=check) its stops are landable (checks 6.12 and 6.14).
  bool route_ok(int c, int d, const DiceSeq& q, int colour) const {
    const auto& r = b_.route[c][d];
    if (!landable_lifted(c, r[q.sum], colour)) return false;
    if (!cfg_.free_stops)
      for (int p = 0; p + 1 < q.len; ++p)
        if (!landable_lifted(c, r[q.partial[p]], colour)) return false;
    return true;
  }

  // Whether every colour of `side` is home (has_won, on the current node).
  bool won(int side) const {
    for (int k = 0; k < kColours; ++k)
      if (((cfg_.colours_of_side[side] >> k) & 1) && pos_.away[k] != 0) return false;
    return true;
  }

  // Plays the component c -> y of `owner` (its route checked) with the dice `used2` in all.
  Undo push(int c, std::uint8_t y, int owner, std::uint8_t used2) {
    Undo u;
    push(c, y, owner, used2, u);
    return u;
  }
  // push() writing what pop() needs into `u` (an array's slot, written in place: made aside and
  // copied in, its fields were read back whole before their stores had landed, a stall).
  void push(int c, std::uint8_t y, int owner, std::uint8_t used2, Undo& u) {
    u.c = static_cast<std::uint8_t>(c);
    u.y = y;
    u.sc = pos_.cells[c];
    u.sy = pos_.cells[y];
    u.away = pos_.away;
    u.pos_hash = pos_hash_;
    u.arr_hash = arr_hash_;
    const int colour = u.sc.top;
    lift(b_, pos_, c);
    land(b_, pos_, y, colour);
    if (hashed_) {
      pos_hash_ ^= cell_key(c, u.sc) ^ cell_key(c, pos_.cells[c]) ^ cell_key(y, u.sy) ^
                   cell_key(y, pos_.cells[y]);
      arr_hash_ ^= arrived_key(y, arrived_[y]) ^ arrived_key(y, arrived_[y] + 1);
    }
    ++arrived_[y];
    play_.from[play_.n] = static_cast<std::uint8_t>(c);
    play_.to[play_.n] = y;
    ++play_.n;
    play_.pips = di_->pips[used2];
    play_.won = won(owner);
  }

  // Takes back what push() did.
  void pop(const Undo& u) {
    --play_.n;
    --arrived_[u.y];
    pos_hash_ = u.pos_hash;
    arr_hash_ = u.arr_hash;
    pos_.cells[u.c] = u.sc;
    pos_.cells[u.y] = u.sy;
    pos_.away = u.away;
  }

  void dfs_max(int side, std::uint8_t used);

  bool dfs_more(int side, std::uint8_t used);

  bool dfs_valid(int side, std::uint8_t used);

  // dfs_valid stopped at its first play (found_). Until dfs_valid finds a play, every node it
  // memoises has none below it, so it skips exactly the nodes already searched to the end; here
  // visited_ holds those nodes, filled as they finish, and the two searches walk the same nodes.
  bool dfs_first(int side, std::uint8_t used);

  Searcher(const Config& cfg, const Position& start, const Dice& dice, Position* work)
      : cfg_(cfg),
        b_(*cfg.board),
        start_(start),
        dice_(dice),
        pos_(work != nullptr ? *work : lease_.get().pos) {
    if (work == nullptr) pos_ = start;
    di_ = shared_dice_info(dice);
    if (di_ == nullptr) {
      own_di_ = std::make_unique<DiceInfo>();
      fill_dice_info(dice, *own_di_);
      di_ = own_di_.get();
    }
  }

  ScratchLease lease_;  // first: pos_ and the tables below are the lease's
  const Config& cfg_;
  const Board& b_;
  const Position& start_;
  const Dice& dice_;
  Position& pos_;  // the position of the current node: the caller's `work`, or the lease's
  std::array<std::uint8_t, kMaxCells> arrived_{};
  const DiceInfo* di_ = nullptr;
  std::unique_ptr<DiceInfo> own_di_;  // for dice shared_dice_info does not hold
  bool hashed_ = false;               // whether pos_hash_ and arr_hash_ are kept
  std::uint64_t pos_hash_ = 0, arr_hash_ = 0;
  Play play_;
  Play found_;
  int best_ = 0;
  int target_ = 0;
  FlatTable& visited_ = lease_.get().visited;
  FlatTable& counts_ = lease_.get().counts;
  // What valid() keeps while it searches, made by valid() alone: a Searcher is made for every
  // ply `generate` draws, which would make and unmake these tables with it.
  struct ValidSets {
    std::unordered_map<std::uint64_t, bool> memo;
    std::unordered_set<std::uint64_t> seen;
    std::vector<std::uint64_t> keys;
  };
  ValidSets* valid_sets_ = nullptr;
  // The rejection sampler's proposal: candidates c << 8 | y per shape, the compositions (those
  // of di_ when M is the whole roll) and their weights.
  const Compositions* comps_ = nullptr;
  Compositions& own_comps_ = lease_.get().comps;
  std::array<std::uint64_t, 16> weights_;
  std::uint64_t total_weight_ = 0;
  FixedBelow draw_weight_;  // rng.below(total_weight_), its bound worked out once
  std::array<search_detail::CandList, 4>& cands_ = lease_.get().cands;
  // The cells holding a piece of the side (top or pinned), and by cell whether it is landable
  // for one of its colours or holds one of its pieces (SideCells): from the caller's cells_ or
  // made in own_cells_ (the thread's).
  std::array<std::uint8_t, kMaxCells> mine_;
  int nmine_ = 0;
  const SideCells* cells_ = nullptr;
  SideCells& own_cells_ = lease_.get().cells;
  const std::uint8_t* landable_ = nullptr;
  bool full_ = false;
  // wide_play's proposal: by shape the steps its routes go, the side's routes, and the board's
  // table of routes that meet (routes_meet).
  std::array<std::uint8_t, 4> wide_dist_;
  bool wide_double_ = false;  // the roll is a double (else two different dice)
  std::array<std::uint16_t, kMaxCells * kMaxDirs + kMaxDirs> wide_rows_;  // + slack
  const std::uint32_t* meet_ = nullptr;
};

}  // namespace scribe::engine::savoya::search_detail
