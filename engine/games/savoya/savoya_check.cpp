// Checks 6.5-6.16 of savoya.md for the components of one ply with known dice, including the
// assignment search over dice and routes (ruling R11) and the lenient split-move re-reading
// (rulings R20, R28).
#include <algorithm>
#include <bit>
#include <optional>

#include "engine/games/savoya/savoya_rules.hpp"

namespace scribe::engine::savoya {
namespace {

std::string comp_text(const Board& b, int from, int to) {
  return b.cells[from].name + "-" + b.cells[to].name;
}

// Joins cell names (sorted canonically, without duplicates) with " or ".
std::string join_cells(const Board& b, std::vector<std::uint8_t> cells) {
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  std::string out;
  for (std::uint8_t c : cells) {
    if (!out.empty()) out += " or ";
    out += b.cells[c].name;
  }
  return out;
}

// Returns the route lengths (1..24) at which `to` lies from `from`, ascending.
std::vector<int> distances(const Board& b, int from, int to) {
  std::vector<int> out;
  for (int d = 0; d < b.num_dirs[from]; ++d)
    for (int k = 1; k <= kMaxRoute; ++k) {
      const std::uint8_t y = b.route[from][d][k];
      if (y == kNoCell) break;
      if (y == to) out.push_back(k);
    }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// Whether every required stop of `c` is a stop of the sequence `s` in direction `d`.
bool passes_via(const Board& b, const Comp& c, int d, const DiceSeq& s) {
  for (std::uint8_t v : c.via) {
    if (v == kNoCell) continue;
    bool found = false;
    for (int i = 0; i + 1 < s.len; ++i)
      if (b.route[c.from][d][s.partial[i]] == v) found = true;
    if (!found) return false;
  }
  return true;
}

// One checking pass over a component list.
class Checker {
 public:
  Checker(const Config& cfg, const Position& start, int side, const Dice& dice, bool lenient)
      : cfg_(cfg),
        b_(*cfg.board),
        start_(start),
        side_(side),
        dice_(dice),
        lenient_(lenient),
        seq_lists_(dice_sequence_lists(dice)) {}

  // Checks `comps` from the start position (once per Checker) into `r`: each component in turn
  // (6.5-6.14) on the position the earlier ones left, then the whole ply (6.15, 6.16). The
  // components are played on the changed cells only, kept in r.changes; r.after is left empty.
  void run(const CompList& comps, PlyResult& r) {
    r.ok = false;
    r.warnings.clear();
    r.after.reset();
    r.won = false;
    r.played.n = 0;  // (its items are read only up to n)
    r.side = side_;
    ch_ = &r.changes;
    ch_->n = 0;
    ch_->away = start_.away;
    play_all(comps, r);  // false: the error (or, lenient, a re-read ply) is in r
  }

 private:
  // The body of run(): false when a check fails (the error, or a re-read ply, in `r`).
  bool play_all(const CompList& comps, PlyResult& r) {
    std::uint16_t outcomes = 1;  // bit m: the dice of mask m are used
    int winning = -1;
    for (int k = 0; k < comps.n; ++k) {
      const Comp& c = comps.items[k];
      if (!check_piece(comps, k, winning, r)) return false;
      Stack& from = edit(c.from);
      const int colour = from.top;
      lift(b_, from, c.from, ch_->away);
      if (!check_landing(c, colour, outcomes, r)) return false;
      land(b_, edit(c.to), c.to, colour, ch_->away);
      note_arrival(c.to);
      if (has_won(cfg_, ch_->away, side_)) winning = k;
    }
    r.side = side_;
    if (!check_whole_ply(outcomes, winning >= 0, r)) return false;
    r.ok = true;
    r.won = winning >= 0;
    r.played = comps;
    return true;
  }

  // Whether the ply has changed `cell` (it is then in the changes, at slot_[cell]).
  bool touched(int cell) const { return (touched_[cell >> 6] >> (cell & 63)) & 1; }
  // The stack on `cell` as the ply has left it so far: its changed copy, else the start's (the
  // start position is not copied: most cells are only read).
  const Stack& at(int cell) const {
    return touched(cell) ? ch_->stack[slot_[cell]] : start_.cells[cell];
  }
  // The stack on `cell`, to change: on first use copied from the start into the changes.
  Stack& edit(int cell) {
    if (!touched(cell)) {
      touched_[cell >> 6] |= std::uint64_t{1} << (cell & 63);
      slot_[cell] = static_cast<std::uint8_t>(ch_->n);
      ch_->cell[ch_->n] = static_cast<std::uint8_t>(cell);
      ch_->stack[ch_->n++] = start_.cells[cell];
    }
    return ch_->stack[slot_[cell]];
  }

  // The pieces that have arrived on `cell` this ply (6.10): the bytes of arrived_ equal to it.
  // Their bit 7 marks are summed by one multiplication (std::popcount is a library call on the
  // baseline x86-64 this is built for).
  int arrivals(int cell) const {
    const std::uint32_t x = arrived_ ^ (static_cast<std::uint32_t>(cell) * 0x01010101u);
    const std::uint32_t marks = (~(((x & 0x7F7F7F7Fu) + 0x7F7F7F7Fu) | x) & 0x80808080u) >> 7;
    return static_cast<int>((marks * 0x01010101u) >> 24);
  }
  // Counts one more piece arrived on `cell` (one byte per component, at most four).
  void note_arrival(int cell) { arrived_ = arrived_ << 8 | static_cast<std::uint32_t>(cell); }

  // Sets the error `code` with `message`, underlining component `c`, in `r`; returns false.
  bool fail(PlyResult& r, const Comp& c, std::string code, std::string message) const {
    r.error = finding_at(std::move(code), std::move(message), Anchor::kToken, c.offset, c.length);
    r.side = side_;
    return false;
  }

  // 6.5-6.11 for component k (`winning`: the component that won, or -1): nothing follows a win,
  // and the from-cell holds a piece of the side to move, not pinned, that has not moved yet and
  // reaches the to-cell in a straight line. Before the roll-off its owner becomes the side.
  // Returns false with the error (or a re-read ply, 6.10) in `r`.
  bool check_piece(const CompList& comps, int k, int winning, PlyResult& r) {
    // The usual case in few instructions; piece_error goes through the checks again in their
    // order to find and word the first that fails.
    const Comp& c = comps.items[k];
    const Stack& x = at(c.from);
    if (winning < 0 && c.to != c.from && !x.empty()) {
      const int owner = cfg_.side_of_colour[x.top];
      if (side_ < 0) side_ = owner;  // ply 1 after the roll-off: the first mover
      if (owner == side_ && static_cast<int>(x.count) - arrivals(c.from) > 0 &&
          b_.reachable(c.from, c.to))
        return true;
    }
    return piece_error(comps, k, winning, r);
  }

  // check_piece when some check fails: the checks in their order, the first failing one worded.
  [[gnu::noinline]] bool piece_error(const CompList& comps, int k, int winning, PlyResult& r) {
    const Comp& c = comps.items[k];
    const std::string& from = b_.cells[c.from].name;
    if (winning >= 0)  // 6.5
      return fail(r, c, "savoya.move-after-win",
                  cfg_.side_name(side_) + " has already won with " +
                      comp_text(b_, comps.items[winning].from, comps.items[winning].to) +
                      "; nothing may follow");
    if (c.to == c.from)  // 6.6
      return fail(r, c, "savoya.circle-back",
                  "a piece may not circle back to " + from + ", the cell it starts from");
    const Stack x = at(c.from);
    if (x.empty()) return fail(r, c, "savoya.empty-cell", "there is no piece on " + from);  // 6.7
    const int owner = cfg_.side_of_colour[x.top];
    if (side_ < 0) side_ = owner;  // ply 1 after the roll-off: the first mover
    if (owner != side_ && x.pinned >= 0 && cfg_.side_of_colour[x.pinned] == side_)  // 6.8
      return fail(r, c, "savoya.pinned-piece",
                  "the " + std::string(colour_name(x.pinned)) + " piece on " + from +
                      " is pinned by a " + std::string(colour_name(x.top)) +
                      " piece and cannot move");
    if (owner != side_)  // 6.9
      return fail(r, c, "savoya.wrong-side",
                  "the piece on " + from + " is a " + std::string(colour_name(x.top)) +
                      " piece of " + cfg_.side_name(owner) + "; " + cfg_.side_name(side_) +
                      " is to move");
    if (static_cast<int>(x.count) - arrivals(c.from) <= 0)  // 6.10
      return moved_already(comps, k, x.top, r);
    if (!b_.reachable(c.from, c.to))  // 6.11
      return fail(r, c, "savoya.not-straight",
                  b_.cells[c.to].name + " cannot be reached from " + from +
                      " in a straight line; a piece may not turn during its move");
    return true;
  }

  // 6.10: every `colour` piece on the from-cell of component k has moved this ply. In lenient
  // mode the split-move re-reading (R28) is tried first, with the latest earlier component that
  // ended there; `r` receives its result when it is legal. Returns false.
  bool moved_already(const CompList& comps, int k, int colour, PlyResult& r) const {
    const Comp& c = comps.items[k];
    int j = k - 1;
    while (j >= 0 && comps.items[j].to != c.from) --j;
    if (lenient_ && j >= 0) {
      if (std::optional<PlyResult> merged = reread(comps, j, k)) {
        r = std::move(*merged);
        return false;
      }
    }
    const Comp& prev = comps.items[j >= 0 ? j : k];
    return fail(r, c, "savoya.piece-already-moved",
                "every " + std::string(colour_name(colour)) + " piece on " + b_.cells[c.from].name +
                    " has already moved this turn; a piece moves once per turn, in one "
                    "straight line (write " +
                    comp_text(b_, prev.from, c.to) + " as one move)");
  }

  // 6.12-6.14 for component c of a `colour` piece lifted off its from-cell: the to-cell is
  // landable, and from some outcome in `outcomes` unused dice make a route to it whose stops are
  // landable (unless -stops=free). Narrows `outcomes` to the dice used after c; returns false
  // with the error in `r`.
  bool check_landing(const Comp& c, int colour, std::uint16_t& outcomes, PlyResult& r) const {
    if (!landable(at(c.to), colour)) return blocked_error(c, colour, r);  // 6.12
    std::uint16_t next = 0;
    bool length_fits = false;
    std::array<std::uint8_t, 32> blocked;  // (read only up to num_blocked)
    int num_blocked = 0;
    const bool via = c.via[0] != kNoCell;  // reread fills the slots in order
    const auto& routes = b_.route[c.from];
    // Byte d: the length of the route in direction d from c.from to c.to, 0 when none.
    const std::uint32_t steps = b_.steps(c.from, c.to);
    for (unsigned rest = outcomes; rest != 0; rest &= rest - 1) {
      const int m = std::countr_zero(rest);
      const DiceSeqList& seqs = seq_lists_[m];
      // Each direction d with a route to c.to (a nonzero byte of `steps`, its length k), then
      // each sequence i whose sum is k: byte i of `sums` equals k, i.e. byte i of `x` is zero
      // (bit 7 of a byte of ~(...) is set exactly then; all four bytes at once). A sum is
      // never 0, so the unused bytes of `sums` never match.
      for (std::uint32_t dirs = steps; dirs != 0;) {
        const int d = std::countr_zero(dirs) >> 3;
        const std::uint32_t k = (dirs >> (8 * d)) & 0xFF;
        dirs &= ~(0xFFu << (8 * d));
        const std::uint32_t x = seqs.sums ^ (k * 0x01010101u);
        std::uint32_t hits = ~(((x & 0x7F7F7F7Fu) + 0x7F7F7F7Fu) | x) & 0x80808080u;
        for (; hits != 0; hits &= hits - 1) {
          const DiceSeq& s = seqs.seq[std::countr_zero(hits) >> 3];
          if (via && !passes_via(b_, c, d, s)) continue;
          length_fits = true;  // 6.13
          bool stops_ok = true;
          if (!cfg_.free_stops)
            for (int p = 0; p + 1 < s.len; ++p) {
              const std::uint8_t stop = routes[d][s.partial[p]];
              if (!landable(at(stop), colour)) {
                stops_ok = false;
                if (num_blocked < 32) blocked[num_blocked++] = stop;
              }
            }
          if (stops_ok) next = static_cast<std::uint16_t>(next | (1u << (m | s.mask)));
        }
      }
    }
    if (!length_fits) return distance_error(c, outcomes, r);
    if (next == 0)  // 6.14
      return stop_error(c, colour, {blocked.begin(), blocked.begin() + num_blocked}, r);
    outcomes = next;
    return true;
  }

  // The errors of check_landing, out of its way.
  [[gnu::noinline]] bool blocked_error(const Comp& c, int colour, PlyResult& r) const {
    const Stack& y = at(c.to);
    return fail(r, c, "savoya.blocked",
                b_.cells[c.to].name + " is blocked for a " + std::string(colour_name(colour)) +
                    " piece: it holds " + std::to_string(y.total()) + " pieces topped by " +
                    std::string(colour_name(y.top)));
  }
  [[gnu::noinline]] bool distance_error(const Comp& c, std::uint16_t outcomes,
                                        PlyResult& r) const {
    return fail(r, c, "savoya.wrong-distance",
                comp_text(b_, c.from, c.to) + " is " + lengths_text(c) +
                    " steps; the unused dice (" + unused_or_none(outcomes) + ") cannot make that");
  }
  [[gnu::noinline]] bool stop_error(const Comp& c, int colour, std::vector<std::uint8_t> blocked,
                                    PlyResult& r) const {
    return fail(r, c, "savoya.blocked-stop",
                comp_text(b_, c.from, c.to) + " needs a stop on " +
                    join_cells(b_, std::move(blocked)) + ", which is blocked for a " +
                    std::string(colour_name(colour)) + " piece");
  }

  // The route lengths from c's from-cell to its to-cell: "3" or "3 or 9".
  std::string lengths_text(const Comp& c) const {
    std::string out;
    for (int n : distances(b_, c.from, c.to))
      out += (out.empty() ? "" : " or ") + std::to_string(n);
    return out;
  }

  // 6.15 and 6.16 for the whole ply, played with the dice of `outcomes`: the board changed, and
  // unless the ply wins, no play uses more pips. Returns false with the error in r.
  bool check_whole_ply(std::uint16_t outcomes, bool won, PlyResult& r) const {
    if (same_board()) {  // 6.15
      r.error =
          finding_at("savoya.no-change", "the move leaves the board as it was", Anchor::kToken);
      return false;
    }
    if (won) return true;
    // 6.16. A ply that used every die (the usual one) uses the most pips there are.
    if ((outcomes >> ((1u << dice_.n) - 1)) & 1) return true;
    return fewer_pips(outcomes, r);
  }

  // 6.16 for a ply that left dice unused: true when no play uses more pips, else the error in r.
  [[gnu::noinline]] bool fewer_pips(std::uint16_t outcomes, PlyResult& r) const {
    int best = 0;
    for (unsigned rest = outcomes; rest != 0; rest &= rest - 1)
      best = std::max(best, dice_.pips(static_cast<std::uint8_t>(std::countr_zero(rest))));
    Play more;
    if (best >= dice_.total() || !find_play_with_more(cfg_, start_, side_, dice_, best, more))
      return true;
    r.error = finding_at("savoya.dice-unused",
                         "the move uses " + std::to_string(best) + " of " +
                             std::to_string(dice_.total()) +
                             " pips, but a play using more exists, e.g. " + play_text(b_, more) +
                             " (" + std::to_string(more.pips) + " pips)",
                         Anchor::kToken);
    return false;
  }

  // Whether the ply left the pieces of the start position: only the changed cells can differ.
  bool same_board() const {
    for (int i = 0; i < ch_->n; ++i)
      if (!(ch_->stack[i] == start_.cells[ch_->cell[i]])) return false;
    return true;
  }

  // The used mask with the fewest dice among the outcomes (lowest mask on ties).
  static std::uint8_t fewest_used(std::uint16_t outcomes) {
    int best = -1;
    for (int m = 0; m < 16; ++m)
      if (((outcomes >> m) & 1) &&
          (best < 0 || std::popcount(static_cast<unsigned>(m)) <
                           std::popcount(static_cast<unsigned>(best))))
        best = m;
    return static_cast<std::uint8_t>(best < 0 ? 0 : best);
  }

  // The unused dice of the outcome with the fewest dice used, or "none".
  std::string unused_or_none(std::uint16_t outcomes) const {
    const std::string text = dice_.unused_text(fewest_used(outcomes));
    return text.empty() ? std::string("none") : text;
  }

  // R28: merges component k into the latest earlier component j that ended on k's from-cell and
  // checks the re-read ply. Returns its result when it is legal.
  std::optional<PlyResult> reread(const CompList& comps, int j, int k) const {
    const Comp& first = comps.items[j];
    const Comp& second = comps.items[k];
    CompList merged;
    for (int i = 0; i < comps.n; ++i) {
      if (i == k) continue;
      Comp c = comps.items[i];
      if (i == j) {
        c.to = second.to;
        const std::uint32_t end = std::max(first.offset + first.length,
                                           second.offset + second.length);
        c.offset = std::min(first.offset, second.offset);
        c.length = end - c.offset;
        auto slot = std::find(c.via.begin(), c.via.end(), kNoCell);
        if (slot == c.via.end()) return std::nullopt;
        *slot = first.to;
      }
      merged.items[merged.n++] = c;
    }
    Checker again(cfg_, start_, side_, dice_, lenient_);
    PlyResult r;
    again.run(merged, r);
    if (!r.ok) return std::nullopt;
    Finding w = finding_at(
        "savoya.split-move",
        comp_text(b_, first.from, first.to) + "," + comp_text(b_, second.from, second.to) +
            " moves one piece twice; read as " + comp_text(b_, first.from, second.to),
        Anchor::kToken, std::min(first.offset, second.offset),
        std::max(first.offset + first.length, second.offset + second.length) -
            std::min(first.offset, second.offset),
        Severity::kWarning);
    r.warnings.insert(r.warnings.begin(), std::move(w));
    return r;
  }

  const Config& cfg_;
  const Board& b_;
  const Position& start_;
  int side_;
  const Dice& dice_;
  bool lenient_;
  const DiceSeqList* seq_lists_;  // the dice sequences by used mask
  PlyChanges* ch_ = nullptr;      // the cells played so far: the result's `changes`
  std::array<std::uint64_t, 2> touched_{};  // bit c: cell c is in ch_->cell
  // For a touched cell, its index in ch_->cell and ch_->stack (other bytes are never read, so
  // they are left uninitialised: no board-sized work per ply).
  std::array<std::uint8_t, kMaxCells> slot_;
  // The cells pieces arrived on this ply (6.10), one byte each, the latest lowest; kNoCell
  // bytes when fewer than four.
  std::uint32_t arrived_ = ~std::uint32_t{0};
};

}  // namespace

PlyResult check_components(const Config& cfg, const Position& start, int side, const Dice& dice,
                           const CompList& comps, bool lenient) {
  PlyResult r;
  check_components(cfg, start, side, dice, comps, lenient, r);
  if (r.ok) {
    Position& after = r.after.emplace(start);
    for (int i = 0; i < r.changes.n; ++i) after.cells[r.changes.cell[i]] = r.changes.stack[i];
    after.away = r.changes.away;
  }
  return r;
}

void check_components(const Config& cfg, const Position& start, int side, const Dice& dice,
                      const CompList& comps, bool lenient, PlyResult& out) {
  Checker checker(cfg, start, side, dice, lenient);
  checker.run(comps, out);
}

}  // namespace scribe::engine::savoya
