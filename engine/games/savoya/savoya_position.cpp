// Savoya position text (savoya.md §12: read with its validity rules, canonical printing, the
// digest of what it shows) and the text board of §13.
#include <algorithm>

#include "engine/core/digest.hpp"
#include "engine/core/kit.hpp"
#include "engine/core/names.hpp"
#include "engine/games/savoya/savoya_state.hpp"

namespace scribe::engine::savoya {

std::string write_position(const Config& cfg, const Position& p, int side, const Dice& dice) {
  const Board& b = *cfg.board;
  std::string out = b.name;
  out += ' ';
  out += std::to_string(cfg.players);
  out += ' ';
  ListField stacks(out);
  for (int c = 0; c < b.num_cells; ++c) {
    const Stack& s = p.cells[c];
    if (s.empty()) continue;
    stacks.item() += b.cells[c].name + '=';
    if (s.pinned >= 0) out += colour_letter(s.pinned);
    out.append(s.count, colour_letter(s.top));
  }
  stacks.end();
  out += ' ';
  out += side == kOver ? std::string("-") : side == kRollOff ? std::string("*") : cfg.side_name(side);
  out += ' ';
  out += dice.n == 0 ? std::string("-") : dice.text();
  return out;
}

std::string SavoyaState::position_text() const { return write_position(*cfg_, pos_, side_, dice_); }

namespace {

// Reads one stack item (cell=pieces) of the stacks field into `p`; returns the reason or "".
std::string read_stack(const Config& cfg, std::string_view item, Position& p) {
  const Board& b = *cfg.board;
  const std::size_t eq = item.find('=');
  if (eq == std::string_view::npos)
    return "stack '" + std::string(item) + "' is not of the form cell=pieces";
  const std::string_view name = item.substr(0, eq);
  const std::string_view pieces = item.substr(eq + 1);
  const std::uint8_t cell = b.find_cell(name);
  if (cell == kNoCell)
    return "'" + std::string(name) + "' is not a cell of the " + b.title + " board";
  Stack& s = p.cells[cell];
  if (!s.empty()) return "cell " + std::string(name) + " appears twice";
  if (pieces.empty()) return "cell " + std::string(name) + " has no pieces listed";
  for (char ch : pieces) {
    const int colour = colour_of_letter({&ch, 1});
    if (colour == kNoColour)
      return "'" + std::string(1, ch) + "' on " + std::string(name) +
             " is not a set letter (R, L, T, B)";
    if (!cfg.in_play(colour))
      return std::string(colour_name(colour)) + " (" + std::string(1, ch) +
             ") pieces are not in play in this game";
  }
  const int first = colour_of_letter(pieces.substr(0, 1));
  const std::size_t rest = pieces.find_first_not_of(pieces[0]);
  if (rest == std::string_view::npos) {
    s.top = static_cast<std::int8_t>(first);
    s.count = static_cast<std::uint16_t>(std::min<std::size_t>(pieces.size(), 60000));
  } else {
    const char over = pieces[rest];
    if (rest != 1 || pieces.find_first_not_of(over, rest) != std::string_view::npos)
      return "stack " + std::string(item) +
             " is neither one colour nor one pinned piece under pieces of one other "
             "colour";
    s.pinned = static_cast<std::int8_t>(first);
    s.top = static_cast<std::int8_t>(colour_of_letter({&over, 1}));
    s.count = static_cast<std::uint16_t>(std::min<std::size_t>(pieces.size() - 1, 60000));
  }
  return "";
}

// 2.-4.: reads the stacks field into `p` and checks that every set in play has a piece;
// returns the reason or "".
std::string read_stacks(const Config& cfg, std::string_view field, Position& p) {
  const Board& b = *cfg.board;
  if (field.empty()) return "the stacks field is empty";
  if (field != "-")
    for (std::string_view item : split(field, ','))
      if (std::string why = read_stack(cfg, item, p); !why.empty()) return why;
  std::array<int, kColours> counts{};
  for (int c = 0; c < b.num_cells; ++c) {
    if (p.cells[c].top >= 0) counts[p.cells[c].top] += p.cells[c].count;
    if (p.cells[c].pinned >= 0) counts[p.cells[c].pinned] += 1;
  }
  for (int colour = 0; colour < kColours; ++colour)
    if (cfg.in_play(colour) && counts[colour] == 0)
      return "there are no " + std::string(colour_name(colour)) + " (" +
             std::string(1, colour_letter(colour)) + ") pieces; every set in play needs one";
  return "";
}

}  // namespace

PositionResult read_position(const std::shared_ptr<const Config>& cfg, std::string_view text) {
  auto fail = position_error;
  const Board& b = *cfg->board;
  const std::vector<std::string_view> fields = split(text, ' ');
  if (fields.size() != 5)
    return fail("position text has 5 fields separated by single spaces (board, players, stacks, "
                "side, dice); found " +
                std::to_string(fields.size()));
  // 1. Board and players.
  if (fields[0] != "savoya" && fields[0] != "savoy")
    return fail("unknown board '" + std::string(fields[0]) + "' (savoya or savoy)");
  if (fields[1] != "2" && fields[1] != "3" && fields[1] != "4")
    return fail("the player count must be 2, 3 or 4, not '" + std::string(fields[1]) + "'");
  const int players = fields[1][0] - '0';
  if (fields[0] == "savoy" && players != 2) return fail("the Savoy board is for 2 players only");
  if (fields[0] != b.name)
    return fail("the position is for the " + std::string(fields[0]) +
                " board, but the game is played on the " + b.name + " board");
  if (players != cfg->players)
    return fail("the position is for " + std::to_string(players) + " players, but the game has " +
                std::to_string(cfg->players));
  // 2.-4. Stacks.
  Position p;
  if (std::string why = read_stacks(*cfg, fields[2], p); !why.empty()) return fail(why);
  recount(*cfg, p);
  // 5. Side and dice.
  int side = kNoResult;
  if (fields[3] == "*") side = kRollOff;
  else if (fields[3] == "-") side = kOver;
  else
    for (int s = 0; s < cfg->num_sides(); ++s)
      if (fields[3] == cfg->side_name(s)) side = s;
  if (side == kNoResult) {
    std::string names;
    for (int s = 0; s < cfg->num_sides(); ++s) names += (s > 0 ? ", " : "") + cfg->side_name(s);
    return fail("'" + std::string(fields[3]) + "' is not a side of this game (" + names +
                ", * or -)");
  }
  const std::optional<Dice> dice = fields[4] == "-" ? Dice{} : read_dice(fields[4]);
  if (!dice)
    return fail("dice '" + std::string(fields[4]) + "' are not -, one die or two dice (1 to 6)");
  if (side == kRollOff && dice->n > 0)
    return fail("before the roll-off (*) the dice field must be -");
  if (side == kOver && dice->n > 0) return fail("a finished game (-) has no dice");
  int winner = kNoResult;
  for (int s = 0; s < cfg->num_sides() && winner == kNoResult; ++s)
    if (has_won(*cfg, p, s)) winner = s;
  auto state = std::make_unique<SavoyaState>(cfg, p, side, *dice);
  if (side == kOver) {
    if (winner == kNoResult) {
      for (int s = 0; s < cfg->num_sides(); ++s)
        if (can_ever_move(*cfg, p, s))
          return fail("the side field is - (game over), but no side has won and the position "
                      "is not dead");
      winner = kDraw;
    }
    state->set_over(winner, 0);
  } else if (winner != kNoResult) {
    return fail(cfg->side_name(winner) + " has already won; the side field must be -");
  }
  return {std::move(state), {}};
}

std::string SavoyaState::text_board() const {
  const Board& b = *cfg_->board;
  std::string out;
  for (int y = b.rows; y >= 1; --y) {
    std::string line = (y < 10 ? " " : "") + std::to_string(y) + " ";
    for (int x = 1; x <= b.columns; ++x) {
      const std::uint8_t c = b.cell_at(x - 1, y);
      std::string cell;
      if (c == kNoCell) {
        cell = "    ";
      } else {
        const Stack& s = pos_.cells[c];
        if (s.empty()) {
          cell = b.cells[c].kind == CellKind::kCrossing ? " +  " : " .  ";
        } else {
          cell = colour_letter(s.top) + std::to_string(s.count);
          if (s.pinned >= 0) cell += static_cast<char>(colour_letter(s.pinned) - 'A' + 'a');
          cell = pad_right(cell, 4);
        }
      }
      line += cell;
    }
    out += trim_right(line) + "\n";
  }
  std::string letters = "   ";
  for (int x = 1; x <= b.columns; ++x) {
    letters += ' ';
    letters += static_cast<char>('a' + x - 1);
    letters += "  ";
  }
  out += trim_right(letters) + "\n";
  return out;
}

// §13: below the grid, after the position and the side to move (or the result): the dice.
std::string SavoyaState::text_facts() const {
  return "dice: " + (dice_.n == 0 ? std::string("-") : dice_.text()) + "\n";
}

namespace {

// What the position text shows of a stack: its length and its first and last letters (see
// position_digest); 0 for an empty cell.
std::uint64_t shown(const Stack& s) {
  if (s.empty()) return 0;
  const auto first = static_cast<std::uint64_t>(s.pinned >= 0 ? s.pinned : s.top) & 0xFF;
  const auto last = static_cast<std::uint64_t>(s.count > 0 ? s.top : s.pinned) & 0xFF;
  return (static_cast<std::uint64_t>(s.total()) << 16) | (first << 8) | last | (1ull << 40);
}

}  // namespace

bool SavoyaState::may_be_position_of(const State& other) const {
  const auto* o = dynamic_cast<const SavoyaState*>(&other);
  if (o == nullptr || o->side_ != side_ || o->cfg_->board != cfg_->board)
    return State::may_be_position_of(other);
  const int cells = cfg_->board->num_cells;
  for (int c = 0; c < cells; ++c) {
    const auto i = static_cast<std::size_t>(c);
    if (shown(pos_.cells[i]) != shown(o->pos_.cells[i])) return false;
  }
  return true;
}

std::uint64_t SavoyaState::position_digest() const {
  // write_position writes each stack as its pinned letter (if any) then `count` top letters: the
  // length, the first and the last letter of that text are what is digested (a pinned piece
  // under pieces of its own colour reads as a plain stack, so the fields themselves are not).
  // Each cell's term is mixed on its own and the terms added, so the multiplies run in
  // parallel rather than in one chain.
  std::uint64_t sum = 0;
  const int cells = cfg_->board->num_cells;
  for (int c = 0; c < cells; ++c) {
    const Stack& s = pos_.cells[static_cast<std::size_t>(c)];
    if (s.empty()) continue;
    const std::uint64_t term = (static_cast<std::uint64_t>(c) << 44) | shown(s);
    std::uint64_t m = (term + 0x9e3779b97f4a7c15ull) * 0xbf58476d1ce4e5b9ull;
    sum += m ^ (m >> 31);
  }
  const auto side = static_cast<std::int8_t>(side_);
  return digest_add(digest_words(kDigestBasis, &sum, sizeof sum), &side, 1);
}

}  // namespace scribe::engine::savoya
