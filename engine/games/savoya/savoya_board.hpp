// The two Savoya boards as compact tables, read once from the board JSON compiled into the
// binary (engine/games/savoya/data/*.json, savoya.md §2). Nothing here is typed a second time:
// cells, paths, crossings, sets, homes and seating all come from the JSON.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace scribe::engine::savoya {

// Largest cell count of the two boards (Savoya: 105).
inline constexpr int kMaxCells = 105;
// Directions of a crossing: both steps on both strands.
inline constexpr int kMaxDirs = 4;
// Longest route: four dice of 6.
inline constexpr int kMaxRoute = 24;
// "No cell" in the route tables.
inline constexpr std::uint8_t kNoCell = 0xFF;
// The colours (sets) in their fixed order; a board uses a prefix of them.
inline constexpr int kColours = 4;
enum Colour : std::int8_t { kR = 0, kL = 1, kT = 2, kB = 3, kNoColour = -1 };

// Returns the set letter of a colour ('R', 'L', 'T', 'B').
char colour_letter(int colour);
// Returns the colour of a set letter ("R", "L", "T", "B"), or kNoColour for any other text.
int colour_of_letter(std::string_view letter);
// Returns the set name of a colour ("Right", "Left", "Top", "Bottom").
std::string_view colour_name(int colour);

// Which board.
enum class BoardKind { kSavoya, kSavoy };

// The kind of a cell as the JSON gives it.
enum class CellKind { kEnd, kTrack, kBend, kCrossing };

// One strand through a cell: the path, the index on it, and the axis ('h' or 'v').
struct Strand {
  std::uint8_t path = 0;
  std::uint8_t index = 0;
  char axis = 'h';
};

// A direction from a cell: along `path` from `index` by `step` (+1 or -1).
struct Direction {
  std::uint8_t path = 0;
  std::uint8_t index = 0;
  std::int8_t step = 1;
};

// A strand of a cell as steps_between reads it: its path and index, and the numbers of the
// directions along it (kNoDir when the path ends there). path is kNoPath for a missing strand.
inline constexpr std::uint8_t kNoDir = 0xFF;
inline constexpr std::uint8_t kNoPath = 0xFF;
struct StrandDirs {
  std::uint8_t path = kNoPath;
  std::uint8_t index = 0;
  std::uint8_t up = kNoDir;    // the direction with step +1
  std::uint8_t down = kNoDir;  // the direction with step -1
};

// One cell of a board.
struct CellInfo {
  std::string name;  // "g10"
  int x = 0;         // column 1..15
  int y = 0;         // row 1..rows
  CellKind kind = CellKind::kTrack;
  std::vector<Strand> strands;  // one, or two at a crossing
};

// One path in order, with its drawing colours.
struct PathInfo {
  std::string id;  // "gold", "silver"
  std::string colour;
  std::string outline;
  std::vector<std::uint8_t> cells;  // cell ids in path order
};

// A set of pieces (a colour) on a board.
struct SetInfo {
  bool present = false;
  std::string name;  // "Right"
  std::uint8_t path = 0;
  bool forward = true;
  std::array<std::uint8_t, 3> start_area{};  // farthest from home first
  std::array<std::uint8_t, 3> home{};
  std::string colour;  // drawing colour "#C62828"
};

// One seat of a player count: its side name and the colours it owns.
struct Seat {
  std::string side;
  std::vector<int> colours;
};

// A crossing with its strands and which axis is drawn on top.
struct CrossingInfo {
  std::uint8_t cell = 0;
  char over = 'h';
};

// A bend cell and its two neighbours along the path.
struct BendInfo {
  std::uint8_t cell = 0;
  std::uint8_t a = 0;
  std::uint8_t b = 0;
};

// A whole board.
struct Board {
  BoardKind kind = BoardKind::kSavoya;
  std::string name;   // "savoya", "savoy"
  std::string title;  // "Savoya", "Savoy"
  std::string banner; // drawing caption ("" for none)
  int columns = 15;
  int rows = 15;
  int num_cells = 0;
  // Cells in canonical order (column letter, then row number).
  std::vector<CellInfo> cells;
  std::vector<PathInfo> paths;
  std::array<SetInfo, kColours> sets{};
  // seating[n] for n players (empty when the board does not allow n).
  std::array<std::vector<Seat>, 5> seating{};
  std::vector<CrossingInfo> crossings;
  std::vector<BendInfo> bends;

  // Directions of each cell in search order (path order, index, step +1 before -1).
  std::array<std::array<Direction, kMaxDirs>, kMaxCells> dirs{};
  std::array<std::uint8_t, kMaxCells> num_dirs{};
  // route[c][d][k]: the cell k steps (1..24) from c in direction d, or kNoCell past the end.
  std::array<std::array<std::array<std::uint8_t, kMaxRoute + 1>, kMaxDirs>, kMaxCells> route{};
  // strand_dirs[c]: the strands of cell c (at most two), for steps_between.
  std::array<std::array<StrandDirs, 2>, kMaxCells> strand_dirs{};
  // steps_code[from][to]: steps_between(from, to) in one byte when at most one direction passes
  // `to` (d in bits 5..6, the length in bits 0..4; 0 for none), else kStepsWorkedOut. A byte a
  // pair keeps the table as small as the route table.
  static constexpr std::uint8_t kStepsWorkedOut = 0x80;
  std::array<std::array<std::uint8_t, kMaxCells>, kMaxCells> steps_code{};
  // reach[c]: bit y set when cell y lies on some route of length 1..24 from c (check 6.11).
  std::array<std::array<std::uint64_t, 2>, kMaxCells> reach{};
  // home_of[c]: bit k set when cell c is a home cell of colour k.
  std::array<std::uint8_t, kMaxCells> home_of{};
  // name_bytes[c]: the name of cell c (at most four characters) in its first name_size[c] bytes,
  // for writing play texts with one four-byte store per name.
  std::array<std::array<char, 4>, kMaxCells> name_bytes{};
  std::array<std::uint8_t, kMaxCells> name_size{};
  // grid[column 0..25][row 0..99]: the cell id there, or kNoCell.
  std::array<std::array<std::uint8_t, 100>, 26> grid{};

  // Returns the cell id at column (0-based) and row (1-based), or kNoCell.
  std::uint8_t cell_at(int column, int row) const {
    if (column < 0 || column >= 26 || row < 0 || row >= 100) return kNoCell;
    return grid[column][row];
  }
  // Returns the cell id of a name such as "g10", or kNoCell.
  std::uint8_t find_cell(std::string_view name) const;
  // Whether `to` lies on some straight route of length 1..24 from `from`.
  bool reachable(int from, int to) const { return (reach[from][to >> 6] >> (to & 63)) & 1; }
  // Byte d (bits 8d..8d+7): the length 1..24 of the route from `from` in direction d that ends
  // on `to`, or 0 when that direction does not pass `to` (a route passes a cell at most once).
  // It is route[from][d][k] == to read backwards, worked out from the few bytes of the two cells'
  // strands: a table of every pair of cells would be too large to stay in the cache.
  std::uint32_t steps_between(int from, int to) const {
    std::uint32_t out = 0;
    for (const StrandDirs& a : strand_dirs[from])
      for (const StrandDirs& b : strand_dirs[to]) {
        const int delta = b.index - a.index;
        const int d = delta > 0 ? a.up : a.down;
        const int k = delta > 0 ? delta : -delta;
        const bool hit = a.path == b.path && a.path != kNoPath && d != kNoDir && k != 0 &&
                         k <= kMaxRoute;
        out |= hit ? static_cast<std::uint32_t>(k) << (8 * d) : 0;
      }
    return out;
  }
  // steps_between(from, to), from steps_code when it holds it.
  std::uint32_t steps(int from, int to) const {
    const std::uint8_t code = steps_code[from][to];
    if (code & kStepsWorkedOut) [[unlikely]]
      return steps_between(from, to);
    return static_cast<std::uint32_t>(code & 31) << (8 * (code >> 5));
  }
  // Whether cell `c` is a home cell of colour `colour`.
  bool is_home(int c, int colour) const { return (home_of[c] >> colour) & 1; }
};

// Returns the board of a kind, read from its JSON on first use (thread-safe static).
const Board& board_of(BoardKind kind);

}  // namespace scribe::engine::savoya
