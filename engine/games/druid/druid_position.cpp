// Position text (spec games/druid.md §11): canonical printing, reading with every validity rule
// (each failure with its reason), and the digest of what the text shows (position_digest).
#include <algorithm>
#include <cctype>
#include <map>

#include "engine/core/digest.hpp"
#include "engine/core/kit.hpp"
#include "engine/core/names.hpp"
#include "engine/games/druid/druid_state.hpp"

namespace scribe::engine::druid {

namespace {

// Returns the character of a unit in position text.
char unit_char(const Config& c, std::uint8_t u) {
  if (unit_kind(u) == UnitKind::kGap) return '.';
  const char up = c.letters[static_cast<std::size_t>(unit_side(u))];
  return is_lintel_unit(u) ? up : static_cast<char>(std::tolower(static_cast<unsigned char>(up)));
}

// Reads a cell name (column letter in either case, row 1..99 without a leading zero) into
// *cell and checks that it is on the board; returns the reason or "".
std::string read_cell(const Board& b, std::string_view s, int* cell) {
  const std::optional<int> row = s.empty() ? std::nullopt : read_decimal(s.substr(1), 2);
  if (!row || *row < 1 || !std::isalpha(static_cast<unsigned char>(s[0])) || (s[0] & 0x80) != 0)
    return "'" + std::string(s) + "' is not a cell name";
  const int col = std::tolower(static_cast<unsigned char>(s[0])) - 'a';
  *cell = b.index(col, *row);
  if (*cell >= 0) return {};
  return std::string(1, static_cast<char>('a' + col)) + std::to_string(*row) +
         " is not a cell of the " + b.words();
}

// The stacks of position text, one string of units per cell (bottom first; "" when bare), and
// the lintels with the (cell, level) places they cover.
struct Stacks {
  std::vector<std::string> units;
  std::vector<Lintel> lintels;
  std::map<std::pair<int, int>, int> covered;  // (cell, level) -> lintel

  // Returns the unit letter at `level` (1-based) of cell x, or 0 above the top.
  char at(int x, int level) const {
    const std::string& s = units[static_cast<std::size_t>(x)];
    if (level < 1 || level > static_cast<int>(s.size())) return 0;
    return s[static_cast<std::size_t>(level - 1)];
  }
};

// Whether a unit letter is a lintel unit (upper case).
bool is_upper(char u) { return u != 0 && std::isupper(static_cast<unsigned char>(u)); }

// Rule 1: checks the board field against the configuration; returns the reason or "".
std::string check_board_field(const Config& c, std::string_view field) {
  const Board& b = *c.board;
  const std::size_t colon = field.find(':');
  const std::string_view kind = field.substr(0, colon);
  const std::optional<int> read_size =
      colon == std::string_view::npos ? std::nullopt : read_decimal(field.substr(colon + 1), 3);
  const int size = read_size.value_or(0);
  if (!read_size)
    return "the board field '" + std::string(field) +
           "' must be square, hex, hex3 or y, a colon and a size (e.g. square:8)";
  BoardKind k;
  int players = 2;
  if (kind == "square")
    k = BoardKind::kSquare;
  else if (kind == "hex")
    k = BoardKind::kHex;
  else if (kind == "hex3")
    k = BoardKind::kHex, players = 3;
  else if (kind == "y")
    k = BoardKind::kY;
  else
    return "unknown board '" + std::string(kind) + "'; use square, hex, hex3 or y";
  const char* names[] = {"square", "hex", "Y"};
  if (size < min_size(k) || size > max_size(k))
    return "size " + std::to_string(size) + " is out of range for the " +
           names[static_cast<int>(k)] + " board (" + std::to_string(min_size(k)) + ".." +
           std::to_string(max_size(k)) + ")";
  if (k != b.kind || size != b.size || players != c.players)
    return "the position is for '" + std::string(field) +
           "', but the record's options and players give '" + c.board_word() + ":" +
           std::to_string(b.size) + "'";
  return {};
}

// Rules 2 and 3: reads the stacks field into st->units; returns the reason or "".
std::string read_stacks(const Config& c, std::string_view field, Stacks* st) {
  const Board& b = *c.board;
  st->units.assign(static_cast<std::size_t>(b.num_cells), std::string());
  std::vector<bool> listed(static_cast<std::size_t>(b.num_cells), false);
  if (field == "-") return {};
  for (std::string_view item : split(field, ',')) {
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos)
      return "the stack '" + std::string(item) + "' must be a cell, '=' and its units";
    int x = -1;
    if (std::string why = read_cell(b, item.substr(0, eq), &x); !why.empty()) return why;
    const std::string name = b.cell_name(x);
    if (listed[static_cast<std::size_t>(x)]) return name + " is listed twice in the stacks";
    listed[static_cast<std::size_t>(x)] = true;
    const std::string_view units = item.substr(eq + 1);
    if (units.empty()) return "the stack on " + name + " has no units";
    if (units.size() > static_cast<std::size_t>(DruidState::kMaxHeight))
      return "the stack on " + name + " is " + std::to_string(units.size()) +
             " units high; scribe supports at most 255";
    for (char u : units) {
      if (u == '.') continue;
      if (c.side_of_letter(u) < 0 || !std::isalpha(static_cast<unsigned char>(u)) ||
          std::string("vhxoyVHXOY").find(u) == std::string::npos)
        return "the stack on " + name + " holds '" + std::string(1, u) +
               "', which is not a unit of a side in play on the " + c.board_word() + " board";
    }
    if (units.back() == '.') return "the top unit on " + name + " is a gap";
    st->units[static_cast<std::size_t>(x)] = std::string(units);
  }
  return {};
}

// Rule 4 for one lintel item (b4-d4/3) of the lintels field; returns the reason or "".
std::string read_lintel(const Config& c, std::string_view item, Stacks* st) {
  const Board& b = *c.board;
  const std::size_t dash = item.find('-');
  const std::size_t slash = item.find('/');
  if (dash == std::string_view::npos || slash == std::string_view::npos || slash < dash)
    return "the lintel '" + std::string(item) + "' must be written end-end/level (b4-d4/3)";
  int a = -1, e = -1, level = 0;
  std::string why = read_cell(b, item.substr(0, dash), &a);
  if (why.empty()) why = read_cell(b, item.substr(dash + 1, slash - dash - 1), &e);
  if (!why.empty()) return why;
  if (const std::optional<int> l = read_decimal(item.substr(slash + 1), 3))
    level = *l;
  else
    return "the lintel '" + std::string(item) + "' has no valid level";
  const std::string lname = b.cell_name(std::min(a, e)) + "-" + b.cell_name(std::max(a, e));
  const int m = b.lintel_middle(a, e);
  if (m < 0)
    return "the lintel " + lname +
           " is not a lintel: its ends must be two cells apart in a straight line";
  if (level < 2 || level > DruidState::kMaxHeight)
    return "the lintel " + lname + " lies at level " + std::to_string(level) +
           "; a lintel lies at level 2 or higher";
  const std::string at_level = "the lintel " + lname + "/" + std::to_string(level);
  int side = -1;
  for (int x : {a, m, e}) {
    const char u = st->at(x, level);
    if (!is_upper(u))
      return at_level + " needs a lintel unit on " + b.cell_name(x) + " at level " +
             std::to_string(level);
    const int s = c.side_of_letter(u);
    if (side >= 0 && s != side) return at_level + " has units of two sides";
    side = s;
  }
  for (int x : {a, e}) {
    const char u = st->at(x, level - 1);
    if (u == '.' || u == 0) return at_level + " has no stone under its end " + b.cell_name(x);
  }
  const int id = static_cast<int>(st->lintels.size());
  for (int x : {a, m, e})
    if (!st->covered.emplace(std::make_pair(x, level), id).second)
      return "two lintels share " + b.cell_name(x) + " at level " + std::to_string(level);
  Lintel l;
  l.a = static_cast<std::int16_t>(std::min(a, e));
  l.b = static_cast<std::int16_t>(std::max(a, e));
  l.m = static_cast<std::int16_t>(m);
  l.level = static_cast<std::uint8_t>(level);
  l.side = static_cast<std::uint8_t>(side);
  st->lintels.push_back(l);
  return {};
}

// Rules 4 and 5: reads the lintels field, then checks that every lintel unit belongs to a
// listed lintel and that sarsens stand on their own side's units; returns the reason or "".
std::string read_lintels(const Config& c, std::string_view field, Stacks* st) {
  const Board& b = *c.board;
  if (field != "-")
    for (std::string_view item : split(field, ','))
      if (std::string why = read_lintel(c, item, st); !why.empty()) return why;
  for (int x = 0; x < b.num_cells; ++x) {
    const std::string& s = st->units[static_cast<std::size_t>(x)];
    for (std::size_t i = 0; i < s.size(); ++i)
      if (is_upper(s[i]) && st->covered.count({x, static_cast<int>(i) + 1}) == 0)
        return "the lintel unit on " + b.cell_name(x) + " at level " + std::to_string(i + 1) +
               " belongs to no listed lintel";
  }
  // Rule 5: sarsens stand on their own side's units; gaps lie under units.
  for (int x = 0; x < b.num_cells; ++x) {
    const std::string& s = st->units[static_cast<std::size_t>(x)];
    for (std::size_t i = 1; i < s.size(); ++i) {
      const char u = s[i];
      if (u == '.' || is_upper(u)) continue;
      const char below = s[i - 1];
      if (below == '.' || c.side_of_letter(below) != c.side_of_letter(u))
        return "the sarsen on " + b.cell_name(x) + " at level " + std::to_string(i + 1) +
               " must stand on a unit of its own side, not on '" + std::string(1, below) + "'";
    }
  }
  return {};
}

}  // namespace

std::string DruidState::position_text() const {
  const Config& c = *config_;
  const Board& b = board();
  std::string out = "druid " + c.board_word() + ":" + std::to_string(b.size) + " ";
  ListField stacks(out);
  for (int x = 0; x < b.num_cells; ++x) {
    const int h = height(x);
    if (h == 0) continue;
    stacks.item() += b.cell_name(x) + '=';
    for (int l = 1; l <= h; ++l) out += unit_char(c, unit_at(x, l));
  }
  stacks.end();
  out += ' ';
  std::vector<Lintel> sorted = lintels_;
  std::sort(sorted.begin(), sorted.end(), [](const Lintel& p, const Lintel& q) {
    return p.level != q.level ? p.level < q.level : p.a < q.a;
  });
  ListField lintels(out);
  for (const Lintel& l : sorted)
    lintels.item() += b.cell_name(l.a) + "-" + b.cell_name(l.b) + "/" + std::to_string(l.level);
  lintels.end();
  out += ' ';
  ListField druids(out);
  for (int s = 0; s < c.players; ++s) {
    const int d = druid_cell(s);
    if (d < 0) continue;
    druids.item() +=
        c.side_name(s) + "@" + b.cell_name(d) + ">" + std::string(b.edge_name(druid_target(s)));
  }
  druids.end();
  out += ' ';
  out += over_ ? "-" : c.side_name(to_move_);
  out += ' ';
  out += std::to_string(passes_);
  out += ' ';
  out += swap_ok_ ? 's' : '-';
  return out;
}

PositionResult DruidState::parse(std::shared_ptr<const Config> config, std::string_view text) {
  auto fail = position_error;
  const Config& c = *config;
  const std::vector<std::string_view> f = split(text, ' ');
  if (f.size() != 8 || std::any_of(f.begin(), f.end(), [](auto s) { return s.empty(); }))
    return fail(
        "expected 8 fields separated by single spaces (druid, board, stacks, lintels, "
        "druids, side, passes, swap), found '" +
        std::string(text) + "'");
  if (f[0] != "druid")
    return fail("the first field must be 'druid', not '" + std::string(f[0]) + "'");
  Stacks stacks;
  std::string why = check_board_field(c, f[1]);
  if (why.empty()) why = read_stacks(c, f[2], &stacks);
  if (why.empty()) why = read_lintels(c, f[3], &stacks);
  if (!why.empty()) return fail(std::move(why));
  auto st = std::make_unique<DruidState>(config);
  st->from_start_ = false;
  st->fill_stacks(stacks.units, stacks.lintels, stacks.covered);
  why = st->place_druids(f[4]);
  if (why.empty()) why = st->read_turn(f[5], f[6], f[7]);
  if (!why.empty()) return fail(std::move(why));
  return {std::move(st), {}};
}

void DruidState::fill_stacks(const std::vector<std::string>& stacks,
                             const std::vector<Lintel>& lintels,
                             const std::map<std::pair<int, int>, int>& covered) {
  const Config& c = *config_;
  for (int x = 0; x < board().num_cells; ++x) {
    const std::string& s = stacks[static_cast<std::size_t>(x)];
    for (std::size_t i = 0; i < s.size(); ++i) {
      const char u = s[i];
      std::uint8_t unit = 0;
      if (u != '.') {
        const int side = c.side_of_letter(u);
        UnitKind k = UnitKind::kSarsen;
        if (is_upper(u)) {
          const Lintel& l =
              lintels[static_cast<std::size_t>(covered.at({x, static_cast<int>(i) + 1}))];
          k = l.m == x ? UnitKind::kLintelMiddle : UnitKind::kLintelEnd;
        }
        unit = make_unit(k, side);
      }
      push_unit(x, unit);
    }
  }
  lintels_ = lintels;
  groups_stale_ = 0b111;
}

std::string DruidState::place_druids(std::string_view field) {
  const Config& c = *config_;
  const Board& b = board();
  if (field == "-") return {};
  for (std::string_view item : split(field, ',')) {
    const std::size_t atp = item.find('@');
    const std::size_t gt = item.find('>');
    if (item.size() < 2 || atp != 1 || gt == std::string_view::npos || gt < atp)
      return "the druid '" + std::string(item) + "' must be written SIDE@cell>edge (V@b4>n)";
    if (!c.walk) return "druids appear only in Druid's Walk games (-walk)";
    const char letter = item[0];
    const int side =
        std::isupper(static_cast<unsigned char>(letter)) ? c.side_of_letter(letter) : -1;
    if (side < 0) return "the druid '" + std::string(item) + "' names no side in play";
    int x = -1;
    if (std::string why = read_cell(b, item.substr(2, gt - 2), &x); !why.empty()) return why;
    if (druid_cell(side) >= 0) return c.side_name(side) + " has two druids";
    if (owner(x) != side)
      return c.side_name(side) + "'s druid on " + b.cell_name(x) +
             " must stand on a stone of its own side";
    const std::string_view edge = item.substr(gt + 1);
    const std::uint8_t bit = b.edge_bit(edge);
    if (bit == 0 || (bit & c.edge_pair_mask(side)) == 0)
      return c.side_name(side) + "'s druid has target edge '" + std::string(edge) +
             "', which is not one of its side's two edges";
    druid_cell_[static_cast<std::size_t>(side)] = static_cast<std::int16_t>(x);
    druid_target_[static_cast<std::size_t>(side)] = bit;
  }
  return {};
}

std::string DruidState::read_turn(std::string_view side, std::string_view passes_field,
                                  std::string_view swap_field) {
  const Config& c = *config_;
  int to_move = -1;
  if (side != "-") {
    if (side.size() != 1 || !std::isupper(static_cast<unsigned char>(side[0])) ||
        c.side_of_letter(side[0]) < 0)
      return "the side to move '" + std::string(side) + "' is not a side in play or '-'";
    to_move = c.side_of_letter(side[0]);
  }
  if (passes_field.size() != 1 || !std::isdigit(static_cast<unsigned char>(passes_field[0])))
    return "the passes field '" + std::string(passes_field) + "' must be one digit";
  const int passes = passes_field[0] - '0';
  if (swap_field != "s" && swap_field != "-")
    return "the swap field '" + std::string(swap_field) + "' must be 's' or '-'";
  const bool swap = swap_field == "s";

  // Rule 7: '-' exactly when the game is over; at most one winner.
  int winners = 0, winner = -1;
  for (int s = 0; s < c.players; ++s) {
    bool won = false;
    if (c.walk) {
      const int d = druid_cell(s);
      won = d >= 0 && (board().edges[static_cast<std::size_t>(d)] & druid_target(s)) != 0;
    } else {
      won = has_connection(s, nullptr);
    }
    if (won) ++winners, winner = s;
  }
  if (winners > 1) return "more than one side has won";
  const bool drawn = passes == c.players;
  if (winners == 1 && drawn)
    return c.side_name(winner) + " has won, so the game cannot also be drawn by passing";
  const bool over = winners == 1 || drawn;
  if (over && to_move >= 0)
    return winners == 1 ? "the game is over (" + c.side_name(winner) +
                              " has won), so the side to move must be '-'"
                        : "the game is over (drawn by passing), so the side to move must be '-'";
  if (!over && to_move < 0) return "the side to move is '-', but the game is not over";

  // Rule 8: passes and swap.
  if (to_move >= 0 && passes > c.players - 1)
    return "passes must be 0.." + std::to_string(c.players - 1) + " while the game is on";
  if (to_move < 0 && passes != 0 && !drawn)
    return "passes must be 0 or " + std::to_string(c.players) + " when the game is over";
  if (swap && (to_move != 1 || passes != 0))
    return "swap 's' requires the second side (" + c.side_name(1) + ") to move and no passes";
  to_move_ = to_move >= 0 ? to_move : 0;
  passes_ = passes;
  swap_ok_ = swap;
  over_ = over;
  winner_ = winner;
  return {};
}

std::uint64_t DruidState::position_digest() const {
  // position_text writes every unit of every stack (so its height) and "-" or the side to move.
  // Stones are only ever added, so the heights alone tell almost every two positions apart.
  const auto cells = static_cast<std::size_t>(board().num_cells);
  const std::uint64_t h = digest_words(kDigestBasis, height_.data(), cells);
  const auto mover = static_cast<std::uint8_t>(over_ ? 0xFF : to_move_);
  return digest_add(h, &mover, 1);
}

}  // namespace scribe::engine::druid
