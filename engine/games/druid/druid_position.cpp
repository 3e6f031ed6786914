// Position text (spec games/druid.md §11): canonical printing, and reading with every validity
// rule, each failure with its reason.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>

#include "engine/games/druid/druid_state.hpp"

namespace scribe::engine::druid {

namespace {

// Returns the character of a unit in position text.
char unit_char(const Config& c, std::uint8_t u) {
  if (unit_kind(u) == UnitKind::kGap) return '.';
  const char up = c.letters[static_cast<std::size_t>(unit_side(u))];
  return is_lintel_unit(u) ? up : static_cast<char>(std::tolower(static_cast<unsigned char>(up)));
}

// Splits on `sep`, keeping empty parts.
std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t p = s.find(sep, start);
    if (p == std::string_view::npos) {
      out.push_back(s.substr(start));
      return out;
    }
    out.push_back(s.substr(start, p - start));
    start = p + 1;
  }
}

// Reads a decimal number without sign or leading zeros (at most 3 digits).
bool read_number(std::string_view s, int* out) {
  if (s.empty() || s.size() > 3) return false;
  if (s.size() > 1 && s[0] == '0') return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  int v = 0;
  std::from_chars(s.data(), s.data() + s.size(), v);
  *out = v;
  return true;
}

// Reads a cell name (column letter in either case, row 1..99 without a leading zero) and
// checks that it is on the board. Sets *error on failure.
bool read_cell(const Board& b, std::string_view s, int* cell, std::string* error) {
  const auto quoted = "'" + std::string(s) + "'";
  if (s.size() < 2 || s.size() > 3 || !std::isalpha(static_cast<unsigned char>(s[0])) ||
      (s[0] & 0x80) != 0) {
    *error = quoted + " is not a cell name";
    return false;
  }
  int row = 0;
  if (!read_number(s.substr(1), &row) || row < 1) {
    *error = quoted + " is not a cell name";
    return false;
  }
  const int col = std::tolower(static_cast<unsigned char>(s[0])) - 'a';
  *cell = b.index(col, row);
  if (*cell < 0) {
    *error = std::string(1, static_cast<char>('a' + col)) + std::to_string(row) +
             " is not a cell of the " + b.words();
    return false;
  }
  return true;
}

}  // namespace

std::string DruidState::position_text() const {
  const Config& c = *config_;
  const Board& b = board();
  std::string out = "druid " + c.board_word() + ":" + std::to_string(b.size) + " ";
  bool any = false;
  for (int x = 0; x < b.num_cells; ++x) {
    const int h = height(x);
    if (h == 0) continue;
    if (any) out += ',';
    any = true;
    out += b.cell_name(x);
    out += '=';
    for (int l = 1; l <= h; ++l) out += unit_char(c, unit_at(x, l));
  }
  if (!any) out += '-';
  out += ' ';
  if (lintels_.empty()) {
    out += '-';
  } else {
    std::vector<Lintel> sorted = lintels_;
    std::sort(sorted.begin(), sorted.end(), [](const Lintel& p, const Lintel& q) {
      return p.level != q.level ? p.level < q.level : p.a < q.a;
    });
    for (std::size_t i = 0; i < sorted.size(); ++i) {
      if (i > 0) out += ',';
      out += b.cell_name(sorted[i].a) + "-" + b.cell_name(sorted[i].b) + "/" +
             std::to_string(sorted[i].level);
    }
  }
  out += ' ';
  any = false;
  for (int s = 0; s < c.players; ++s) {
    const int d = druid_cell(s);
    if (d < 0) continue;
    if (any) out += ',';
    any = true;
    out += c.side_name(s) + "@" + b.cell_name(d) + ">" + std::string(b.edge_name(druid_target(s)));
  }
  if (!any) out += '-';
  out += ' ';
  out += over_ ? "-" : c.side_name(to_move_);
  out += ' ';
  out += std::to_string(passes_);
  out += ' ';
  out += swap_ok_ ? 's' : '-';
  return out;
}

PositionResult DruidState::parse(std::shared_ptr<const Config> config, std::string_view text) {
  PositionResult res;
  auto fail = [&](std::string why) {
    res.state.reset();
    res.error = std::move(why);
    return std::move(res);
  };
  const Config& c = *config;
  const Board& b = *c.board;

  const std::vector<std::string_view> f = split(text, ' ');
  if (f.size() != 8 || std::any_of(f.begin(), f.end(), [](auto s) { return s.empty(); }))
    return fail(
        "expected 8 fields separated by single spaces (druid, board, stacks, lintels, "
        "druids, side, passes, swap), found '" +
        std::string(text) + "'");
  if (f[0] != "druid")
    return fail("the first field must be 'druid', not '" + std::string(f[0]) + "'");

  // Rule 1: the board and size.
  {
    const std::size_t colon = f[1].find(':');
    const std::string_view kind = f[1].substr(0, colon);
    int size = 0;
    if (colon == std::string_view::npos || !read_number(f[1].substr(colon + 1), &size))
      return fail("the board field '" + std::string(f[1]) +
                  "' must be square, hex, hex3 or y, a colon and a size (e.g. square:8)");
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
      return fail("unknown board '" + std::string(kind) + "'; use square, hex, hex3 or y");
    const char* names[] = {"square", "hex", "Y"};
    if (size < min_size(k) || size > max_size(k))
      return fail("size " + std::to_string(size) + " is out of range for the " +
                  names[static_cast<int>(k)] + " board (" + std::to_string(min_size(k)) + ".." +
                  std::to_string(max_size(k)) + ")");
    if (k != b.kind || size != b.size || players != c.players)
      return fail("the position is for '" + std::string(f[1]) +
                  "', but the record's options and "
                  "players give '" +
                  c.board_word() + ":" + std::to_string(b.size) + "'");
  }

  // Rules 2 and 3: the stacks.
  std::vector<std::string> stacks(static_cast<std::size_t>(b.num_cells));
  std::vector<bool> listed(static_cast<std::size_t>(b.num_cells), false);
  if (f[2] != "-") {
    for (std::string_view item : split(f[2], ',')) {
      const std::size_t eq = item.find('=');
      if (eq == std::string_view::npos)
        return fail("the stack '" + std::string(item) + "' must be a cell, '=' and its units");
      int x = -1;
      std::string why;
      if (!read_cell(b, item.substr(0, eq), &x, &why)) return fail(why);
      const std::string name = b.cell_name(x);
      if (listed[static_cast<std::size_t>(x)]) return fail(name + " is listed twice in the stacks");
      listed[static_cast<std::size_t>(x)] = true;
      const std::string_view units = item.substr(eq + 1);
      if (units.empty()) return fail("the stack on " + name + " has no units");
      if (units.size() > static_cast<std::size_t>(kMaxHeight))
        return fail("the stack on " + name + " is " + std::to_string(units.size()) +
                    " units high; scribe supports at most 255");
      for (char u : units) {
        if (u == '.') continue;
        if (c.side_of_letter(u) < 0 || !std::isalpha(static_cast<unsigned char>(u)) ||
            std::string("vhxoyVHXOY").find(u) == std::string::npos)
          return fail("the stack on " + name + " holds '" + std::string(1, u) +
                      "', which is not a unit of a side in play on the " + c.board_word() +
                      " board");
      }
      if (units.back() == '.') return fail("the top unit on " + name + " is a gap");
      stacks[static_cast<std::size_t>(x)] = std::string(units);
    }
  }
  auto unit_char_at = [&](int x, int level) -> char {
    const std::string& s = stacks[static_cast<std::size_t>(x)];
    if (level < 1 || level > static_cast<int>(s.size())) return 0;
    return s[static_cast<std::size_t>(level - 1)];
  };
  auto is_upper = [](char u) { return u != 0 && std::isupper(static_cast<unsigned char>(u)); };

  // Rule 4: the lintels.
  std::vector<Lintel> lintels;
  std::map<std::pair<int, int>, int> covered;  // (cell, level) -> lintel
  if (f[3] != "-") {
    for (std::string_view item : split(f[3], ',')) {
      const std::size_t dash = item.find('-');
      const std::size_t slash = item.find('/');
      if (dash == std::string_view::npos || slash == std::string_view::npos || slash < dash)
        return fail("the lintel '" + std::string(item) +
                    "' must be written end-end/level (b4-d4/3)");
      int a = -1, e = -1, level = 0;
      std::string why;
      if (!read_cell(b, item.substr(0, dash), &a, &why)) return fail(why);
      if (!read_cell(b, item.substr(dash + 1, slash - dash - 1), &e, &why)) return fail(why);
      if (!read_number(item.substr(slash + 1), &level))
        return fail("the lintel '" + std::string(item) + "' has no valid level");
      const std::string lname = b.cell_name(std::min(a, e)) + "-" + b.cell_name(std::max(a, e));
      const int m = b.lintel_middle(a, e);
      if (m < 0)
        return fail("the lintel " + lname +
                    " is not a lintel: its ends must be two cells apart "
                    "in a straight line");
      if (level < 2 || level > kMaxHeight)
        return fail("the lintel " + lname + " lies at level " + std::to_string(level) +
                    "; a lintel lies at level 2 or higher");
      int side = -1;
      for (int x : {a, m, e}) {
        const char u = unit_char_at(x, level);
        if (!is_upper(u))
          return fail("the lintel " + lname + "/" + std::to_string(level) +
                      " needs a lintel unit "
                      "on " +
                      b.cell_name(x) + " at level " + std::to_string(level));
        const int s = c.side_of_letter(u);
        if (side >= 0 && s != side)
          return fail("the lintel " + lname + "/" + std::to_string(level) +
                      " has units of two sides");
        side = s;
      }
      for (int x : {a, e}) {
        const char u = unit_char_at(x, level - 1);
        if (u == '.' || u == 0)
          return fail("the lintel " + lname + "/" + std::to_string(level) +
                      " has no stone under "
                      "its end " +
                      b.cell_name(x));
      }
      const int id = static_cast<int>(lintels.size());
      for (int x : {a, m, e}) {
        if (!covered.emplace(std::make_pair(x, level), id).second)
          return fail("two lintels share " + b.cell_name(x) + " at level " + std::to_string(level));
      }
      Lintel l;
      l.a = static_cast<std::int16_t>(std::min(a, e));
      l.b = static_cast<std::int16_t>(std::max(a, e));
      l.m = static_cast<std::int16_t>(m);
      l.level = static_cast<std::uint8_t>(level);
      l.side = static_cast<std::uint8_t>(side);
      lintels.push_back(l);
    }
  }
  for (int x = 0; x < b.num_cells; ++x) {
    const std::string& s = stacks[static_cast<std::size_t>(x)];
    for (std::size_t i = 0; i < s.size(); ++i)
      if (is_upper(s[i]) && covered.count({x, static_cast<int>(i) + 1}) == 0)
        return fail("the lintel unit on " + b.cell_name(x) + " at level " + std::to_string(i + 1) +
                    " belongs to no listed lintel");
  }

  // Rule 5: sarsens stand on their own side's units; gaps lie under units.
  for (int x = 0; x < b.num_cells; ++x) {
    const std::string& s = stacks[static_cast<std::size_t>(x)];
    for (std::size_t i = 1; i < s.size(); ++i) {
      const char u = s[i];
      if (u == '.' || is_upper(u)) continue;
      const char below = s[i - 1];
      if (below == '.' || c.side_of_letter(below) != c.side_of_letter(u))
        return fail("the sarsen on " + b.cell_name(x) + " at level " + std::to_string(i + 1) +
                    " must stand on a unit of its own side, not on '" + std::string(1, below) +
                    "'");
    }
  }

  // Build the position.
  auto st = std::make_unique<DruidState>(config);
  st->from_start_ = false;
  for (int x = 0; x < b.num_cells; ++x) {
    const std::string& s = stacks[static_cast<std::size_t>(x)];
    for (std::size_t i = 0; i < s.size(); ++i) {
      const char u = s[i];
      std::uint8_t unit = 0;
      if (u != '.') {
        const int side = c.side_of_letter(u);
        UnitKind k = UnitKind::kSarsen;
        if (is_upper(u)) {
          const Lintel& l =
              lintels[static_cast<std::size_t>(covered[{x, static_cast<int>(i) + 1}])];
          k = l.m == x ? UnitKind::kLintelMiddle : UnitKind::kLintelEnd;
        }
        unit = make_unit(k, side);
      }
      st->push_unit(x, unit);
    }
  }
  st->lintels_ = lintels;

  // Rule 6: the druids.
  if (f[4] != "-") {
    for (std::string_view item : split(f[4], ',')) {
      const std::size_t atp = item.find('@');
      const std::size_t gt = item.find('>');
      if (item.size() < 2 || atp != 1 || gt == std::string_view::npos || gt < atp)
        return fail("the druid '" + std::string(item) +
                    "' must be written SIDE@cell>edge (V@b4>n)");
      if (!c.walk) return fail("druids appear only in Druid's Walk games (-walk)");
      const char letter = item[0];
      const int side =
          std::isupper(static_cast<unsigned char>(letter)) ? c.side_of_letter(letter) : -1;
      if (side < 0) return fail("the druid '" + std::string(item) + "' names no side in play");
      int x = -1;
      std::string why;
      if (!read_cell(b, item.substr(2, gt - 2), &x, &why)) return fail(why);
      if (st->druid_cell(side) >= 0) return fail(c.side_name(side) + " has two druids");
      if (st->owner(x) != side)
        return fail(c.side_name(side) + "'s druid on " + b.cell_name(x) +
                    " must stand on a stone of its own side");
      const std::string_view edge = item.substr(gt + 1);
      const std::uint8_t bit = b.edge_bit(edge);
      if (bit == 0 || (bit & c.edge_pair_mask(side)) == 0)
        return fail(c.side_name(side) + "'s druid has target edge '" + std::string(edge) +
                    "', which is not one of its side's two edges");
      st->druid_cell_[static_cast<std::size_t>(side)] = static_cast<std::int16_t>(x);
      st->druid_target_[static_cast<std::size_t>(side)] = bit;
    }
  }

  // Fields 6-8: side, passes, swap.
  int to_move = -1;
  if (f[5] != "-") {
    if (f[5].size() != 1 || !std::isupper(static_cast<unsigned char>(f[5][0])) ||
        c.side_of_letter(f[5][0]) < 0)
      return fail("the side to move '" + std::string(f[5]) + "' is not a side in play or '-'");
    to_move = c.side_of_letter(f[5][0]);
  }
  if (f[6].size() != 1 || !std::isdigit(static_cast<unsigned char>(f[6][0])))
    return fail("the passes field '" + std::string(f[6]) + "' must be one digit");
  const int passes = f[6][0] - '0';
  if (f[7] != "s" && f[7] != "-")
    return fail("the swap field '" + std::string(f[7]) + "' must be 's' or '-'");
  const bool swap = f[7] == "s";

  // Rule 7: '-' exactly when the game is over; at most one winner.
  int winners = 0, winner = -1;
  for (int s = 0; s < c.players; ++s) {
    bool won = false;
    if (c.walk) {
      const int d = st->druid_cell(s);
      won = d >= 0 && (b.edges[static_cast<std::size_t>(d)] & st->druid_target(s)) != 0;
    } else {
      won = st->has_connection(s, nullptr);
    }
    if (won) ++winners, winner = s;
  }
  if (winners > 1) return fail("more than one side has won");
  const bool drawn = passes == c.players;
  if (winners == 1 && drawn)
    return fail(c.side_name(winner) + " has won, so the game cannot also be drawn by passing");
  const bool over = winners == 1 || drawn;
  if (over && to_move >= 0)
    return fail(winners == 1
                    ? "the game is over (" + c.side_name(winner) +
                          " has won), so the side to move must be '-'"
                    : "the game is over (drawn by passing), so the side to move must be '-'");
  if (!over && to_move < 0) return fail("the side to move is '-', but the game is not over");

  // Rule 8: passes and swap.
  if (to_move >= 0 && passes > c.players - 1)
    return fail("passes must be 0.." + std::to_string(c.players - 1) + " while the game is on");
  if (to_move < 0 && passes != 0 && !drawn)
    return fail("passes must be 0 or " + std::to_string(c.players) + " when the game is over");
  if (swap && (to_move != 1 || passes != 0))
    return fail("swap 's' requires the second side (" + c.side_name(1) + ") to move and no passes");

  st->to_move_ = to_move >= 0 ? to_move : 0;
  st->passes_ = passes;
  st->swap_ok_ = swap;
  st->over_ = over;
  st->winner_ = winner;
  res.state = std::move(st);
  return res;
}

}  // namespace scribe::engine::druid
