#include "engine/games/sava/sava_board.hpp"

#include <algorithm>
#include <stdexcept>

#include "engine/board/json.hpp"

namespace scribe::engine::sava {

// The board files, compiled in by engine/games/sava/game.cmake.
extern const std::string_view kSavaBoardJson;
extern const std::string_view kSavaGreatWheelBoardJson;

namespace {

using notation::sava::PieceCode;

std::uint32_t pack(std::string_view upper) {
  std::uint32_t key = 0;
  for (std::size_t i = 0; i < upper.size(); ++i)
    key |= static_cast<std::uint32_t>(static_cast<unsigned char>(upper[i])) << (8 * i);
  return key;
}

std::size_t slot_of(std::uint32_t key) { return (key * 2654435761u) >> 23 & 511u; }

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return out;
}

// Returns the piece of a layout's code; a code that names none is a defect of the board file.
PieceCode code_of(std::string_view code) {
  const PieceCode kind = notation::sava::piece_code_of(code);
  if (kind == PieceCode::kNone) throw std::runtime_error("sava board: unknown piece code");
  return kind;
}

}  // namespace

Board::Board(std::string_view text, bool diagonals) : diagonals_(diagonals) {
  const json::Value doc = json::parse(text);
  great_wheel_ = doc["board"].string() == "greatwheel";
  read_spaces(doc);
  read_lines(doc);
  read_names(doc);
  read_zones_and_layouts(doc);
  read_drawing(doc);
  build_tables();
  index_short_lexemes();  // resolve_short for the hand reading of ply tokens
}

void Board::read_spaces(const json::Value& doc) {
  const json::Value& spaces = doc["spaces"];
  n_ = static_cast<int>(spaces.size());
  if (n_ > kMaxSpaces) throw std::runtime_error("sava board: too many spaces");
  names_.resize(n_);
  rank_.assign(n_, -1);
  centre_.assign(n_, false);
  x_.assign(n_, 0);
  y_.assign(n_, 0);
  for (const auto& s : spaces.elements()) {
    const int i = s["index"].integer();
    names_[i] = s["name"].string();
    if (s["rank"].is_number()) rank_[i] = s["rank"].integer();
    const std::string& kind = s["kind"].string();
    centre_[i] = kind == "centre";
    if (kind == "hub") hub_ = i;
    x_[i] = s["x"].number();
    y_[i] = s["y"].number();
  }
}

std::uint8_t Board::index_of(const std::string& name) const {
  for (int i = 0; i < n_; ++i)
    if (names_[i] == name) return static_cast<std::uint8_t>(i);
  throw std::runtime_error("sava board: unknown space " + name);
}

void Board::read_lines(const json::Value& doc) {
  auto read_line = [&](const json::Value& l) {
    Line line;
    line.name = l["name"].string();
    const std::string& kind = l["kind"].string();
    line.kind = kind == "rank"       ? LineKind::kRank
                : kind == "file"     ? LineKind::kFile
                : kind == "diagonal" ? LineKind::kDiagonal
                                     : LineKind::kHub;
    line.cyclic = l["cyclic"].boolean();
    line.display = line.name;
    if (line.kind == LineKind::kRank && line.name.rfind("rank", 0) == 0)
      line.display = "rank " + line.name.substr(4);
    for (const auto& s : l["spaces"].elements()) line.spaces.push_back(index_of(s.string()));
    return line;
  };
  for (const auto& l : doc["lines"].elements()) {
    lines_.push_back(read_line(l));
    option_line_.push_back(false);
  }
  if (!diagonals_) return;
  for (const auto& l : doc["option_lines"]["-diagonals"]["lines"].elements()) {
    Line line = read_line(l);
    bool replaced = false;
    for (std::size_t k = 0; k < lines_.size(); ++k)
      if (lines_[k].name == line.name) {
        lines_[k] = line;
        option_line_[k] = true;
        replaced = true;
      }
    if (!replaced) {
      lines_.push_back(line);
      option_line_.push_back(true);
    }
  }
}

void Board::read_names(const json::Value& doc) {
  for (int i = 0; i < n_; ++i) add_name(upper(names_[i]), i, false);
  for (const auto& [written, canonical] : doc["reversed_centre_names"]["names"].items())
    add_name(written, index_of(canonical.string()), false);
  for (const auto& [written, canonical] : doc["aliases"]["centre"].items())
    add_name(written, index_of(canonical.string()), true);
  for (const auto& [written, canonical] : doc["aliases"]["ring_file"].items())
    for (int r = great_wheel_ ? 0 : 1; r <= 3; ++r)
      add_name(written + std::to_string(r), index_of(canonical.string() + std::to_string(r)), true);
}

void Board::read_zones_and_layouts(const json::Value& doc) {
  const char* sides[2] = {"Red", "Blue"};
  for (int side = 0; side < 2; ++side) {
    zone_[side].assign(n_, false);
    for (const auto& s : doc["promotion_zones"][sides[side]].elements()) {
      const std::uint8_t i = index_of(s.string());
      zone_[side][i] = true;
      zone_list_[side].push_back(i);
      if (!zone_text_[side].empty()) zone_text_[side] += ", ";
      zone_text_[side] += s.string();
    }
  }
  const json::Value& layouts = doc["layouts"];
  for (int side = 0; side < 2; ++side)
    for (const auto& [space, code] : layouts["standard"][sides[side]].items())
      layout_.push_back({index_of(space), static_cast<std::uint8_t>(side), code_of(code.string())});
  layout_champion_ = layout_;
  for (int side = 0; side < 2; ++side)
    for (const auto& [space, code] : layouts["champion"]["add"][sides[side]].items())
      layout_champion_.push_back(
          {index_of(space), static_cast<std::uint8_t>(side), code_of(code.string())});
  auto by_space = [](const Placement& a, const Placement& b) { return a.space < b.space; };
  std::sort(layout_.begin(), layout_.end(), by_space);
  std::sort(layout_champion_.begin(), layout_champion_.end(), by_space);
}

void Board::read_drawing(const json::Value& doc) {
  view_box_ = doc["drawing"]["view_box"][std::size_t{2}].number();
  for (const auto& [r, radius] : doc["coordinates"]["rank_radius"].items())
    radius_[std::stoi(r)] = radius.number();
  for (const auto& l : doc["drawing"]["rim_labels"].elements())
    rim_labels_.push_back({l["text"].string(), l["x"].number(), l["y"].number()});
  for (const auto& f : doc["ring_order"].elements()) ring_files_.push_back(f.string());
  for (const auto& f : doc["rank0_ring_order"].elements()) rank0_files_.push_back(f.string());
}

void Board::add_name(std::string_view name, int space, bool alias) {
  const std::uint32_t key = pack(name);
  std::size_t slot = slot_of(key);
  while (table_[slot].key != 0 && table_[slot].key != key) slot = (slot + 1) & 511u;
  table_[slot] = {key, static_cast<std::int16_t>(space), alias};
}

notation::sava::SpaceLookup Board::resolve(std::string_view lexeme) const {
  if (lexeme.empty() || lexeme.size() > 4) return {};
  const std::uint32_t key = pack(lexeme);
  std::size_t slot = slot_of(key);
  while (table_[slot].key != 0) {
    if (table_[slot].key == key) return {table_[slot].space, table_[slot].alias};
    slot = (slot + 1) & 511u;
  }
  return {};
}

void Board::build_tables() {
  for (auto& row : link_) row.fill(-1);
  neighbours_.assign(n_, {});
  for (std::size_t li = 0; li < lines_.size(); ++li) {
    const auto& sp = lines_[li].spaces;
    const std::size_t m = sp.size();
    for (std::size_t k = 0; k + 1 < m + (lines_[li].cyclic ? 1 : 0); ++k) {
      const int a = sp[k], b = sp[(k + 1) % m];
      link_[a][b] = link_[b][a] = static_cast<std::int8_t>(li);
    }
  }
  for (int s = 0; s < n_; ++s)
    for (int t = 0; t < n_; ++t)
      if (link_[s][t] >= 0) neighbours_[s].push_back(static_cast<std::uint8_t>(t));
  // Distances by breadth-first search.
  for (int s = 0; s < n_; ++s) {
    dist_[s].fill(255);
    dist_[s][s] = 0;
    std::vector<int> queue{s};
    for (std::size_t q = 0; q < queue.size(); ++q)
      for (int t : neighbours_[queue[q]])
        if (dist_[s][t] == 255) {
          dist_[s][t] = static_cast<std::uint8_t>(dist_[s][queue[q]] + 1);
          queue.push_back(t);
        }
  }
  // Rays.
  rays_.assign(n_, {});
  for (std::size_t li = 0; li < lines_.size(); ++li) {
    const auto& sp = lines_[li].spaces;
    const int m = static_cast<int>(sp.size());
    for (int k = 0; k < m; ++k) {
      for (int dir : {1, -1}) {
        Ray ray;
        ray.line = static_cast<std::uint8_t>(li);
        ray.dir = static_cast<std::int8_t>(dir);
        for (int step = 1; step < m; ++step) {
          int j = k + dir * step;
          if (lines_[li].cyclic)
            j = ((j % m) + m) % m;
          else if (j < 0 || j >= m)
            break;
          ray.spaces[ray.len++] = sp[j];
        }
        if (ray.len > 0) rays_[sp[k]].push_back(ray);
      }
    }
  }
  // Rays were collected line by line, so each space's list is in line order, +1 before -1.
  // Wizard paths and Weaponmaster routes.
  wizard_.assign(n_, {});
  weaponmaster_.assign(n_, {});
  for (int s = 0; s < n_; ++s) {
    for (int d = 0; d < n_; ++d) {
      if (d == s) continue;
      if (!linked(s, d)) {
        WizardDest w;
        w.dest = static_cast<std::uint8_t>(d);
        for (int t1 : neighbours_[s])
          for (int t2 : neighbours_[t1])
            if (t2 != s && linked(t2, d) && d != t1)
              w.paths.push_back({static_cast<std::uint8_t>(t1), static_cast<std::uint8_t>(t2)});
        if (!w.paths.empty()) wizard_[s].push_back(w);
      }
      WeaponmasterDest r;
      r.dest = static_cast<std::uint8_t>(d);
      for (int v : neighbours_[s])
        if (linked(v, d)) r.via.push_back(static_cast<std::uint8_t>(v));
      if (!r.via.empty()) weaponmaster_[s].push_back(r);
    }
  }
  build_indexes();
}

void Board::build_indexes() {
  for (int s = 0; s < n_; ++s) {
    wizard_at_[s].fill(kNoSpace);
    weaponmaster_at_[s].fill(kNoSpace);
    for (std::size_t i = 0; i < wizard_[s].size(); ++i)
      wizard_at_[s][wizard_[s][i].dest] = static_cast<std::uint8_t>(i);
    for (std::size_t i = 0; i < weaponmaster_[s].size(); ++i)
      weaponmaster_at_[s][weaponmaster_[s][i].dest] = static_cast<std::uint8_t>(i);
    for (int t = 0; t < n_; ++t) {
      stop_range_[s][t].start = static_cast<std::uint16_t>(ray_stops_.size());
      for (std::size_t r = 0; r < rays_[s].size(); ++r) {
        const Ray& ray = rays_[s][r];
        for (int k = 0; k < ray.len; ++k)
          if (ray.spaces[k] == t) {
            ray_stops_.push_back({static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(k)});
            break;
          }
      }
      stop_range_[s][t].count =
          static_cast<std::uint8_t>(ray_stops_.size() - stop_range_[s][t].start);
    }
  }
  if (ray_stops_.size() > 65535) throw std::runtime_error("sava board: too many rays");
}

int Board::ring_space(int r, int i) const {
  for (const auto& l : lines_)
    if (l.kind == LineKind::kRank && l.name == "rank" + std::to_string(r)) return l.spaces[i];
  return -1;
}

const Board& sava_board(bool great_wheel, bool diagonals) {
  if (great_wheel) {
    if (diagonals) {
      static const Board b(kSavaGreatWheelBoardJson, true);
      return b;
    }
    static const Board b(kSavaGreatWheelBoardJson, false);
    return b;
  }
  if (diagonals) {
    static const Board b(kSavaBoardJson, true);
    return b;
  }
  static const Board b(kSavaBoardJson, false);
  return b;
}

}  // namespace scribe::engine::sava
