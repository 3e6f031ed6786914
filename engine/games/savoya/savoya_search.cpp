// The play search of savoya.md §15: depth-first over components in search order (from-cells in
// canonical order, routes in path order, index, step +1 before -1, dice sequences with fewer
// dice first and the larger first die first), memoised on (position, moved pieces, used dice).
// The uniform draw of one play for `generate` is in savoya_sample.cpp.
#include <string>
#include <vector>

#include "engine/games/savoya/savoya_rules.hpp"
#include "engine/games/savoya/savoya_searcher.hpp"

namespace scribe::engine::savoya {
namespace search_detail {

int Searcher::max_pips(int side) {
  start_hashing();
  best_ = 0;
  visited_.reset();
  dfs_max(side, 0);
  return best_;
}

bool Searcher::find_more(int side, int pips, Play& out) {
  if (dice_.total() <= pips) return false;
  target_ = pips;
  start_hashing();
  visited_.reset();
  if (!dfs_more(side, 0)) return false;
  out = found_;
  return true;
}

std::vector<std::string> Searcher::valid(int side) {
  const int m = max_pips(side);
  std::vector<std::string> out;
  if (m == 0) return out;
  target_ = m;
  ValidSets sets;
  valid_sets_ = &sets;
  dfs_valid(side, 0);
  valid_sets_ = nullptr;
  // Texts are built once per distinct play, in the order the plays were first found.
  out.reserve(sets.keys.size());
  for (const std::uint64_t k : sets.keys) {
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

bool Searcher::first_valid(int side, Play& out) {
  const int m = max_pips(side);
  if (m == 0) return false;
  target_ = m;
  visited_.reset();
  if (!dfs_first(side, 0)) return false;
  out = found_;
  return true;
}

void Searcher::dfs_max(int side, std::uint8_t used) {
  const int total = dice_.total();
  for_each_component(side, used, [&](int s2, std::uint8_t u2, int pips, bool won) {
    if (pips > best_ && changed()) best_ = pips;
    if (best_ == total) return true;
    if (!won && visited_.insert(key(u2), 0)) dfs_max(s2, u2);
    return best_ == total;
  });
}

bool Searcher::dfs_more(int side, std::uint8_t used) {
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

bool Searcher::dfs_valid(int side, std::uint8_t used) {
  ValidSets& sets = *valid_sets_;
  bool any = false;
  for_each_component(side, used, [&](int s2, std::uint8_t u2, int pips, bool won) {
    if ((won || pips == target_) && changed()) {
      any = true;
      // A play's text is a function of its (from, to) list: 4 x 14 bits and the count.
      std::uint64_t k = static_cast<std::uint64_t>(play_.n) << 56;
      for (int i = 0; i < play_.n; ++i)
        k |= static_cast<std::uint64_t>(play_.from[i] | (play_.to[i] << 7)) << (14 * i);
      if (sets.seen.insert(k).second) sets.keys.push_back(k);
    }
    if (won || pips >= target_) return false;
    const std::uint64_t k = key(u2);
    auto it = sets.memo.find(k);
    if (it != sets.memo.end() && !it->second) return false;
    const bool sub = dfs_valid(s2, u2);
    sets.memo[k] = sub;
    any = any || sub;
    return false;
  });
  return any;
}

bool Searcher::dfs_first(int side, std::uint8_t used) {
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

void fill_dice_info(const Dice& dice, DiceInfo& info) {
  for (int u = 0; u < 16; ++u) {
    const auto used = static_cast<std::uint8_t>(u);
    info.nseq[u] = static_cast<std::uint8_t>(dice_sequences(dice, used, info.seqs[u]));
    info.pips[u] = static_cast<std::uint8_t>(dice.pips(used));
    const int bits = (u & 1) + ((u >> 1) & 1) + ((u >> 2) & 1) + ((u >> 3) & 1);
    info.shape[u] = static_cast<std::uint8_t>(u == 0 ? 0 : dice.doubles ? bits - 1 : u - 1);
    for (int i = 0; i < info.nseq[u]; ++i)
      if (info.seqs[u][i].sum <= kMaxRoute)
        info.by_sum[u][info.seqs[u][i].sum] |= static_cast<std::uint8_t>(1u << i);
  }
  for (int can_win = 0; can_win < 2; ++can_win)
    list_compositions(info, dice.total(), can_win != 0, info.whole[can_win]);
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

using search_detail::Searcher;

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
