// The routes and dice of a played ply, for diagrams (savoya.md §14 "Last move": the route and
// dice shown are those of the first legal assignment in the order of §15).
#include "engine/games/savoya/savoya_rules.hpp"

namespace scribe::engine::savoya {
namespace {

// A choice for one component: its direction and dice sequence.
struct Choice {
  int dir = -1;
  DiceSeq seq;
};

class RouteFinder {
 public:
  RouteFinder(const Config& cfg, const Position& before, const Dice& dice, const CompList& comps)
      : cfg_(cfg), b_(*cfg.board), dice_(dice), comps_(comps), pos_(before) {}

  // Walks every complete assignment in search order; calls visit(used) at each.
  template <typename F>
  bool walk(int k, std::uint8_t used, F&& visit) {
    if (k == comps_.n) return visit(used);
    const Comp& c = comps_.items[k];
    const Stack sc = pos_.cells[c.from];
    if (sc.top < 0) return false;
    const int colour = sc.top;
    std::array<DiceSeq, 8> seqs;
    const int ns = dice_sequences(dice_, used, seqs);
    for (int d = 0; d < b_.num_dirs[c.from]; ++d)
      for (int i = 0; i < ns; ++i) {
        const DiceSeq& q = seqs[i];
        if (b_.route[c.from][d][q.sum] != c.to) continue;
        bool via_ok = true;
        for (std::uint8_t v : c.via) {
          if (v == kNoCell) continue;
          bool found = false;
          for (int p = 0; p + 1 < q.len; ++p) found = found || b_.route[c.from][d][q.partial[p]] == v;
          via_ok = via_ok && found;
        }
        if (!via_ok) continue;
        const Position saved = pos_;
        lift(b_, pos_, c.from);
        bool ok = landable(pos_, c.to, colour);
        if (!cfg_.free_stops)
          for (int p = 0; p + 1 < q.len && ok; ++p)
            ok = landable(pos_, b_.route[c.from][d][q.partial[p]], colour);
        if (ok) {
          land(b_, pos_, c.to, colour);
          choices_[k] = Choice{d, q};
          const bool stop = walk(k + 1, static_cast<std::uint8_t>(used | q.mask), visit);
          pos_ = saved;
          if (stop) return true;
        } else {
          pos_ = saved;
        }
      }
    return false;
  }

  std::array<Choice, 4> choices_{};

 private:
  const Config& cfg_;
  const Board& b_;
  const Dice& dice_;
  const CompList& comps_;
  Position pos_;
};

}  // namespace

std::vector<RouteTaken> routes_of_play(const Config& cfg, const Position& before, const Dice& dice,
                                       const CompList& comps, bool won,
                                       std::uint8_t& used_mask) {
  const Board& b = *cfg.board;
  used_mask = 0;
  std::vector<RouteTaken> out;
  std::array<Choice, 4> chosen{};
  bool found = false;
  if (dice.n > 0) {
    RouteFinder finder(cfg, before, dice, comps);
    int best = -1;
    if (!won)
      finder.walk(0, 0, [&](std::uint8_t used) {
        best = std::max(best, dice.pips(used));
        return false;
      });
    found = finder.walk(0, 0, [&](std::uint8_t used) {
      if (!won && dice.pips(used) != best) return false;
      used_mask = used;
      return true;
    });
    if (found) chosen = finder.choices_;
  }
  for (int k = 0; k < comps.n; ++k) {
    const Comp& c = comps.items[k];
    RouteTaken r;
    r.from = c.from;
    r.to = c.to;
    int dir = found ? chosen[k].dir : -1;
    int len = found ? chosen[k].seq.sum : 0;
    if (!found) {  // unknown roll: the shortest straight route
      for (int d = 0; d < b.num_dirs[c.from]; ++d)
        for (int s = 1; s <= kMaxRoute; ++s) {
          const std::uint8_t y = b.route[c.from][d][s];
          if (y == kNoCell) break;
          if (y == c.to && (dir < 0 || s < len)) {
            dir = d;
            len = s;
          }
        }
    }
    r.cells.push_back(c.from);
    if (dir >= 0)
      for (int s = 1; s <= len; ++s) r.cells.push_back(b.route[c.from][dir][s]);
    else
      r.cells.push_back(c.to);
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace scribe::engine::savoya
