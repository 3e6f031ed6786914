// The uniform draw of one valid Savoya play for `generate` (savoya.md §15), without listing the
// plays: rejection sampling from a proposal space in which each valid play has exactly one
// accepting point, and, when that keeps failing, an exact count of the plays through each node
// of the search, memoised, from which one number below the total picks the play.
#include <bit>
#include <cstdint>
#include <cstring>

#include "engine/games/savoya/savoya_searcher.hpp"

namespace scribe::engine::savoya::search_detail {

bool Searcher::uniform_play(int side, Random& rng, Play& out, int max_trials) {
  const int total = dice_.total();
  target_ = total;
  if (wide_play(side, rng, out)) return true;
  const Random at_start = rng;
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

void Searcher::build_proposal(int side) {
  if (cells_ == nullptr) fill_side_cells(cfg_, pos_, side, own_cells_);
  landable_ = side_cells().landable.data();
  const unsigned colours = colours_of(cfg_, side);
  int away = 0;
  for (int k = 0; k < kColours; ++k)
    if ((colours >> k) & 1) away += pos_.away[k];
  const bool can_win = away <= (dice_.doubles ? 4 : dice_.n);
  if (target_ == dice_.total()) {
    comps_ = &di_->whole[can_win ? 1 : 0];
  } else {
    list_compositions(*di_, target_, can_win, own_comps_);
    comps_ = &own_comps_;
  }
  list_candidates(comps_->shapes);
  total_weight_ = 0;
  for (int i = 0; i < comps_->n; ++i) {
    const Composition& cm = comps_->items[i];
    std::uint64_t w = 1;
    for (int j = 0; j < cm.n; ++j) w *= static_cast<unsigned>(cands_[shape_of(cm.masks[j])].n);
    weights_[i] = w;
    total_weight_ += w;
  }
  if (total_weight_ > 0) draw_weight_ = FixedBelow(total_weight_);
}

void Searcher::list_candidates(unsigned shapes) {
  // The rolls `generate` draws are drawn without these lists first (wide_play); the lists are
  // made for the few draws that go on (0.2 % of its plies), by the one loop that serves any dice.
  nmine_ = side_cells().mine_cells(mine_);
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
        const std::uint8_t y = route[r.sum];  // landable_[kNoCell] is 0
        bool ok = (y != c) & (landable_[y] != 0);
        if (!cfg_.free_stops)
          for (int p = 0; p + 1 < r.len; ++p) ok &= landable_[route[r.partial[p]]] != 0;
        CandList& list = cands_[sh];
        if (!ok || list.has(c, y, list.n)) continue;
        list.items[list.n++] = static_cast<std::uint16_t>(c << 8 | y);
      }
    }
    for (int sh = 0; sh < 4; ++sh) cands_[sh].end[c] = static_cast<std::uint16_t>(cands_[sh].n);
  }
}

namespace {

// By cell of `b`: bit k set when two of its directions reach one cell at distance k (paths that
// meet again), or one of them comes back to the cell itself (a path crossing itself). A route
// of the cell can reach a to-cell an earlier direction reached, or the cell itself, only at
// such a distance: elsewhere wide_candidate need not compare the to-cells.
using MeetTable = std::array<std::uint32_t, kMaxCells>;

MeetTable routes_meet_of(const Board& b) {
  MeetTable meet{};
  for (int c = 0; c < b.num_cells; ++c)
    for (int d1 = 0; d1 < b.num_dirs[c]; ++d1)
      for (int k = 1; k <= kMaxRoute; ++k) {
        const std::uint8_t y = b.route[c][d1][k];
        if (y == c) meet[c] |= 1u << k;
        for (int d2 = d1 + 1; d2 < b.num_dirs[c]; ++d2)
          if (y != kNoCell && y == b.route[c][d2][k]) meet[c] |= 1u << k;
      }
  return meet;
}

const MeetTable& routes_meet(const Board& b) {
  // Made once, with the boards' addresses, so that a call costs one guard and two compares.
  struct Tables {
    const Board* savoya_board = &board_of(BoardKind::kSavoya);
    const Board* savoy_board = &board_of(BoardKind::kSavoy);
    MeetTable savoya = routes_meet_of(*savoya_board);
    MeetTable savoy = routes_meet_of(*savoy_board);
    MeetTable any = [] {
      MeetTable all{};
      all.fill(~0u);  // a board made otherwise: every cell takes the careful way
      return all;
    }();
  };
  static const Tables tables;
  return &b == tables.savoya_board  ? tables.savoya
         : &b == tables.savoy_board ? tables.savoy
                                    : tables.any;
}

// 128-bit products (GCC and Clang; __extension__ keeps -Wpedantic quiet about the type).
__extension__ using Wide = unsigned __int128;

// A uniform number below `n` (n > 0) from one or more draws of 64 bits: the high half of the
// product with n, a draw being redrawn when its low half falls in the first 2^64 mod n values
// (Lemire), so that every number has the same count of draws. That count, a division, is worked
// out only for a low half below n, where it can matter: once in 2^64 / n draws.
std::uint64_t below_by_product(Random& rng, std::uint64_t n) {
  Wide m = static_cast<Wide>(rng.next()) * n;
  if (static_cast<std::uint64_t>(m) < n) {
    const std::uint64_t lowest = (0 - n) % n;
    while (static_cast<std::uint64_t>(m) < lowest) m = static_cast<Wide>(rng.next()) * n;
  }
  return static_cast<std::uint64_t>(m >> 64);
}

// Division by a number fixed for a while: for 32-bit x and d, x / d is the high half of x times
// 2^64 / d rounded up (Lemire, Kaser and Kurz), a multiplication where a division would take
// tens of cycles.
class FixedDivisor {
 public:
  // d <= kMaxCells * kMaxDirs (the most routes a side can have), whose inverses are in a table:
  // a division per draw would cost as much as the draw.
  explicit FixedDivisor(std::uint32_t d) : d_(d), inverse_(kInverses[d]) {}
  // x / d, x % d.
  std::uint32_t quotient(std::uint32_t x) const {
    return static_cast<std::uint32_t>((static_cast<Wide>(inverse_) * x) >> 64);
  }
  std::uint32_t divisor() const { return d_; }

 private:
  static constexpr std::size_t kMost = kMaxCells * kMaxDirs;
  static constexpr std::array<std::uint64_t, kMost + 1> kInverses = [] {
    std::array<std::uint64_t, kMost + 1> inverses{};
    for (std::uint64_t d = 1; d < inverses.size(); ++d) inverses[d] = ~std::uint64_t{0} / d + 1;
    return inverses;
  }();
  std::uint32_t d_;
  std::uint64_t inverse_;
};

}  // namespace

inline bool Searcher::wide_reaches(int row, int sh, std::uint8_t& y) const {
  const std::uint8_t* route = &b_.route[0][0][0] + row * (kMaxRoute + 1);
  const std::uint8_t* land = landable_;  // 0 past the end of a path
  y = route[wide_dist_[sh]];
  if (land[y] == 0) return false;
  if (cfg_.free_stops) return true;
  if (wide_double_) {  // sh + 1 dice of a: every stop landable
    for (int i = 0; i < sh; ++i)
      if (land[route[wide_dist_[i]]] == 0) return false;
    return true;
  }
  // Two different dice: one alone, or both by way of either stop.
  return sh < 2 || land[route[wide_dist_[0]]] != 0 || land[route[wide_dist_[1]]] != 0;
}

inline bool Searcher::wide_candidate(int row, int sh, std::uint8_t& y) const {
  if (!wide_reaches(row, sh, y)) return false;
  // Only at a distance where meet_ says routes of c meet or come back can y be c or an earlier
  // direction's to-cell.
  const int c = row / kMaxDirs;
  if (((meet_[c] >> wide_dist_[sh]) & 1) == 0) return true;
  if (y == c) return false;
  for (int e = c * kMaxDirs; e < row; ++e) {
    std::uint8_t z = 0;
    if (wide_reaches(e, sh, z) && z == y) return false;
  }
  return true;
}

bool Searcher::wide_has(int c, int y, int sh) const {
  if (c == y || ((side_cells().mine[c >> 6] >> (c & 63)) & 1) == 0) return false;
  for (int d = 0; d < b_.num_dirs[c]; ++d) {
    std::uint8_t z = 0;
    if (wide_reaches(c * kMaxDirs + d, sh, z) && z == y) return true;
  }
  return false;
}

int Searcher::wide_setup(int side) {
  const int a = dice_.v[0], b = dice_.v[1];
  wide_double_ = dice_.doubles && dice_.n == 4 && a >= 1;
  if (!wide_double_ && (dice_.doubles || dice_.n != 2 || a <= b || b < 1)) return 0;
  if (cells_ == nullptr) fill_side_cells(cfg_, pos_, side, own_cells_);
  const SideCells& cells = side_cells();
  landable_ = cells.landable.data();
  meet_ = routes_meet(b_).data();
  if (wide_double_)
    for (int j = 0; j < 4; ++j) wide_dist_[j] = static_cast<std::uint8_t>((j + 1) * a);
  else
    wide_dist_ = {static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b),
                  static_cast<std::uint8_t>(a + b), 0};
  // The routes of the side's pieces that may move (on top of their cells), as rows of the route
  // table (cell * kMaxDirs + direction). The lists take pinned pieces' cells too, whose
  // candidates never make a valid play.
  // Each cell writes the rows of all kMaxDirs directions at once, and the next cell's overwrite
  // those past its own.
  static_assert(kMaxDirs == 4, "a cell's rows are written as one 64-bit word");
  static constexpr std::array<std::uint64_t, 128> kRowsOf = [] {
    std::array<std::uint64_t, 128> rows{};
    for (std::uint64_t c = 0; c < rows.size(); ++c)
      rows[c] = 0x0003000200010000ULL + c * kMaxDirs * 0x0001000100010001ULL;
    return rows;
  }();
  int span = 0;
  for (int h = 0; h < 2; ++h)
    for (std::uint64_t bits = cells.tops[h]; bits != 0; bits &= bits - 1) {
      const int c = h * 64 + std::countr_zero(bits);
      std::memcpy(&wide_rows_[span], &kRowsOf[c], sizeof kRowsOf[c]);
      span += b_.num_dirs[c];
    }
  return span;
}

std::array<std::vector<std::uint16_t>, 4> Searcher::wide_points(int side) {
  std::array<std::vector<std::uint16_t>, 4> points;
  const int span = wide_setup(side);
  for (int sh = 0; sh < (wide_double_ ? 4 : 3); ++sh)
    for (int i = 0; i < span; ++i) {
      std::uint8_t y = 0;
      if (wide_candidate(wide_rows_[i], sh, y))
        points[sh].push_back(static_cast<std::uint16_t>(wide_rows_[i] / kMaxDirs << 8 | y));
    }
  return points;
}

bool Searcher::wide_play(int side, Random& rng, Play& out) {
  const int span = wide_setup(side);
  if (span == 0) return false;
  const unsigned colours = colours_of(cfg_, side);
  int away = 0;
  for (int k = 0; k < kColours; ++k)
    if ((colours >> k) & 1) away += pos_.away[k];
  const Compositions& comps = di_->whole[away <= (wide_double_ ? 4 : 2) ? 1 : 0];
  // A composition of n components has span^n points; FixedDivisor needs their sum below 2^32.
  std::array<std::uint32_t, 16> weights;
  std::uint64_t total = 0;
  for (int i = 0; i < comps.n; ++i) {
    std::uint64_t w = 1;
    for (int j = 0; j < comps.items[i].n; ++j) w *= static_cast<std::uint64_t>(span);
    total += w;
    if (total >= std::uint64_t{1} << 32) return false;
    weights[i] = static_cast<std::uint32_t>(w);
  }
  const FixedDivisor by_span(static_cast<std::uint32_t>(span));
  int checked = 0;
  for (int t = 0; t < kWideTrials && checked < kQuickTrials; ++t) {
    auto r = static_cast<std::uint32_t>(below_by_product(rng, total));
    int ci = 0;
    while (r >= weights[ci]) r -= weights[ci++];
    const Composition& cm = comps.items[ci];
    std::array<std::uint16_t, 4> pick{};
    bool ok = true;
    for (int j = 0; j < cm.n && ok; ++j) {
      const std::uint32_t q = by_span.quotient(r);
      const int row = wide_rows_[r - q * by_span.divisor()];
      r = q;
      std::uint8_t y = 0;
      ok = wide_candidate(row, shape_of(cm.masks[j]), y);
      pick[j] = static_cast<std::uint16_t>(row / kMaxDirs << 8 | y);
    }
    // A cell cannot give more pieces than it holds (valid_list would find that out later).
    for (int j = 1; j < cm.n && ok; ++j) {
      int from_here = 1;
      for (int e = 0; e < j; ++e) from_here += (pick[e] >> 8) == (pick[j] >> 8);
      ok = from_here == 1 || from_here <= pos_.cells[pick[j] >> 8].count;
    }
    if (!ok) continue;
    ++checked;
    bool owned = false;  // an earlier composition holding the same tuple owns it
    for (int e = 0; e < ci && !owned; ++e) {
      const Composition& other = comps.items[e];
      if (other.n != cm.n) continue;
      bool all = true;
      for (int j = 0; j < cm.n && all; ++j)
        all = wide_has(pick[j] >> 8, pick[j] & 0xFF, shape_of(other.masks[j]));
      owned = all;
    }
    if (owned || !valid_list(side, pick, cm.n)) continue;
    // A win with fewer pips is valid only when M is not more (uniform_play's own question).
    if (!full_ && max_pips(side) != target_) return false;
    out = found_;
    return true;
  }
  return false;
}

namespace {

// Enumerates the compositions from `used` on (depth `k` so far), keeping those whose pips can
// make a valid play: `target`, or fewer when the side may win this ply.
void add_compositions(const DiceInfo& info, int target, std::uint8_t used,
                      std::array<std::uint8_t, 4>& comp, int k, bool can_win, Compositions& out) {
  const std::array<DiceSeq, 8>& seqs = info.seqs[used];
  const int ns = info.nseq[used];
  std::uint16_t seen = 0;
  for (int i = 0; i < ns; ++i) {
    const std::uint8_t mask = seqs[i].mask;
    if ((seen >> mask) & 1) continue;
    seen = static_cast<std::uint16_t>(seen | (1u << mask));
    const std::uint8_t u2 = static_cast<std::uint8_t>(used | mask);
    const int pips = info.pips[u2];
    if (pips > target) continue;
    comp[k] = mask;
    if (pips == target || can_win) {
      Composition& cm = out.items[out.n++];
      cm.n = k + 1;
      cm.masks = comp;
      for (int j = 0; j <= k; ++j) out.shapes |= 1u << info.shape[comp[j]];
    }
    if (pips < target && k + 1 < 4) add_compositions(info, target, u2, comp, k + 1, can_win, out);
  }
}

}  // namespace

void list_compositions(const DiceInfo& info, int target, bool can_win, Compositions& out) {
  out.n = 0;
  out.shapes = 0;
  std::array<std::uint8_t, 4> comp{};
  add_compositions(info, target, 0, comp, 0, can_win, out);
}

bool Searcher::propose_play(int side, Random& rng) {
  std::uint64_t r = draw_weight_.draw(rng);  // rng.below(total_weight_)
  int ci = 0;
  while (r >= weights_[ci]) r -= weights_[ci++];
  const Composition& cm = comps_->items[ci];
  std::array<std::uint16_t, 4> pick{};
  for (int j = cm.n - 1; j >= 0; --j) {
    const CandList& list = cands_[shape_of(cm.masks[j])];
    const auto size = static_cast<unsigned>(list.n);
    pick[j] = list.items[r % size];
    r /= size;
  }
  for (int e = 0; e < ci; ++e) {  // an earlier composition holding the same list owns it
    const Composition& other = comps_->items[e];
    if (other.n != cm.n) continue;
    bool all = true;
    for (int j = 0; j < cm.n && all; ++j)
      all = cands_[shape_of(other.masks[j])].has(pick[j] >> 8, pick[j] & 0xFF);
    if (all) return false;
  }
  return valid_list(side, pick, cm.n);
}

bool Searcher::valid_list(int side, const std::array<std::uint16_t, 4>& pick, int n) {
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
    push(c, y, owner, 0, undo[pushed++]);
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

std::uint16_t Searcher::masks_to(int c, std::uint8_t y, std::uint16_t set) const {
  const int colour = pos_.cells[c].top;
  // Byte d: the length of the route in direction d from c to y, 0 when none (a route passes a
  // cell at most once). Only the sequences of that length can land on y that way, so the other
  // directions and sequences need no look at the route table.
  const std::uint32_t steps = b_.steps(c, y);
  std::uint16_t after = 0;
  for (std::uint32_t dirs = steps; dirs != 0;) {
    const int d = std::countr_zero(dirs) >> 3;
    const unsigned k = (dirs >> (8 * d)) & 0xFF;
    dirs &= ~(0xFFu << (8 * d));
    for (unsigned rest = set; rest != 0; rest &= rest - 1) {
      const int u = std::countr_zero(rest);
      for (unsigned hits = di_->by_sum[u][k]; hits != 0; hits &= hits - 1) {
        const DiceSeq& q = di_->seqs[u][std::countr_zero(hits)];
        if (route_ok(c, d, q, colour))
          after = static_cast<std::uint16_t>(after | (1u << (u | q.mask)));
      }
    }
  }
  return after;
}

std::uint64_t Searcher::count_through(int owner, std::uint16_t after) {
  const std::uint16_t open = open_masks(after);
  return (ends_here(after) ? 1 : 0) + (open != 0 ? count_node(owner, open) : 0);
}

std::uint64_t Searcher::count_node(int side, std::uint16_t set) {
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

void Searcher::pick(int side, std::uint16_t set, std::uint64_t r) {
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

}  // namespace scribe::engine::savoya::search_detail
