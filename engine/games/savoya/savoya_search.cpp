// The play search of savoya.md §15: depth-first over components in search order (from-cells in
// canonical order, routes in path order, index, step +1 before -1, dice sequences with fewer
// dice first and the larger first die first), memoised on (position, moved pieces, used dice);
// and the random walk that draws one valid play for `generate` without listing them all.
#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "engine/games/savoya/savoya_rules.hpp"

namespace scribe::engine::savoya {
namespace {

std::uint64_t mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// An empty cell adds nothing to the position hash, so that only occupied cells need hashing.
std::uint64_t cell_key(int c, const Stack& s) {
  if (s.top < 0) return 0;
  return mix((static_cast<std::uint64_t>(c) << 40) ^ (static_cast<std::uint64_t>(s.count) << 16) ^
             (static_cast<std::uint64_t>(static_cast<std::uint8_t>(s.top)) << 8) ^
             static_cast<std::uint8_t>(s.pinned));
}

std::uint64_t arrived_key(int c, std::uint8_t n) {
  return n == 0 ? 0 : mix(0x5A5A000000ULL ^ (static_cast<std::uint64_t>(c) << 8) ^ n);
}

// Depth-first search over the plays of one side from one position.
class Searcher {
 public:
  Searcher(const Config& cfg, const Position& start, const Dice& dice)
      : cfg_(cfg), b_(*cfg.board), start_(start), dice_(dice), pos_(start) {
    for (int c = 0; c < b_.num_cells; ++c) pos_hash_ ^= cell_key(c, pos_.cells[c]);
    start_hash_ = pos_hash_;
  }

  // Calls f(side, used, pips, won) after each legal component from the current node, in search
  // order, with the component applied (play_ holds the play so far). Stops when f returns true.
  template <typename F>
  bool for_each_component(int side, std::uint8_t used, F&& f) {
    std::array<DiceSeq, 8> seqs;
    const int ns = dice_sequences(dice_, used, seqs);
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

  // Whether the current node's position differs from the start (check 6.15).
  bool changed() const { return pos_hash_ != start_hash_ || !pos_.same_board(start_); }

  std::uint64_t key(std::uint8_t used) const {
    return pos_hash_ ^ arr_hash_ ^ mix(0x77000000ULL + used);
  }

  int max_pips(int side) {
    best_ = 0;
    visited_.clear();
    dfs_max(side, 0);
    return best_;
  }

  bool find_more(int side, int pips, Play& out) {
    if (dice_.total() <= pips) return false;
    target_ = pips;
    visited_.clear();
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

  // Draws one valid play by a random walk (see random_valid_play). False when M == 0.
  bool random_play(int side, Random& rng, Play& out) {
    const int m = max_pips(side);
    if (m == 0) return false;
    target_ = m;
    memo_.clear();
    if (!walk(side, 0, rng, 0)) return false;  // cannot happen: a play with M pips exists
    out = found_;
    return true;
  }

 private:
  // One distinct move from a node: the child node depends only on these three values.
  struct Step {
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    std::uint8_t used = 0;
    friend bool operator==(const Step&, const Step&) = default;
  };

  // What a child node is for the walk: a valid play ends there, it is a dead end, or the play
  // must go on from it.
  enum class Child { kValid, kDead, kInner };

  // Classifies the current node, reached with `pips` pips (`won` when the mover has won), for
  // the play length target_ = M.
  Child classify(int pips, bool won) const {
    if ((won || pips == target_) && changed()) return Child::kValid;
    if (won || pips >= target_) return Child::kDead;
    return Child::kInner;
  }

  // Whether some valid play continues the current node (which is not itself an end). A
  // depth-first search that stops at the first success, memoised on the node key.
  bool feasible(int side, std::uint8_t used) {
    const std::uint64_t k = key(used);
    if (auto it = memo_.find(k); it != memo_.end()) return it->second;
    const bool ok =
        for_each_component(side, used, [&](int s2, std::uint8_t u2, int pips, bool won) {
          switch (classify(pips, won)) {
            case Child::kValid:
              return true;
            case Child::kDead:
              return false;
            case Child::kInner:
              return feasible(s2, u2);
          }
          return false;
        });
    memo_[k] = ok;
    return ok;
  }

  // Lists the distinct steps of the piece on `c` from the current node: its legal components,
  // each with the dice it uses in all (routes and dice orders giving the same step count once).
  void collect_steps(int c, std::uint8_t used, const std::array<DiceSeq, 8>& seqs, int ns,
                     std::vector<Step>& steps) const {
    steps.clear();
    for_each_route(c, seqs, ns, [&](std::uint8_t y, const DiceSeq& q) {
      const Step st{static_cast<std::uint8_t>(c), y, static_cast<std::uint8_t>(used | q.mask)};
      if (std::find(steps.begin(), steps.end(), st) == steps.end()) steps.push_back(st);
      return false;
    });
  }

  // Extends the current node (known to lead to a valid play) by one step, and recurses until a
  // valid play ends; found_ receives it. The step is drawn in two stages: a from-cell uniformly
  // among the cells with a movable piece, then a step of that piece uniformly among its distinct
  // steps. A step that no valid play continues is dropped and another is drawn, and a cell
  // whose steps are all dropped is dropped too, so each stage is uniform among the choices that
  // still lead to a valid play.
  bool walk(int side, std::uint8_t used, Random& rng, int depth) {
    if (depth >= kMaxComps) return false;  // four dice make at most four components
    std::array<DiceSeq, 8> seqs;
    const int ns = dice_sequences(dice_, used, seqs);
    std::vector<std::uint8_t>& cells = cells_[depth];
    cells.clear();
    for (int c = 0; c < b_.num_cells; ++c)
      if (mover(c, side) >= 0) cells.push_back(static_cast<std::uint8_t>(c));
    std::vector<Step>& steps = steps_[depth];
    while (!cells.empty()) {
      const std::size_t ci = static_cast<std::size_t>(rng.below(cells.size()));
      const int c = cells[ci];
      cells[ci] = cells.back();
      cells.pop_back();
      const int owner = cfg_.side_of_colour[pos_.cells[c].top];
      collect_steps(c, used, seqs, ns, steps);
      while (!steps.empty()) {
        const std::size_t i = static_cast<std::size_t>(rng.below(steps.size()));
        const Step st = steps[i];
        steps[i] = steps.back();
        steps.pop_back();
        const Undo undo = push(c, st.to, owner, st.used);
        bool done = false;
        switch (classify(play_.pips, play_.won)) {
          case Child::kValid:
            found_ = play_;
            done = true;
            break;
          case Child::kDead:
            break;
          case Child::kInner:
            done = feasible(owner, st.used) && walk(owner, st.used, rng, depth + 1);
            break;
        }
        pop(undo);
        if (done) return true;
      }
    }
    return false;
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
    pos_hash_ ^= cell_key(c, u.sc) ^ cell_key(c, pos_.cells[c]) ^ cell_key(y, u.sy) ^
                 cell_key(y, pos_.cells[y]);
    arr_hash_ ^= arrived_key(y, arrived_[y]) ^ arrived_key(y, arrived_[y] + 1);
    ++arrived_[y];
    play_.from[play_.n] = static_cast<std::uint8_t>(c);
    play_.to[play_.n] = y;
    ++play_.n;
    play_.pips = dice_.pips(used2);
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
      if (!won && visited_.insert(key(u2)).second) dfs_max(s2, u2);
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
      if (!visited_.insert(key(u2)).second) return false;
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

  const Config& cfg_;
  const Board& b_;
  const Position& start_;
  const Dice& dice_;
  Position pos_;
  std::array<std::uint8_t, kMaxCells> arrived_{};
  std::uint64_t pos_hash_ = 0, arr_hash_ = 0, start_hash_ = 0;
  Play play_;
  Play found_;
  int best_ = 0;
  int target_ = 0;
  std::unordered_set<std::uint64_t> visited_;
  std::unordered_map<std::uint64_t, bool> memo_;
  std::unordered_set<std::uint64_t> seen_;
  std::vector<std::uint64_t> keys_;
  // The cell and step lists of the random walk, one per depth (at most four components).
  static constexpr int kMaxComps = 4;
  std::array<std::vector<Step>, kMaxComps> steps_;
  std::array<std::vector<std::uint8_t>, kMaxComps> cells_;
};

}  // namespace

std::string play_text(const Board& b, const Play& play) {
  std::string out;
  int i = 0;
  while (i < play.n) {
    int j = i + 1;
    while (j < play.n && play.from[j] == play.from[i] && play.to[j] == play.to[i]) ++j;
    if (!out.empty()) out += ',';
    if (j - i > 1) {
      out += static_cast<char>('0' + (j - i));
      out += 'x';
    }
    out += b.cells[play.from[i]].name;
    out += '-';
    out += b.cells[play.to[i]].name;
    i = j;
  }
  return out;
}

bool has_any_play(const Config& cfg, const Position& p, int side, const Dice& dice) {
  Searcher s(cfg, p, dice);
  return s.for_each_component(side, 0, [](int, std::uint8_t, int, bool) { return true; });
}

int max_pips(const Config& cfg, const Position& p, int side, const Dice& dice) {
  Searcher s(cfg, p, dice);
  return s.max_pips(side);
}

bool find_play_with_more(const Config& cfg, const Position& p, int side, const Dice& dice,
                         int pips, Play& out) {
  Searcher s(cfg, p, dice);
  return s.find_more(side, pips, out);
}

std::vector<std::string> valid_plays(const Config& cfg, const Position& p, int side,
                                     const Dice& dice) {
  Searcher s(cfg, p, dice);
  return s.valid(side);
}

bool random_valid_play(const Config& cfg, const Position& p, int side, const Dice& dice,
                       Random& rng, Play& out) {
  Searcher s(cfg, p, dice);
  return s.random_play(side, rng, out);
}

}  // namespace scribe::engine::savoya
