// Savoya rules core: configuration, start positions, dice, and the component checks 6.5-6.16
// of savoya.md §6 for one ply with known dice.
#include "engine/games/savoya/savoya_rules.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace scribe::engine::savoya {

std::shared_ptr<Config> make_config(BoardKind board, int players, StartKind start, int pieces,
                                    bool free_stops) {
  auto cfg = std::make_shared<Config>();
  cfg->board = &board_of(board);
  cfg->players = players;
  cfg->start = start;
  cfg->pieces = pieces;
  cfg->free_stops = free_stops;
  cfg->seats = &cfg->board->seating[players];
  for (int s = 0; s < cfg->num_sides(); ++s)
    for (int c : (*cfg->seats)[s].colours) {
      cfg->side_of_colour[c] = static_cast<std::int8_t>(s);
      cfg->colours_of_side[s] = static_cast<std::uint8_t>(cfg->colours_of_side[s] | (1u << c));
    }
  return cfg;
}

void recount(const Config& cfg, Position& p) {
  p.away.fill(0);
  for (int c = 0; c < cfg.board->num_cells; ++c) {
    const Stack& s = p.cells[c];
    if (s.top >= 0 && !cfg.board->is_home(c, s.top)) p.away[s.top] += s.count;
    if (s.pinned >= 0 && !cfg.board->is_home(c, s.pinned)) p.away[s.pinned] += 1;
  }
}

Position start_position(const Config& cfg) {
  Position p;
  const int n = cfg.pieces;
  const int q = n / 3, r = n % 3;
  for (int colour = 0; colour < kColours; ++colour) {
    if (!cfg.in_play(colour)) continue;
    std::array<int, 3> heights{n, 0, 0};
    if (cfg.start == StartKind::kEven) {
      heights = {q, q, q};
    } else if (cfg.start == StartKind::kStep) {
      heights = q == 0 ? std::array<int, 3>{n, 0, 0} : std::array<int, 3>{q + 1, q, q - 1};
    }
    if (cfg.start != StartKind::kStack && !(cfg.start == StartKind::kStep && q == 0))
      for (int i = 0; i < r; ++i) ++heights[i];
    for (int i = 0; i < 3; ++i) {
      if (heights[i] == 0) continue;
      Stack& s = p.cells[cfg.board->sets[colour].start_area[i]];
      s.top = static_cast<std::int8_t>(colour);
      s.count = static_cast<std::uint16_t>(heights[i]);
    }
  }
  recount(cfg, p);
  return p;
}

void lift(const Board& b, Position& p, int cell) { lift(b, p.cells[cell], cell, p.away); }

void land(const Board& b, Position& p, int cell, int colour) {
  land(b, p.cells[cell], cell, colour, p.away);
}

bool has_won(const Config& cfg, const Position& p, int side) { return has_won(cfg, p.away, side); }

namespace {

// Whether the piece on top of cell `c` (colour s.top) has a legal component with some roll:
// a landable cell 1..6 steps away in some direction (with free stops, any sum of dice).
// Inlined: asked after every ply (can_ever_move), where it most often answers at once.
[[gnu::always_inline]] inline bool piece_can_move(const Config& cfg, const Position& p, int c) {
  static constexpr int kCheck[] = {1, 2, 3, 4, 5, 6};
  static constexpr int kFree[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 16, 18, 20, 24};
  const Board& b = *cfg.board;
  const Stack& s = p.cells[c];
  for (int d = 0; d < b.num_dirs[c]; ++d) {
    auto try_all = [&](const auto& distances) {
      for (int k : distances) {
        const std::uint8_t y = b.route[c][d][k];
        if (y == kNoCell) return false;  // longer routes leave the board too
        if (y != c && landable(p, y, s.top)) return true;
      }
      return false;
    };
    if (cfg.free_stops ? try_all(kFree) : try_all(kCheck)) return true;
  }
  return false;
}

// Whether cell `c` holds a piece of `side` on top.
bool top_of_side(const Config& cfg, const Position& p, int c, int side) {
  const Stack& s = p.cells[c];
  return s.top >= 0 && cfg.side_of_colour[s.top] == side;
}

}  // namespace

bool can_ever_move(const Config& cfg, const Position& p, int side) {
  for (int c = 0; c < cfg.board->num_cells; ++c)
    if (top_of_side(cfg, p, c, side) && piece_can_move(cfg, p, c)) return true;
  return false;
}

bool can_ever_move(const Config& cfg, const Position& p, int side, std::uint8_t& hint) {
  if (hint < cfg.board->num_cells && top_of_side(cfg, p, hint, side) &&
      piece_can_move(cfg, p, hint))
    return true;
  for (int c = 0; c < cfg.board->num_cells; ++c)
    if (top_of_side(cfg, p, c, side) && piece_can_move(cfg, p, c)) {
      hint = static_cast<std::uint8_t>(c);
      return true;
    }
  return false;
}

std::string Dice::text() const {
  // Made for every ply (the roll shown in reports): dice are 1..6, one digit each.
  std::string out(1, static_cast<char>('0' + v[0]));
  if (n != 1) {
    out += '-';
    out += static_cast<char>('0' + v[1]);
  }
  return out;
}

void Dice::write_text(std::string& out) const {
  // One copy into the string's own short buffer (no allocation).
  const char text[3] = {static_cast<char>('0' + v[0]), '-', static_cast<char>('0' + v[1])};
  out.assign(text, n == 1 ? 1 : 3);
}

std::string Dice::unused_text(std::uint8_t used_mask) const {
  std::string out;
  for (int i = 0; i < n; ++i) {
    if ((used_mask >> i) & 1) continue;
    if (!out.empty()) out += '-';
    out += std::to_string(v[i]);
  }
  return out;
}

namespace {

// dice_sequences for `dice`, at compile time or run time.
template <std::size_t N>
constexpr int make_sequences(const Dice& dice, std::uint8_t used, std::array<DiceSeq, N>& out) {
  int k = 0;
  if (dice.doubles) {
    // Equal dice: a sequence of m dice takes the m lowest unused ones (used dice form a prefix).
    const int first = std::popcount(static_cast<unsigned>(used));
    for (int m = 1; first + m <= 4; ++m) {
      DiceSeq s;
      s.len = static_cast<std::uint8_t>(m);
      for (int i = 0; i < m; ++i) {
        s.mask = static_cast<std::uint8_t>(s.mask | (1u << (first + i)));
        if (i < m - 1) s.partial[i] = static_cast<std::uint8_t>(dice.v[0] * (i + 1));
      }
      s.sum = static_cast<std::uint8_t>(dice.v[0] * m);
      out[k++] = s;
    }
    return k;
  }
  // Distinct dice, larger first: singles, then pairs in both orders.
  for (int i = 0; i < dice.n; ++i) {
    if ((used >> i) & 1) continue;
    DiceSeq s;
    s.mask = static_cast<std::uint8_t>(1u << i);
    s.len = 1;
    s.sum = dice.v[i];
    out[k++] = s;
  }
  if (dice.n == 2 && used == 0) {
    for (int i = 0; i < 2; ++i) {
      DiceSeq s;
      s.mask = 3;
      s.len = 2;
      s.sum = static_cast<std::uint8_t>(dice.v[0] + dice.v[1]);
      s.partial[0] = dice.v[i];
      out[k++] = s;
    }
  }
  return k;
}

// The rolls of the table: 0-5 one die 1..6, 6-11 doubles 1..6, 12-47 two dice a, b (a, b in
// 1..6; Dice::roll makes a > b). Returns -1 for any other Dice.
constexpr int roll_key(const Dice& d) {
  const int a = d.v[0], b = d.v[1];
  if (a < 1 || a > 6) return -1;
  if (d.n == 1 && !d.doubles) return a - 1;
  if (d.n == 4 && d.doubles && d.v[1] == a && d.v[2] == a && d.v[3] == a) return 6 + a - 1;
  if (d.n == 2 && !d.doubles && b >= 1 && b <= 6) return 12 + (a - 1) * 6 + (b - 1);
  return -1;
}

// The Dice of a table key (the inverse of roll_key).
constexpr Dice dice_of_key(int key) {
  Dice d;
  if (key < 6) {
    d.v[0] = static_cast<std::uint8_t>(key + 1);
    d.n = 1;
  } else if (key < 12) {
    for (auto& v : d.v) v = static_cast<std::uint8_t>(key - 6 + 1);
    d.n = 4;
    d.doubles = true;
  } else {
    d.v[0] = static_cast<std::uint8_t>((key - 12) / 6 + 1);
    d.v[1] = static_cast<std::uint8_t>((key - 12) % 6 + 1);
    d.n = 2;
  }
  return d;
}

constexpr int kRollKeys = 48;
using SequenceTable = std::array<std::array<DiceSeqList, 16>, kRollKeys>;

// Fills the 16 lists of `dice` (one per used mask).
constexpr void make_lists(const Dice& dice, std::array<DiceSeqList, 16>& lists) {
  for (int used = 0; used < 16; ++used) {
    std::array<DiceSeq, 8> seqs{};
    const int n = make_sequences(dice, static_cast<std::uint8_t>(used), seqs);
    if (n > kMaxSeqsPerMask) throw "more sequences than kMaxSeqsPerMask";  // no Dice has more
    DiceSeqList& list = lists[used];
    list.n = static_cast<std::uint8_t>(n);
    list.sums = 0;  // the scratch lists are made again
    for (int i = 0; i < n; ++i) {
      list.seq[i] = seqs[i];
      list.sums |= static_cast<std::uint32_t>(seqs[i].sum) << (8 * i);
    }
  }
}

constexpr SequenceTable make_sequence_table() {
  SequenceTable t{};
  for (int key = 0; key < kRollKeys; ++key) make_lists(dice_of_key(key), t[key]);
  return t;
}

constexpr SequenceTable kSequenceTable = make_sequence_table();

}  // namespace

int dice_sequences(const Dice& dice, std::uint8_t used, std::array<DiceSeq, 8>& out) {
  if (used >= 16) return make_sequences(dice, used, out);  // no ply uses more than four dice
  const DiceSeqList& list = dice_sequence_lists(dice)[used];
  std::copy(list.seq.begin(), list.seq.begin() + list.n, out.begin());
  return list.n;
}

namespace {

// dice_sequence_lists for dice the table has no slot for, out of line: inlined, its registers
// cost the usual call (once per ply) a longer entry and exit.
[[gnu::noinline]] const DiceSeqList* scratch_sequence_lists(const Dice& dice) {
  thread_local std::array<DiceSeqList, 16> scratch;
  make_lists(dice, scratch);
  return scratch.data();
}

}  // namespace

const DiceSeqList* dice_sequence_lists(const Dice& dice) {
  const int key = roll_key(dice);
  if (key >= 0) return kSequenceTable[key].data();
  return scratch_sequence_lists(dice);
}

const std::array<Dice, 21>& all_rolls() {
  static const std::array<Dice, 21> rolls = [] {
    std::array<Dice, 21> r{};
    int k = 0;
    for (int a = 1; a <= 6; ++a)
      for (int b = 1; b <= a; ++b) r[k++] = Dice::roll(a, b);
    return r;
  }();
  return rolls;
}

void play_text_and_components(const Board& b, const Play& play, std::string& out, CompList& comps) {
  comps.n = 0;
  // The text is written through a pointer into `out`, sized first for the longest text the
  // components can make (an "Nx", both names, '-' and ',' each, and the three bytes a name's
  // four-byte store may write past it), then cut to what was written: one resize instead of an
  // append, and its capacity check, per character or name.
  out.resize(static_cast<std::size_t>(play.n) * 12 + 3);
  char* const text = out.data();
  std::size_t at = 0;
  int i = 0;
  while (i < play.n) {
    int j = i + 1;
    while (j < play.n && play.from[j] == play.from[i] && play.to[j] == play.to[i]) ++j;
    if (at != 0) text[at++] = ',';
    const auto offset = static_cast<std::uint32_t>(at);
    if (j - i > 1) {
      text[at++] = static_cast<char>('0' + (j - i));
      text[at++] = 'x';
    }
    // A name is written as its four bytes, and the text goes on after its own length.
    std::memcpy(text + at, b.name_bytes[play.from[i]].data(), 4);
    at += b.name_size[play.from[i]];
    text[at++] = '-';
    std::memcpy(text + at, b.name_bytes[play.to[i]].data(), 4);
    at += b.name_size[play.to[i]];
    for (int k = i; k < j; ++k) {
      Comp& c = comps.items[comps.n++];
      c = Comp{};
      c.from = play.from[k];
      c.to = play.to[k];
      c.offset = offset;
      c.length = static_cast<std::uint32_t>(at) - offset;
    }
    i = j;
  }
  out.resize(at);
}

std::string play_text(const Board& b, const Play& play) {
  std::string out;
  CompList comps;
  play_text_and_components(b, play, out, comps);
  return out;
}

}  // namespace scribe::engine::savoya
