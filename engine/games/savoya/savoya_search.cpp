// The play search of savoya.md §15: depth-first over components in search order (from-cells in
// canonical order, routes in path order, index, step +1 before -1, dice sequences with fewer
// dice first and the larger first die first), memoised on (position, moved pieces, used dice).
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

std::uint64_t cell_key(int c, const Stack& s) {
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
      const Stack sc = pos_.cells[c];
      if (sc.top < 0) continue;
      const int owner = cfg_.side_of_colour[sc.top];
      if (owner < 0 || (side >= 0 && owner != side)) continue;
      if (static_cast<int>(sc.count) - arrived_[c] <= 0) continue;
      const int colour = sc.top;
      for (int d = 0; d < b_.num_dirs[c]; ++d)
        for (int i = 0; i < ns; ++i) {
          const DiceSeq& q = seqs[i];
          const std::uint8_t y = b_.route[c][d][q.sum];
          if (y == kNoCell || y == c) continue;
          const Stack sy = pos_.cells[y];
          const auto away = pos_.away;
          lift(b_, pos_, c);
          bool ok = landable(pos_, y, colour);
          if (ok && !cfg_.free_stops)
            for (int p = 0; p + 1 < q.len && ok; ++p)
              ok = landable(pos_, b_.route[c][d][q.partial[p]], colour);
          if (!ok) {
            pos_.cells[c] = sc;
            pos_.away = away;
            continue;
          }
          land(b_, pos_, y, colour);
          const std::uint64_t saved_pos = pos_hash_, saved_arr = arr_hash_;
          pos_hash_ ^= cell_key(c, sc) ^ cell_key(c, pos_.cells[c]) ^ cell_key(y, sy) ^
                       cell_key(y, pos_.cells[y]);
          arr_hash_ ^= arrived_key(y, arrived_[y]) ^ arrived_key(y, arrived_[y] + 1);
          ++arrived_[y];
          play_.from[play_.n] = static_cast<std::uint8_t>(c);
          play_.to[play_.n] = y;
          ++play_.n;
          const std::uint8_t used2 = static_cast<std::uint8_t>(used | q.mask);
          play_.pips = dice_.pips(used2);
          play_.won = has_won(cfg_, pos_, owner);
          const bool stop = f(owner, used2, play_.pips, play_.won);
          --play_.n;
          --arrived_[y];
          pos_hash_ = saved_pos;
          arr_hash_ = saved_arr;
          pos_.cells[c] = sc;
          pos_.cells[y] = sy;
          pos_.away = away;
          if (stop) return true;
        }
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

 private:
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

}  // namespace scribe::engine::savoya
