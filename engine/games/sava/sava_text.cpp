// Position text (sava.md 12) and its digest, the text board (13), and the State's listing
// methods.
#include <algorithm>

#include "engine/core/digest.hpp"
#include "engine/core/kit.hpp"
#include "engine/core/names.hpp"
#include "engine/games/sava/sava_state.hpp"

namespace scribe::engine::sava {

namespace {

using notation::sava::piece_code_text;

// Returns the index (a PieceCode value) of the piece code `code`, or -1.
int code_index(std::string_view code) {
  const PieceCode kind = notation::sava::piece_code_of(code);
  return kind == PieceCode::kNone ? -1 : static_cast<int>(kind);
}

std::string cell_text(std::uint8_t c) {
  if (c == 0) return ".";
  return std::string(cell_side(c) == kRed ? "r" : "b") + std::string(piece_code_text(cell_kind(c)));
}

int space_index(const Board& b, std::string_view name) {
  for (int s = 0; s < b.size(); ++s)
    if (b.name(s) == name) return s;
  return -1;
}

const char* kPlurals[kKinds] = {"Matron Mothers", "Priestesses", "Wizards",
                                "Weaponmasters",  "Champions",   "Orcs"};

}  // namespace

namespace {

// Appends pile_text(pos, side, ",", "-") to `t` without a string of its own.
void append_pile(std::string& t, const Position& pos, int side) {
  bool any = false;
  for (int k = 0; k < kKinds; ++k)
    for (int i = 0; i < pos.pile[side][k]; ++i) {
      if (any) t += ',';
      any = true;
      t += piece_code_text(static_cast<PieceCode>(k));
    }
  if (!any) t += '-';
}

}  // namespace

std::string print_position(const Config& cfg, const Position& pos) {
  const Board& b = *cfg.board;
  std::string t;
  t.reserve(512);  // a full Great Wheel position is shorter: no reallocation while writing
  t += "sava ";
  ListField pieces(t);
  for (int s = 0; s < b.size(); ++s) {
    const std::uint8_t c = pos.cell[s];
    if (c == 0) continue;
    std::string& item = pieces.item();
    item += b.name(s);
    item += '=';
    item += cell_side(c) == kRed ? 'r' : 'b';
    item += piece_code_text(cell_kind(c));
  }
  pieces.end();
  t += ' ';
  t += pos.over ? "-" : side_name(pos.to_move);
  t += ' ';
  append_pile(t, pos, kRed);
  t += '/';
  append_pile(t, pos, kBlue);
  t += ' ';
  if (pos.tc_to != kNoSpace) {
    t += b.name(pos.tc_from);
    t += '>';
    t += b.name(pos.tc_to);
  } else {
    t += '-';
  }
  t += " -";
  return t;
}

Position initial_position(const Config& cfg) {
  Position pos;
  for (const Placement& p : cfg.board->layout(cfg.champion))
    pos.put(p.space, make_cell(p.side, p.piece));
  return pos;
}

namespace {

// Reads the pieces field into `pos`; returns the reason or "".
std::string read_pieces(const Board& b, std::string_view field, Position& pos) {
  if (field == "-") return "";
  for (std::string_view placement : split(field, ',')) {
    const std::size_t eq = placement.find('=');
    if (eq == std::string_view::npos || placement.size() < eq + 3)
      return "'" + std::string(placement) + "' is not a placement SPACE=COLOURCODE (e.g. EF1=rM)";
    const std::string_view name = placement.substr(0, eq);
    const int s = space_index(b, name);
    if (s < 0) return "'" + std::string(name) + "' is not a space of the board";
    if (pos.cell[s] != 0) return "space " + std::string(name) + " appears twice";
    const char colour = placement[eq + 1];
    const int kind = code_index(placement.substr(eq + 2));
    if ((colour != 'r' && colour != 'b') || kind < 0)
      return "'" + std::string(placement.substr(eq + 1)) +
             "' is not a piece: write r or b and M, P, Wz, Wm, C or O";
    pos.put(s, make_cell(colour == 'r' ? kRed : kBlue, static_cast<PieceCode>(kind)));
  }
  return "";
}

// Reads the side, captured, turncoat and dice fields (fields[2..5]) into `pos`; returns the
// reason or "".
std::string read_other_fields(const Board& b, const std::vector<std::string_view>& fields,
                              Position& pos) {
  // Side.
  if (fields[2] == "Red")
    pos.to_move = kRed;
  else if (fields[2] == "Blue")
    pos.to_move = kBlue;
  else if (fields[2] == "-")
    pos.over = true;
  else
    return "'" + std::string(fields[2]) + "' is not a side: write Red, Blue or -";
  // Captured piles.
  const std::vector<std::string_view> piles = split(fields[3], '/');
  if (piles.size() != 2) return "captured field '" + std::string(fields[3]) + "' must be PILE/PILE";
  for (int side = 0; side < 2; ++side) {
    if (piles[side] == "-") continue;
    for (std::string_view code : split(piles[side], ',')) {
      const int kind = code_index(code);
      if (kind < 0)
        return "'" + std::string(code) +
               "' in a captured pile is not a piece code (M, P, Wz, "
               "Wm, C, O)";
      ++pos.pile[side][kind];
    }
  }
  // Turncoat.
  if (fields[4] != "-") {
    const std::size_t gt = fields[4].find('>');
    const int a = gt == std::string_view::npos ? -1 : space_index(b, fields[4].substr(0, gt));
    const int c = gt == std::string_view::npos ? -1 : space_index(b, fields[4].substr(gt + 1));
    if (a < 0 || c < 0)
      return "turncoat field '" + std::string(fields[4]) + "' must be - or SPACE>SPACE";
    pos.tc_from = static_cast<std::uint8_t>(a);
    pos.tc_to = static_cast<std::uint8_t>(c);
  }
  // Dice.
  if (fields[5] != "-") {
    if (fields[5] == "?" || fields[5] == "1" || fields[5] == "2")
      return "the dice field must be - in a Setup: Sava's roll belongs to its ply";
    return "dice field '" + std::string(fields[5]) + "' must be -";
  }
  return "";
}

// Validity 2 and 3: the Matron Mothers (and the winner of a finished position); reason or "".
std::string check_matrons(Position& pos) {
  const int m = static_cast<int>(PieceCode::kMatron);
  if (!pos.over) {
    for (int side = 0; side < 2; ++side) {
      if (pos.count[side][m] != 1)
        return std::string(side_name(side)) + " must have exactly one Matron Mother on the board";
      if (pos.pile[side][m] != 0)
        return "a captured pile holds a Matron Mother, but the side to move is not '-'";
    }
  } else {
    int losers = 0;
    for (int side = 0; side < 2; ++side) {
      const int on_board = pos.count[side][m];
      if (on_board > 1) return std::string(side_name(side)) + " has more than one Matron Mother";
      if (on_board == 0) {
        if (pos.pile[side][m] != 1)
          return std::string(side_name(side)) +
                 " has no Matron Mother on the board, so its pile must hold exactly one M";
        ++losers;
        pos.winner = static_cast<std::uint8_t>(1 - side);
      } else if (pos.pile[side][m] != 0) {
        return std::string(side_name(side)) + "'s Matron Mother is both on the board and captured";
      }
    }
    if (losers != 1) return "with side '-' exactly one side must have lost its Matron Mother";
    if (pos.tc_to != kNoSpace) return "with side '-' the turncoat field must be -";
  }
  return "";
}

// Validity 4 and 5: piece counts, board and pile together; returns the reason or "".
std::string check_counts(const Config& cfg, const Position& pos) {
  const int max_capital = cfg.greatwheel ? 2 : 1;
  const int max_orcs = cfg.greatwheel ? 10 : 8;
  for (int side = 0; side < 2; ++side) {
    int total[kKinds];
    for (int k = 0; k < kKinds; ++k) total[k] = pos.count[side][k] + pos.pile[side][k];
    const std::string who = side_name(side);
    const int orcs = total[static_cast<int>(PieceCode::kOrc)];
    if (orcs > max_orcs)
      return who + " has " + std::to_string(orcs) + " Orcs (board and pile); at most " +
             std::to_string(max_orcs);
    if (cfg.chednased) {
      const int capital = total[1] + total[2] + total[3];
      const int limit = 3 * max_capital + (max_orcs - orcs);
      if (capital > limit)
        return who + " has " + std::to_string(capital) +
               " Priestesses, Wizards and Weaponmasters (board and pile); at most " +
               std::to_string(limit) + " with " + std::to_string(orcs) + " Orcs";
    } else {
      for (int k = 1; k <= 3; ++k)
        if (total[k] > max_capital)
          return who + " has " + std::to_string(total[k]) + " " + kPlurals[k] +
                 " (board and pile); at most " + std::to_string(max_capital);
    }
    const int champions = total[static_cast<int>(PieceCode::kChampion)];
    if (champions > 0 && !cfg.champion) return "a Champion (C) needs -champion or -lolth";
    if (champions > 1) return who + " has more than one Champion";
  }
  return "";
}

}  // namespace

std::string read_position(const Config& cfg, std::string_view text, Position* out) {
  const Board& b = *cfg.board;
  const std::vector<std::string_view> fields = split(text, ' ');
  if (fields.size() != 6)
    return "position text has " + std::to_string(fields.size()) +
           " fields separated by single spaces; expected 6 (sava PIECES SIDE CAPTURED TURNCOAT "
           "DICE)";
  if (fields[0] != "sava") return "position text must begin with 'sava'";
  Position pos;
  std::string why = read_pieces(b, fields[1], pos);
  if (why.empty()) why = read_other_fields(b, fields, pos);
  if (why.empty()) why = check_matrons(pos);
  if (why.empty()) why = check_counts(cfg, pos);
  if (!why.empty()) return why;
  // Validity 6: the turncoat pair.
  if (pos.tc_to != kNoSpace) {
    const std::uint8_t c = pos.cell[pos.tc_to];
    if (c == 0 || cell_side(c) != pos.to_move || pos.cell[pos.tc_from] != 0)
      return "turncoat " + b.name(pos.tc_from) + ">" + b.name(pos.tc_to) + ": " +
             b.name(pos.tc_to) + " must hold a piece of the side to move and " +
             b.name(pos.tc_from) + " must be empty";
  }
  *out = pos;
  return "";
}

std::string SavaState::position_text() const { return print_position(cfg_, pos_); }

std::string SavaState::side_to_move() const {
  std::string_view side;
  side_to_move_view(side);
  return std::string(side);
}

std::optional<std::string> SavaState::result() const {
  if (!pos_.over) return std::nullopt;
  return std::string(side_name(pos_.winner));
}

std::string SavaState::text_board() const {
  const Board& b = *cfg_.board;
  std::string t;
  auto rank_rows = [&](int r) {
    const auto& files = b.ring_files(r);
    std::string head = "        ";
    std::string row = pad_right("rank " + std::to_string(r), 8);
    for (std::size_t i = 0; i < files.size(); ++i) {
      head += pad_right(files[i], 5);
      row += pad_right(cell_text(pos_.cell[b.ring_space(r, static_cast<int>(i))]), 5);
    }
    return std::make_pair(trim_right(head), trim_right(row));
  };
  if (cfg_.greatwheel) {
    const auto [head, row] = rank_rows(0);
    t += head + "\n" + row + "\n";
  }
  for (int r = 1; r <= 3; ++r) {
    const auto [head, row] = rank_rows(r);
    if (r == 1) t += head + "\n";
    t += row + "\n";
  }
  std::string centre = "centre  ";
  for (int s = 0; s < b.size(); ++s)
    if (b.is_centre(s) || b.is_hub(s))
      centre += b.name(s) + " " + pad_right(cell_text(pos_.cell[s]), 5);
  t += trim_right(centre) + "\n";
  return t;
}

// §13: both captured piles and the turncoat restriction, if any.
std::string SavaState::text_facts() const {
  const Board& b = *cfg_.board;
  std::string t = "Red lost: " + pile_text(pos_, kRed, ",", "-") + "\n";
  t += "Blue lost: " + pile_text(pos_, kBlue, ",", "-") + "\n";
  if (pos_.tc_to != kNoSpace)
    t += "turncoat: " + b.name(pos_.tc_from) + ">" + b.name(pos_.tc_to) + " (" +
         side_name(pos_.to_move) + " may not move the piece on " + b.name(pos_.tc_to) +
         " straight back to " + b.name(pos_.tc_from) + ")\n";
  return t;
}

std::vector<ChanceOutcome> SavaState::chance_outcomes() const {
  if (pos_.over) return {};
  // Ruling R30: the legal normal moves and the single action "roll" are equally likely; the
  // roll then gives 0, 1 or 2 spiders with 1/4, 1/2, 1/4. The outcome "" stands for "move".
  const double n = static_cast<double>(list_moves(cfg_, pos_, false).size());
  std::vector<ChanceOutcome> out;
  if (n > 0) out.push_back({"", n / (n + 1)});
  out.push_back({"0", 0.25 / (n + 1)});
  out.push_back({"1", 0.5 / (n + 1)});
  out.push_back({"2", 0.25 / (n + 1)});
  return out;
}

std::vector<std::string> SavaState::legal_moves(std::string_view roll) const {
  std::vector<std::string> out;
  if (pos_.over) return out;
  const Board& b = *cfg_.board;
  auto turncoats = [&] {
    for (const auto& p : list_moves(cfg_, pos_, true)) out.push_back("*" + p.text);
  };
  auto removals = [&] {
    for (int s : list_removals(cfg_, pos_)) out.push_back("*x" + b.name(s));
  };
  if (roll.empty()) {
    for (const auto& p : list_moves(cfg_, pos_, false)) out.push_back(p.text);
    return out;
  }
  if (roll == "?") {
    out.push_back("*");
    turncoats();
    if (cfg_.dicesava) removals();
    return out;
  }
  if (roll == "1" && cfg_.dicesava)
    turncoats();
  else if (roll == "2" && !cfg_.dicesava)
    turncoats();
  else if (roll == "2" && cfg_.dicesava)
    removals();
  else if (roll != "0" && roll != "1")
    return out;
  // Ruling R30: decline (a bare *) only when the roll gives no action to take.
  if (out.empty()) out.push_back("*");
  return out;
}

// Spec 13: with no roll known, the normal moves, then `*`, then the turncoat moves under
// "with double spiders" ("with one spider" in Dice Sava), and in Dice Sava the removals under
// "with double spiders". With a roll, the plies that roll allows.
std::vector<MoveSection> SavaState::move_listing(std::string_view roll) const {
  if (!roll.empty() || pos_.over) return State::move_listing(roll);
  std::vector<MoveSection> out(cfg_.dicesava ? 3 : 2);
  for (const auto& p : list_moves(cfg_, pos_, false)) out[0].moves.push_back(p.text);
  out[0].moves.push_back("*");
  out[1].title = cfg_.dicesava ? "with one spider" : "with double spiders";
  for (const auto& p : list_moves(cfg_, pos_, true)) out[1].moves.push_back("*" + p.text);
  if (cfg_.dicesava) {
    out[2].title = "with double spiders";
    for (int s : list_removals(cfg_, pos_)) out[2].moves.push_back("*x" + cfg_.board->name(s));
  }
  return out;
}

std::optional<std::string> SavaState::already_canonical(std::string_view token,
                                                        const ParsedMove& m) const {
  if (pos_.over || m.dest.space < 0 || (m.kind == MoveKind::kOrc && m.origin.space < 0))
    return std::nullopt;
  const Board& b = *cfg_.board;
  std::string_view body = token;  // without the `*` of a dice ply and the `+` mark
  if (m.dice && !body.empty() && body.front() == '*') body.remove_prefix(1);
  if (m.check && !body.empty() && body.back() == '+') body.remove_suffix(1);
  const std::string star = m.dice ? "*" : "";
  if (m.kind == MoveKind::kOrc) {
    // An Orc move names both spaces, with `x` exactly when it ends on a piece.
    if (m.final_x != (pos_.cell[m.dest.space] != 0)) return std::nullopt;
    std::string t = b.name(m.origin.space) + b.name(m.dest.space);
    if (m.final_x) t += 'x';
    if (m.promotion != PieceCode::kNone) t += notation::sava::piece_code_text(m.promotion);
    if (t == body) return star + t;
    return std::nullopt;
  }
  if (m.piece == PieceCode::kNone) return std::nullopt;
  for (const auto& p : list_moves_to(cfg_, pos_, m.dice, m.piece, m.dest.space))
    if (p.text == body) return star + p.text;
  return std::nullopt;
}

std::optional<std::string> SavaState::canonical_text(std::string_view token) const {
  const notation::sava::ParseResult pr = notation::sava::parse_sava_move(token, *cfg_.board);
  if (!pr.move) return std::nullopt;
  const ParsedMove& m = *pr.move;
  const Board& b = *cfg_.board;
  if (m.kind == MoveKind::kBareRoll) return std::string("*");
  if (m.kind == MoveKind::kRemoval) return "*x" + b.name(m.dest.space);
  if (std::optional<std::string> t = already_canonical(token, m)) return t;
  // A legal move: its canonical text from the move list. The rules' check (S6-S33, lenient)
  // says which realisation the token plays, without a copy of the state or playing it; the `+`
  // mark (S34) changes nothing of the move, so it is not checked.
  if (!pos_.over) {
    ParsedMove unmarked = m;
    unmarked.check = false;
    Move move;
    PlyOutcome o;
    if (m.dice) o.roll = cfg_.dicesava ? "1" : "2";  // the roll read() shows for this ply
    if (check(unmarked, token, nullptr, Mode::kLenient, move, o)) {
      const PieceCode kind = cell_kind(pos_.cell[move.real.origin]);
      // An Orc move's text always names both spaces: no list is needed to disambiguate it.
      if (kind == PieceCode::kOrc)
        return (m.dice ? "*" : "") +
               move_text(cfg_, pos_, move.real, kind, false, false, move.promotion);
      for (const auto& p : list_moves_to(cfg_, pos_, m.dice, kind, move.real.dest))
        if (p.real.same_effect(move.real) && p.promotion == move.promotion)
          return (m.dice ? "*" : "") + p.text;
    }
  }
  // Otherwise the written parts in canonical spelling.
  std::string t = m.dice ? "*" : "";
  if (m.kind == MoveKind::kOrc) {
    t += b.name(m.origin.space) + b.name(m.dest.space);
    if (m.final_x) t += 'x';
    if (m.promotion != PieceCode::kNone) t += notation::sava::piece_code_text(m.promotion);
    return t;
  }
  t += notation::sava::piece_code_text(m.piece);
  if (m.has_origin) t += b.name(m.origin.space) + "-";
  if (m.has_via)
    t += b.name(m.via.space) + "x";
  else if (m.lead_x)
    t += 'x';
  t += b.name(m.dest.space);
  if (m.final_x) t += 'x';
  return t;
}

void SavaState::canonical_of(const Ply& m, const Move& move, std::string_view token,
                             std::string& out) const {
  const Board& b = *cfg_.board;
  if (m.kind == MoveKind::kBareRoll) {
    out = "*";
    return;
  }
  if (m.kind == MoveKind::kRemoval) {
    out.assign("*x");
    out += b.name(m.dest.space);
    return;
  }
  out.assign(m.dice ? "*" : "");
  const PieceCode kind = cell_kind(pos_.cell[move.real.origin]);
  if (kind == PieceCode::kOrc) {
    append_move_text(out, cfg_, move.real, kind, false, false, move.promotion);
    return;
  }
  if (move.promotion != PieceCode::kNone) {
    out = canonical_text(token).value_or(std::string(token));
    return;
  }
  // The only way any piece of its kind reaches that space: written without origin or via, as
  // list_moves_to writes a move alone of its kind and destination.
  if (move.sole) {
    append_move_text(out, cfg_, move.real, kind, false, false, PieceCode::kNone);
    return;
  }
  if (!legal_move_text(cfg_, pos_, m.dice, kind, move.real, out))
    out = canonical_text(token).value_or(std::string(token));
}

std::uint64_t SavaState::position_digest() const {
  // print_position writes every occupied cell (cell_text is one-to-one) and "-" or the side.
  std::uint64_t h = digest_words(kDigestBasis, pos_.cell.data(), pos_.cell.size());
  const std::uint8_t side = pos_.over ? 0xFF : pos_.to_move;
  return digest_add(h, &side, 1);
}

}  // namespace scribe::engine::sava
