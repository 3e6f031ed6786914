// The play search of savoya.md §15: depth-first over components in search order (from-cells in
// canonical order, routes in path order, index, step +1 before -1, dice sequences with fewer
// dice first and the larger first die first), memoised on (position, moved pieces, used dice);
// and the counting that draws one valid play for `generate`, uniformly among the distinct plays,
// without listing them.
#include <algorithm>
#include <bit>
#include <unordered_map>
#include <unordered_set>

#include "engine/games/savoya/savoya_rules.hpp"
#include "engine/games/savoya/savoya_search_table.hpp"

namespace scribe::engine::savoya {
namespace {

using search_detail::arrived_key;
using search_detail::CandList;
using search_detail::cell_key;
using search_detail::DiceInfo;
using search_detail::FlatTable;
using search_detail::mix;
using search_detail::ScratchLease;

// Depth-first search over the plays of one side from one position.
class Searcher {
 public:
  Searcher(const Config& cfg, const Position& start, const Dice& dice)
      : cfg_(cfg), b_(*cfg.board), start_(start), dice_(dice), pos_(start) {
    di_ = search_detail::shared_dice_info(dice);
    if (di_ == nullptr) {
      own_di_ = std::make_unique<DiceInfo>();
      search_detail::fill_dice_info(dice, *own_di_);
      di_ = own_di_.get();
    }
  }

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

  int max_pips(int side) {
    start_hashing();
    best_ = 0;
    visited_.reset();
    dfs_max(side, 0);
    return best_;
  }

  bool find_more(int side, int pips, Play& out) {
    if (dice_.total() <= pips) return false;
    target_ = pips;
    start_hashing();
    visited_.reset();
    if (!dfs_more(side, 0)) return false;
    out = found_;
    return true;
  }

  std::vector<std::string> valid(int side) {
    const int m = max_pips(side);
    std::vector<std::string> out;
    if (m == 0) return out;
    target_ = m;
    memo_.clear();
    seen_.clear();
    keys_.clear();
    dfs_valid(side, 0);
    // Texts are built once per distinct play, in the order the plays were first found.
    out.reserve(keys_.size());
    for (const std::uint64_t k : keys_) {
      Play p;
      p.n = static_cast<int>(k >> 56);
      for (int i = 0; i < p.n; ++i) {
        p.from[i] = static_cast<std::uint8_t>((k >> (14 * i)) & 0x7F);
        p.to[i] = static_cast<std::uint8_t>((k >> (14 * i + 7)) & 0x7F);
      }
      out.push_back(play_text(b_, p));
    }
    return out;
  }

  // The first valid play in the order of valid(): the same search, stopped at its first play.
  bool first_valid(int side, Play& out) {
    const int m = max_pips(side);
    if (m == 0) return false;
    target_ = m;
    visited_.reset();
    if (!dfs_first(side, 0)) return false;
    out = found_;
    return true;
  }

  // Draws one valid play uniformly among the distinct valid plays (see random_valid_play).
  // False when M == 0. Rejection sampling first (propose_play); after max_trials rejections, the
  // exact count of every play. Either way each valid play comes out with probability 1/|valid|.
  // The trials first take M to be the whole roll, as it nearly always is: a drawn play that uses
  // every pip proves it. M is searched for only when a drawn play is a win with fewer pips or
  // kQuickTrials trials failed; when it is less, `rng` is put back and the draw starts again
  // with the true M. So the draws are those of trials that knew M from the start.
  bool uniform_play(int side, Random& rng, Play& out, int max_trials) {
    const int total = dice_.total();
    const Random at_start = rng;
    target_ = total;
    build_proposal(side);
    int m = -1;  // M, once known
    for (int t = 0; t < max_trials && total_weight_ > 0; ++t) {
      if (t == kQuickTrials && m < 0 && (m = max_pips(side)) != total) break;
      if (!propose_play(side, rng)) continue;
      if (m < 0 && !full_) m = max_pips(side);  // a win with fewer pips: is M the whole roll?
      if (m < 0 || m == total) {
        out = found_;
        return true;
      }
      break;
    }
    if (m < 0) m = max_pips(side);
    if (m == 0) {
      rng = at_start;
      return false;
    }
    if (m != total) {
      rng = at_start;
      target_ = m;
      build_proposal(side);
      for (int t = 0; t < max_trials && total_weight_ > 0; ++t)
        if (propose_play(side, rng)) {
          out = found_;
          return true;
        }
    }
    start_hashing();
    counts_.reset();
    const std::uint64_t count = count_node(side, 1);
    if (count == 0) return false;  // cannot happen: a play with M pips exists
    pick(side, 1, rng.below(count));
    out = found_;
    return true;
  }

 private:
  // Trials before uniform_play searches for M when none was accepted.
  static constexpr int kQuickTrials = 8;

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
  void build_proposal(int side) {
    unsigned colours = 0;  // the colours `side` moves
    for (int k = 0; k < kColours; ++k)
      if (side < 0 ? cfg_.in_play(k) : cfg_.side_of_colour[k] == side) colours |= 1u << k;
    int away = 0;
    for (int k = 0; k < kColours; ++k)
      if ((colours >> k) & 1) away += pos_.away[k];
    // Without branches (the cells are a mix of every kind): ours[colour + 1] is 1 for the
    // colours of the side and 0 for the others and for no colour (-1).
    std::array<std::uint8_t, kColours + 1> ours{};
    for (int k = 0; k < kColours; ++k) ours[k + 1] = static_cast<std::uint8_t>((colours >> k) & 1);
    int nmine = 0;
    for (int z = 0; z < b_.num_cells; ++z) {
      const Stack& s = pos_.cells[z];
      const unsigned mine = ours[s.top + 1] | ours[s.pinned + 1];
      mine_[nmine] = static_cast<std::uint8_t>(z);
      nmine += static_cast<int>(mine);
      // Landable for some colour of the side, or holding one of its pieces.
      maybe_landable_[z] = (mine | (s.top < 0) | ((s.count == 1) & (s.pinned < 0))) != 0;
    }
    nmine_ = nmine;
    ncomp_ = 0;
    total_weight_ = 0;
    std::array<std::uint8_t, 4> comp{};
    const int dice_n = dice_.doubles ? 4 : dice_.n;
    unsigned shapes = 0;
    add_compositions(0, comp, 0, away <= dice_n, shapes);
    list_candidates(shapes);
    for (int i = 0; i < ncomp_; ++i) {
      Composition& cm = comps_[i];
      std::uint64_t w = 1;
      for (int j = 0; j < cm.n; ++j) w *= static_cast<unsigned>(cands_[shape_of(cm.masks[j])].n);
      cm.weight = w;
      total_weight_ += w;
    }
  }

  // Lists the candidates of the shapes in the bit set `shapes` (every c-y, c holding a piece of
  // the side), each list by from-cell, then direction, without repeats (two directions may
  // reach one cell: those of a from-cell are compared with each other).
  void list_candidates(unsigned shapes) {
    for (int sh = 0; sh < 4; ++sh)
      if ((shapes >> sh) & 1) cands_[sh].n = 0;
    const std::array<DiceSeq, 8>& seqs = di_->seqs[0];
    const int ns = di_->nseq[0];
    for (int k = 0; k < nmine_; ++k) {
      const int c = mine_[k];
      for (int sh = 0; sh < 4; ++sh) cands_[sh].begin[c] = static_cast<std::uint16_t>(cands_[sh].n);
      for (int d = 0; d < b_.num_dirs[c]; ++d) {
        const auto& route = b_.route[c][d];
        for (int i = 0; i < ns; ++i) {
          const DiceSeq& r = seqs[i];
          const int sh = shape_of(r.mask);
          if (!((shapes >> sh) & 1)) continue;
          const std::uint8_t y = route[r.sum];  // maybe_landable_[kNoCell] is false
          bool ok = (y != c) & maybe_landable_[y];
          if (!cfg_.free_stops)
            for (int p = 0; p + 1 < r.len; ++p) ok &= maybe_landable_[route[r.partial[p]]];
          CandList& list = cands_[sh];
          if (!ok || list.has(c, y, list.n)) continue;
          list.items[list.n++] = static_cast<std::uint16_t>(c << 8 | y);
        }
      }
      for (int sh = 0; sh < 4; ++sh) cands_[sh].end[c] = static_cast<std::uint16_t>(cands_[sh].n);
    }
  }

  // Enumerates the compositions from `used` on (depth `k` so far), keeping those whose pips can
  // make a valid play: M, or fewer when the side may win this ply; `shapes` collects the shapes
  // they use.
  void add_compositions(std::uint8_t used, std::array<std::uint8_t, 4>& comp, int k, bool can_win,
                        unsigned& shapes) {
    const std::array<DiceSeq, 8>& seqs = di_->seqs[used];
    const int ns = di_->nseq[used];
    std::uint16_t seen = 0;
    for (int i = 0; i < ns; ++i) {
      const std::uint8_t mask = seqs[i].mask;
      if ((seen >> mask) & 1) continue;
      seen = static_cast<std::uint16_t>(seen | (1u << mask));
      const std::uint8_t u2 = static_cast<std::uint8_t>(used | mask);
      const int pips = di_->pips[u2];
      if (pips > target_) continue;
      comp[k] = mask;
      if (pips == target_ || can_win) {
        Composition& cm = comps_[ncomp_++];
        cm.n = k + 1;
        cm.masks = comp;
        for (int j = 0; j <= k; ++j) shapes |= 1u << shape_of(comp[j]);
      }
      if (pips < target_ && k + 1 < 4) add_compositions(u2, comp, k + 1, can_win, shapes);
    }
  }

  // One trial: draws a point of the proposal space; true (found_ set) when it is accepted.
  bool propose_play(int side, Random& rng) {
    std::uint64_t r = rng.below(total_weight_);
    int ci = 0;
    while (r >= comps_[ci].weight) r -= comps_[ci++].weight;
    const Composition& cm = comps_[ci];
    std::array<std::uint16_t, 4> pick{};
    for (int j = cm.n - 1; j >= 0; --j) {
      const CandList& list = cands_[shape_of(cm.masks[j])];
      const auto size = static_cast<unsigned>(list.n);
      pick[j] = list.items[r % size];
      r /= size;
    }
    for (int e = 0; e < ci; ++e) {  // an earlier composition holding the same list owns it
      const Composition& other = comps_[e];
      if (other.n != cm.n) continue;
      bool all = true;
      for (int j = 0; j < cm.n && all; ++j)
        all = cands_[shape_of(other.masks[j])].has(pick[j] >> 8, pick[j] & 0xFF);
      if (all) return false;
    }
    return valid_list(side, pick, cm.n);
  }

  // Whether the components `pick[0..n)` make a valid play (as count_node counts them); found_
  // receives it when they do, and full_ whether some resolution of it uses target_ pips.
  bool valid_list(int side, const std::array<std::uint16_t, 4>& pick, int n) {
    std::array<Undo, 4> undo;
    std::uint16_t set = 1;
    bool ok = false;
    int pushed = 0;
    for (int j = 0; j < n && set != 0; ++j) {
      const int c = pick[j] >> 8;
      const std::uint8_t y = static_cast<std::uint8_t>(pick[j] & 0xFF);
      const int owner = mover(c, side);
      if (owner < 0) break;
      const std::uint16_t after = masks_to(c, y, set);
      if (after == 0) break;
      undo[pushed++] = push(c, y, owner, 0);
      side = owner;
      if (j == n - 1) {
        ok = ends_here(after);
        if (ok) {
          found_ = play_;
          full_ = false;
          for (unsigned a = after; a != 0; a &= a - 1)
            full_ = full_ || di_->pips[std::countr_zero(a)] == target_;
        }
      }
      set = open_masks(after);
    }
    while (pushed > 0) pop(undo[--pushed]);
    return ok;
  }

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
  std::uint16_t masks_to(int c, std::uint8_t y, std::uint16_t set) const {
    const int colour = pos_.cells[c].top;
    std::uint16_t after = 0;
    for (unsigned rest = set; rest != 0; rest &= rest - 1) {
      const int u = std::countr_zero(rest);
      const std::array<DiceSeq, 8>& seqs = di_->seqs[u];
      const int ns = di_->nseq[u];
      for (int d = 0; d < b_.num_dirs[c]; ++d)
        for (int i = 0; i < ns; ++i) {
          const DiceSeq& q = seqs[i];
          if (b_.route[c][d][q.sum] != y || !route_ok(c, d, q, colour)) continue;
          after = static_cast<std::uint16_t>(after | (1u << (u | q.mask)));
        }
    }
    return after;
  }

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
    for (int u = 0; u < 16; ++u)
      if (((after >> u) & 1) && di_->pips[u] == target_) return true;
    return false;
  }

  // The masks of `after` that may still be extended (fewer pips than M), none after a win.
  std::uint16_t open_masks(std::uint16_t after) const {
    if (play_.won) return 0;
    std::uint16_t open = 0;
    for (int u = 0; u < 16; ++u)
      if (((after >> u) & 1) && di_->pips[u] < target_)
        open = static_cast<std::uint16_t>(open | (1u << u));
    return open;
  }

  // The number of distinct valid plays through the current node (just reached with `after`):
  // the play ending here, and those going on.
  std::uint64_t count_through(int owner, std::uint16_t after) {
    const std::uint16_t open = open_masks(after);
    return (ends_here(after) ? 1 : 0) + (open != 0 ? count_node(owner, open) : 0);
  }

  // The number of distinct valid plays that add at least one component to the current node.
  std::uint64_t count_node(int side, std::uint16_t set) {
    const std::uint64_t k =
        pos_hash_ ^ arr_hash_ ^
        mix(0x3C0000000000ULL ^ (static_cast<std::uint64_t>(side + 1) << 16) ^ set);
    if (const std::uint64_t* known = counts_.find(k)) return *known;
    std::uint64_t total = 0;
    for_each_child(side, set, [&](int c, std::uint8_t y, int owner, std::uint16_t after) {
      const Undo undo = push(c, y, owner, 0);
      total += count_through(owner, after);
      pop(undo);
      return false;
    });
    counts_.insert(k, total);
    return total;
  }

  // Walks to the play numbered r (0-based, r < count_node(side, set)) among those that add a
  // component to the current node, in the order of for_each_child; found_ receives it.
  void pick(int side, std::uint16_t set, std::uint64_t r) {
    for_each_child(side, set, [&](int c, std::uint8_t y, int owner, std::uint16_t after) {
      const Undo undo = push(c, y, owner, 0);
      const std::uint64_t n = count_through(owner, after);
      if (r >= n) {
        r -= n;
        pop(undo);
        return false;
      }
      if (ends_here(after)) {
        if (r == 0) {
          found_ = play_;
          pop(undo);
          return true;
        }
        --r;
      }
      pick(owner, open_masks(after), r);
      pop(undo);
      return true;
    });
  }

  // What push() changed, for pop().
  struct Undo {
    Stack sc, sy;
    std::array<std::int16_t, kColours> away{};
    std::uint64_t pos_hash = 0, arr_hash = 0;
    std::uint8_t c = 0, y = 0;
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
    return u;
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

  void dfs_max(int side, std::uint8_t used) {
    const int total = dice_.total();
    for_each_component(side, used, [&](int s2, std::uint8_t u2, int pips, bool won) {
      if (pips > best_ && changed()) best_ = pips;
      if (best_ == total) return true;
      if (!won && visited_.insert(key(u2), 0)) dfs_max(s2, u2);
      return best_ == total;
    });
  }

  bool dfs_more(int side, std::uint8_t used) {
    return for_each_component(side, used, [&](int s2, std::uint8_t u2, int pips, bool won) {
      if (pips > target_ && changed()) {
        found_ = play_;
        return true;
      }
      if (won) return false;
      if (!visited_.insert(key(u2), 0)) return false;
      return dfs_more(s2, u2);
    });
  }

  bool dfs_valid(int side, std::uint8_t used) {
    bool any = false;
    for_each_component(side, used, [&](int s2, std::uint8_t u2, int pips, bool won) {
      if ((won || pips == target_) && changed()) {
        any = true;
        // A play's text is a function of its (from, to) list: 4 x 14 bits and the count.
        std::uint64_t k = static_cast<std::uint64_t>(play_.n) << 56;
        for (int i = 0; i < play_.n; ++i)
          k |= static_cast<std::uint64_t>(play_.from[i] | (play_.to[i] << 7)) << (14 * i);
        if (seen_.insert(k).second) keys_.push_back(k);
      }
      if (won || pips >= target_) return false;
      const std::uint64_t k = key(u2);
      auto it = memo_.find(k);
      if (it != memo_.end() && !it->second) return false;
      const bool sub = dfs_valid(s2, u2);
      memo_[k] = sub;
      any = any || sub;
      return false;
    });
    return any;
  }

  // dfs_valid stopped at its first play (found_). Until dfs_valid finds a play, every node it
  // memoises has none below it, so it skips exactly the nodes already searched to the end; here
  // visited_ holds those nodes, filled as they finish, and the two searches walk the same nodes.
  bool dfs_first(int side, std::uint8_t used) {
    return for_each_component(side, used, [&](int s2, std::uint8_t u2, int pips, bool won) {
      if ((won || pips == target_) && changed()) {
        found_ = play_;
        return true;
      }
      if (won || pips >= target_) return false;
      const std::uint64_t k = key(u2);
      if (visited_.find(k) != nullptr) return false;
      if (dfs_first(s2, u2)) return true;
      visited_.insert(k, 0);
      return false;
    });
  }

  const Config& cfg_;
  const Board& b_;
  const Position& start_;
  const Dice& dice_;
  Position pos_;
  std::array<std::uint8_t, kMaxCells> arrived_{};
  const DiceInfo* di_ = nullptr;
  std::unique_ptr<DiceInfo> own_di_;  // for dice shared_dice_info does not hold
  bool hashed_ = false;               // whether pos_hash_ and arr_hash_ are kept
  std::uint64_t pos_hash_ = 0, arr_hash_ = 0;
  Play play_;
  Play found_;
  int best_ = 0;
  int target_ = 0;
  ScratchLease lease_;
  FlatTable& visited_ = lease_.get().visited;
  FlatTable& counts_ = lease_.get().counts;
  std::unordered_map<std::uint64_t, bool> memo_;
  std::unordered_set<std::uint64_t> seen_;
  std::vector<std::uint64_t> keys_;
  // The rejection sampler's proposal: candidates c << 8 | y per shape, their membership, and
  // the compositions with their weights.
  struct Composition {
    int n = 0;
    std::array<std::uint8_t, 4> masks{};
    std::uint64_t weight = 0;
  };
  std::array<search_detail::CandList, 4>& cands_ = lease_.get().cands;
  // The cells holding a piece of the side (top or pinned), and the cells landable for one of its
  // colours or holding one of its pieces.
  std::array<std::uint8_t, kMaxCells> mine_{};
  int nmine_ = 0;
  std::array<bool, 256> maybe_landable_{};  // by cell; kNoCell's entry stays false
  bool full_ = false;
  std::array<Composition, 16> comps_{};
  int ncomp_ = 0;
  std::uint64_t total_weight_ = 0;
};

}  // namespace

namespace search_detail {

void fill_dice_info(const Dice& dice, DiceInfo& info) {
  for (int u = 0; u < 16; ++u) {
    const auto used = static_cast<std::uint8_t>(u);
    info.nseq[u] = static_cast<std::uint8_t>(dice_sequences(dice, used, info.seqs[u]));
    info.pips[u] = static_cast<std::uint8_t>(dice.pips(used));
    const int bits = (u & 1) + ((u >> 1) & 1) + ((u >> 2) & 1) + ((u >> 3) & 1);
    info.shape[u] = static_cast<std::uint8_t>(u == 0 ? 0 : dice.doubles ? bits - 1 : u - 1);
  }
}

const DiceInfo* shared_dice_info(const Dice& dice) {
  // Slots: the opening dice 1..6, then the rolls by (larger, smaller) die.
  static const std::vector<DiceInfo> table = [] {
    std::vector<DiceInfo> t(6 + 36);
    for (int a = 1; a <= 6; ++a) {
      fill_dice_info(Dice::opening(a), t[a - 1]);
      for (int b = 1; b <= a; ++b) fill_dice_info(Dice::roll(a, b), t[6 + (a - 1) * 6 + (b - 1)]);
    }
    return t;
  }();
  // Only dice as Dice::opening and Dice::roll make them have a slot.
  const int a = dice.v[0], b = dice.v[1], c = dice.v[2], d = dice.v[3];
  if (a < 1 || a > 6) return nullptr;
  if (dice.n == 1 && !dice.doubles && b == 0 && c == 0 && d == 0) return &table[a - 1];
  const bool roll = dice.doubles ? dice.n == 4 && b == a && c == a && d == a
                                 : dice.n == 2 && b >= 1 && b < a && c == 0 && d == 0;
  return roll ? &table[6 + (a - 1) * 6 + (b - 1)] : nullptr;
}

}  // namespace search_detail

bool has_any_play(const Config& cfg, const Position& p, int side, const Dice& dice) {
  Searcher s(cfg, p, dice);
  return s.for_each_component(side, 0, [](int, std::uint8_t, int, bool) { return true; });
}

int max_pips(const Config& cfg, const Position& p, int side, const Dice& dice) {
  Searcher s(cfg, p, dice);
  return s.max_pips(side);
}

bool find_play_with_more(const Config& cfg, const Position& p, int side, const Dice& dice, int pips,
                         Play& out) {
  Searcher s(cfg, p, dice);
  return s.find_more(side, pips, out);
}

std::vector<std::string> valid_plays(const Config& cfg, const Position& p, int side,
                                     const Dice& dice) {
  Searcher s(cfg, p, dice);
  return s.valid(side);
}

bool first_valid_play(const Config& cfg, const Position& p, int side, const Dice& dice, Play& out) {
  Searcher s(cfg, p, dice);
  return s.first_valid(side, out);
}

bool random_valid_play(const Config& cfg, const Position& p, int side, const Dice& dice,
                       Random& rng, Play& out, int max_trials) {
  Searcher s(cfg, p, dice);
  return s.uniform_play(side, rng, out, max_trials);
}

}  // namespace scribe::engine::savoya
