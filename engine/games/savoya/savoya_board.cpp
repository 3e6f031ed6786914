// Reads the board JSON (compiled in by engine/games/savoya/game.cmake) into the tables of
// savoya_board.hpp. The data ships inside the binary; a malformed file is a build defect, so
// problems throw std::logic_error (the unit tests load both boards).
#include "engine/games/savoya/savoya_board.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "engine/board/json.hpp"
#include "engine/core/kit.hpp"

namespace scribe::engine::savoya {

extern const std::string_view kSavoyaBoardJson;
extern const std::string_view kSavoyBoardJson;

namespace {
constexpr char kLetters[] = {'R', 'L', 'T', 'B'};
}  // namespace

char colour_letter(int colour) { return colour >= 0 && colour < kColours ? kLetters[colour] : '?'; }

int colour_of_letter(std::string_view letter) {
  for (int colour = 0; colour < kColours; ++colour)
    if (letter.size() == 1 && letter[0] == kLetters[colour]) return colour;
  return kNoColour;
}

std::string_view colour_name(int colour) {
  static constexpr std::string_view kNames[] = {"Right", "Left", "Top", "Bottom"};
  return colour >= 0 && colour < kColours ? kNames[colour] : std::string_view("?");
}

std::uint8_t Board::find_cell(std::string_view text) const {
  if (text.size() < 2 || text[0] < 'a' || text[0] > 'z') return kNoCell;
  const std::optional<int> row = read_decimal(text.substr(1), 2);
  return row ? cell_at(text[0] - 'a', *row) : kNoCell;
}

namespace {

[[noreturn]] void fail(const std::string& board, const std::string& what) {
  throw std::logic_error("savoya board data '" + board + "': " + what);
}

// Returns the index of the path `id` in the document's path list.
std::uint8_t path_index(const json::Value& doc, const std::string& board, const std::string& id) {
  std::uint8_t i = 0;
  for (const auto& p : doc["paths"].elements()) {
    if (p["id"].string() == id) return i;
    ++i;
  }
  fail(board, "unknown path " + id);
}

// Reads the cells, sorted canonically (column letter, then row number), with their strands.
void read_cells(const json::Value& doc, Board& b) {
  std::vector<const json::Value*> cells;
  for (const auto& c : doc["cells"].elements()) cells.push_back(&c);
  std::sort(cells.begin(), cells.end(), [](const json::Value* p, const json::Value* q) {
    const int px = (*p)["x"].integer(), qx = (*q)["x"].integer();
    return px != qx ? px < qx : (*p)["y"].integer() < (*q)["y"].integer();
  });
  if (cells.empty() || cells.size() > kMaxCells) fail(b.name, "bad cell count");
  b.num_cells = static_cast<int>(cells.size());

  for (const json::Value* c : cells) {
    CellInfo info;
    info.name = (*c)["cell"].string();
    if (info.name.empty() || info.name.size() > 4) fail(b.name, "bad cell name " + info.name);
    info.x = (*c)["x"].integer();
    info.y = (*c)["y"].integer();
    const std::string& kind_text = (*c)["kind"].string();
    info.kind = kind_text == "end"        ? CellKind::kEnd
                : kind_text == "bend"     ? CellKind::kBend
                : kind_text == "crossing" ? CellKind::kCrossing
                                          : CellKind::kTrack;
    for (const auto& on : (*c)["on"].elements())
      info.strands.push_back(Strand{path_index(doc, b.name, on["path"].string()),
                                    static_cast<std::uint8_t>(on["index"].integer()), 'h'});
    if (info.x < 1 || info.x > 26 || info.y < 1 || info.y > 99) fail(b.name, "bad cell " + info.name);
    const std::uint8_t id = static_cast<std::uint8_t>(b.cells.size());
    if (b.grid[info.x - 1][info.y] != kNoCell) fail(b.name, "duplicate cell " + info.name);
    b.grid[info.x - 1][info.y] = id;
    std::copy(info.name.begin(), info.name.end(), b.name_bytes[id].begin());
    b.name_size[id] = static_cast<std::uint8_t>(info.name.size());
    b.cells.push_back(std::move(info));
  }
}

// Reads the paths as lists of cells.
void read_paths(const json::Value& doc, Board& b) {
  for (const auto& p : doc["paths"].elements()) {
    PathInfo path;
    path.id = p["id"].string();
    path.colour = p["colour"].string();
    path.outline = p["outline"].string();
    for (const auto& name : p["cells"].elements()) {
      const std::uint8_t id = b.find_cell(name.string());
      if (id == kNoCell) fail(b.name, "path cell " + name.string() + " is not a cell");
      path.cells.push_back(id);
    }
    b.paths.push_back(std::move(path));
  }
}

// Checks that every strand of every cell agrees with the path lists, and sets the axes.
void set_axes(Board& b) {
  for (int c = 0; c < b.num_cells; ++c)
    for (Strand& s : b.cells[c].strands) {
      const PathInfo& p = b.paths.at(s.path);
      if (s.index >= p.cells.size() || p.cells[s.index] != static_cast<std::uint8_t>(c))
        fail(b.name, "cell " + b.cells[c].name + " is not at its path index");
      const auto neighbour = static_cast<std::size_t>(s.index) + 1 < p.cells.size() ? p.cells[s.index + 1]
                                                          : p.cells[s.index - 1];
      s.axis = b.cells[neighbour].y == b.cells[c].y ? 'h' : 'v';
    }
}

// Sets the directions of every cell in search order and the route and reach tables.
void set_routes(Board& b) {
  for (int c = 0; c < b.num_cells; ++c) {
    std::vector<Strand> strands = b.cells[c].strands;
    std::sort(strands.begin(), strands.end(), [](const Strand& a, const Strand& s) {
      return a.path != s.path ? a.path < s.path : a.index < s.index;
    });
    if (strands.size() > b.strand_dirs[c].size()) fail(b.name, "too many strands at " + b.cells[c].name);
    int n = 0;
    for (std::size_t t = 0; t < strands.size(); ++t) {
      const Strand& s = strands[t];
      StrandDirs& sd = b.strand_dirs[c][t];
      sd.path = s.path;
      sd.index = s.index;
      for (int step : {1, -1}) {
        const int len = static_cast<int>(b.paths[s.path].cells.size());
        const int next = s.index + step;
        if (next < 0 || next >= len) continue;
        if (n >= kMaxDirs) fail(b.name, "too many directions at " + b.cells[c].name);
        b.dirs[c][n] = Direction{s.path, s.index, static_cast<std::int8_t>(step)};
        (step > 0 ? sd.up : sd.down) = static_cast<std::uint8_t>(n);
        b.route[c][n][0] = static_cast<std::uint8_t>(c);
        std::array<bool, kMaxCells> passed{};
        for (int k = 1; k <= kMaxRoute; ++k) {
          const int i = s.index + k * step;
          b.route[c][n][k] = i >= 0 && i < len ? b.paths[s.path].cells[i] : kNoCell;
          if (b.route[c][n][k] != kNoCell) {
            const int y = b.route[c][n][k];
            b.reach[c][y >> 6] |= std::uint64_t{1} << (y & 63);
            // steps_between gives one length per direction.
            if (passed[y]) fail(b.name, "a route from " + b.cells[c].name + " passes " +
                                            b.cells[y].name + " twice");
            passed[y] = true;
          }
        }
        ++n;
      }
    }
    b.num_dirs[c] = static_cast<std::uint8_t>(n);
  }
  for (int from = 0; from < b.num_cells; ++from)
    for (int to = 0; to < b.num_cells; ++to) {
      const std::uint32_t steps = b.steps_between(from, to);
      const int d = steps == 0 ? 0 : std::countr_zero(steps) / 8;
      b.steps_code[from][to] =
          (steps >> (8 * d)) > 0xFF ? Board::kStepsWorkedOut
                                    : static_cast<std::uint8_t>(d << 5 | (steps >> (8 * d)));
    }
}

// Reads the sets (colour, path, direction, start area, home cells).
void read_sets(const json::Value& doc, Board& b) {
  for (const auto& s : doc["sets"].elements()) {
    const int colour = colour_of_letter(s["set"].string());
    if (colour == kNoColour) fail(b.name, "unknown set " + s["set"].string());
    SetInfo& set = b.sets[colour];
    set.present = true;
    set.name = s["name"].string();
    set.path = path_index(doc, b.name, s["path"].string());
    set.forward = s["direction"].string() == "forward";
    set.colour = s["colour"].string();
    if (s["start_area"].size() != 3 || s["home"].size() != 3) fail(b.name, "bad set");
    for (std::size_t i = 0; i < 3; ++i) {
      set.start_area[i] = b.find_cell(s["start_area"][i].string());
      set.home[i] = b.find_cell(s["home"][i].string());
      if (set.start_area[i] == kNoCell || set.home[i] == kNoCell) fail(b.name, "bad set cell");
      b.home_of[set.home[i]] = static_cast<std::uint8_t>(b.home_of[set.home[i]] | (1u << colour));
    }
    if (b.find_cell(s["start"].string()) != set.start_area[0]) fail(b.name, "bad start cell");
  }
}

// Reads the seating of 2, 3 and 4 players.
void read_seating(const json::Value& doc, Board& b) {
  for (const auto& [count, seats] : doc["seating"].items()) {
    const int n = count.size() == 1 ? count[0] - '0' : 0;
    if (n < 2 || n > 4) fail(b.name, "bad seating " + count);
    for (const auto& seat : seats.elements()) {
      Seat s;
      s.side = seat["side"].string();
      for (const auto& set : seat["sets"].elements()) {
        const int colour = colour_of_letter(set.string());
        if (colour == kNoColour || !b.sets[colour].present) fail(b.name, "bad seat set");
        s.colours.push_back(colour);
      }
      b.seating[n].push_back(std::move(s));
    }
  }
}

// Reads the crossings and the bends the drawer needs.
void read_drawing(const json::Value& doc, Board& b) {
  for (const auto& x : doc["crossings"].elements()) {
    CrossingInfo info;
    info.cell = b.find_cell(x["cell"].string());
    if (info.cell == kNoCell) fail(b.name, "bad crossing");
    info.over = x["over"].string() == "v" ? 'v' : 'h';
    b.crossings.push_back(info);
  }
  for (const auto& bend : doc["drawing"]["bends"].elements()) {
    BendInfo info;
    info.cell = b.find_cell(bend["cell"].string());
    info.a = b.find_cell(bend["between"][0].string());
    info.b = b.find_cell(bend["between"][1].string());
    if (info.cell == kNoCell || info.a == kNoCell || info.b == kNoCell) fail(b.name, "bad bend");
    b.bends.push_back(info);
  }
}

Board read_board(BoardKind kind, std::string_view text) {
  const json::Value doc = json::parse(text);
  Board b;
  b.kind = kind;
  b.name = doc["board"].string();
  b.title = doc["title"].string();
  b.rows = doc["grid"]["rows"].integer();
  b.columns = static_cast<int>(doc["grid"]["columns"].string().size());
  b.banner = doc["drawing"]["banner"].string();
  for (auto& col : b.grid) col.fill(kNoCell);
  read_cells(doc, b);
  read_paths(doc, b);
  set_axes(b);
  set_routes(b);
  read_sets(doc, b);
  read_seating(doc, b);
  read_drawing(doc, b);
  return b;
}

}  // namespace

const Board& board_of(BoardKind kind) {
  if (kind == BoardKind::kSavoy) {
    static const Board savoy = read_board(BoardKind::kSavoy, kSavoyBoardJson);
    return savoy;
  }
  static const Board savoya = read_board(BoardKind::kSavoya, kSavoyaBoardJson);
  return savoya;
}

}  // namespace scribe::engine::savoya
