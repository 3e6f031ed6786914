// The Sava web boards as compact tables, built once from the board files compiled into the
// binary (sava-board.json, sava-greatwheel-board.json; sava.md 2 and 15). One Board type
// serves the standard board and the Great Wheel, each with or without -diagonals.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "notation/games/sava/sava_notation.hpp"

namespace scribe::engine::json {
class Value;
}  // namespace scribe::engine::json

namespace scribe::engine::sava {

// The largest board (the Great Wheel) has 77 spaces.
inline constexpr int kMaxSpaces = 77;
// No space.
inline constexpr std::uint8_t kNoSpace = 0xFF;

// The kind of a line.
enum class LineKind : std::uint8_t { kRank, kFile, kDiagonal, kHub };

// One line of the board: a rank (closed ring), a file, a diagonal or a Hub line (open).
struct Line {
  std::string name;     // as in the board file: "rank1", "A-F", "HA-DE"
  std::string display;  // as in messages: "rank 1", "A-F", "HA-DE"
  LineKind kind = LineKind::kRank;
  bool cyclic = false;
  std::vector<std::uint8_t> spaces;
};

// A ray: the spaces that follow a space on one line in one direction (sava.md 2.2).
struct Ray {
  std::uint8_t line = 0;
  std::int8_t dir = 1;
  std::uint8_t len = 0;
  std::array<std::uint8_t, 23> spaces{};
};

// The Wizard paths from one space to one destination (three links, four different spaces,
// the destination not linked to the start; ruling R8), in lexicographic order.
struct WizardDest {
  std::uint8_t dest = 0;
  std::vector<std::array<std::uint8_t, 2>> paths;  // T1, T2
};

// The two-link Weaponmaster routes from one space to one destination, by intermediate index.
struct WeaponmasterDest {
  std::uint8_t dest = 0;
  std::vector<std::uint8_t> via;
};

// One side's opening layout entry.
struct Placement {
  std::uint8_t space = 0;
  std::uint8_t side = 0;  // 0 Red, 1 Blue
  notation::sava::PieceCode piece = notation::sava::PieceCode::kOrc;
};

// A web board with every table the rules and the diagrams need.
class Board : public notation::sava::SpaceResolver {
 public:
  // Reads `json` (a board file); `diagonals` adds (or, on the Great Wheel, extends) the lines of
  // the board file's option_lines "-diagonals".
  Board(std::string_view json, bool diagonals);

  notation::sava::SpaceLookup resolve(std::string_view upper) const override;

  int size() const { return n_; }
  bool great_wheel() const { return great_wheel_; }
  bool diagonals() const { return diagonals_; }
  // The canonical name of a space ("A1", "HA", "Hub").
  const std::string& name(int s) const { return names_[s]; }
  // Ring rank of a space (0..3), or -1 for a centre space and the Hub.
  int rank(int s) const { return rank_[s]; }
  bool is_centre(int s) const { return centre_[s]; }
  bool is_hub(int s) const { return s == hub_; }
  double x(int s) const { return x_[s]; }
  double y(int s) const { return y_[s]; }

  const std::vector<Line>& lines() const { return lines_; }
  // The line index of the link s-t, or -1 when they are not linked.
  int link_line(int s, int t) const { return link_[s][t]; }
  bool linked(int s, int t) const { return link_[s][t] >= 0; }
  const std::vector<std::uint8_t>& neighbours(int s) const { return neighbours_[s]; }
  // Number of links on a shortest path (255 when unreachable).
  int distance(int s, int t) const { return dist_[s][t]; }

  // Rays from s, in line order, direction +1 before -1.
  const std::vector<Ray>& rays(int s) const { return rays_[s]; }
  // The rays from s that pass t, in the order of rays(s), each with t's place on it: a table
  // for the line moves (the rays from s to t without a search).
  struct RayStop {
    std::uint8_t ray = 0;  // index in rays(s)
    std::uint8_t k = 0;    // rays(s)[ray].spaces[k] == t
  };
  struct RayStops {
    const RayStop* begin_ = nullptr;
    const RayStop* end_ = nullptr;
    const RayStop* begin() const { return begin_; }
    const RayStop* end() const { return end_; }
  };
  RayStops rays_to(int s, int t) const {
    const StopRange r = stop_range_[s][t];
    return {ray_stops_.data() + r.start, ray_stops_.data() + r.start + r.count};
  }
  // Wizard destinations from s, by destination index.
  const std::vector<WizardDest>& wizard(int s) const { return wizard_[s]; }
  const WizardDest* wizard_to(int s, int d) const {
    const std::uint8_t i = wizard_at_[s][d];
    return i == kNoSpace ? nullptr : &wizard_[s][i];
  }
  // Weaponmaster destinations from s, by destination index.
  const std::vector<WeaponmasterDest>& weaponmaster(int s) const { return weaponmaster_[s]; }
  const WeaponmasterDest* weaponmaster_to(int s, int d) const {
    const std::uint8_t i = weaponmaster_at_[s][d];
    return i == kNoSpace ? nullptr : &weaponmaster_[s][i];
  }

  // Whether s is in the promotion zone of `side`'s Orcs (sava.md 2.5, 2.6.5).
  bool in_zone(int side, int s) const { return zone_[side][s]; }
  // The zone's spaces as the board file lists them, joined by ", ".
  const std::string& zone_text(int side) const { return zone_text_[side]; }
  const std::vector<std::uint8_t>& zone_spaces(int side) const { return zone_list_[side]; }

  // The opening layout (with the Champions when `champion`).
  const std::vector<Placement>& layout(bool champion) const {
    return champion ? layout_champion_ : layout_;
  }

  // Drawing data: the view box, rank radii (index = rank), rim labels.
  struct Label {
    std::string text;
    double x = 0, y = 0;
  };
  double view_box() const { return view_box_; }
  double rank_radius(int r) const { return radius_[r]; }
  const std::vector<Label>& rim_labels() const { return rim_labels_; }
  // Ring order of each rank's files (the text board's column heads).
  const std::vector<std::string>& ring_files(int rank) const {
    return rank == 0 ? rank0_files_ : ring_files_;
  }
  // The space on `rank` at position `i` of its ring order.
  int ring_space(int rank, int i) const;
  // Lines that are drawn dashed (the -diagonals lines and their Great Wheel extensions).
  bool line_from_option(int line) const { return option_line_[line]; }

 private:
  // The steps of the constructor over the board file `doc`: the spaces, the lines (with the
  // -diagonals lines when diagonals_), the names and aliases, the promotion zones and start
  // layouts, and what the drawer reads.
  void read_spaces(const json::Value& doc);
  void read_lines(const json::Value& doc);
  void read_names(const json::Value& doc);
  void read_zones_and_layouts(const json::Value& doc);
  void read_drawing(const json::Value& doc);
  // Returns the index of the space `name`; throws when there is none.
  std::uint8_t index_of(const std::string& name) const;
  void build_tables();

  int n_ = 0;
  bool great_wheel_ = false;
  bool diagonals_ = false;
  int hub_ = -1;
  std::vector<std::string> names_;
  std::vector<int> rank_;
  std::vector<bool> centre_;
  std::vector<double> x_, y_;
  std::vector<Line> lines_;
  std::vector<bool> option_line_;
  std::array<std::array<std::int8_t, kMaxSpaces>, kMaxSpaces> link_{};
  std::array<std::array<std::uint8_t, kMaxSpaces>, kMaxSpaces> dist_{};
  std::vector<std::vector<std::uint8_t>> neighbours_;
  std::vector<std::vector<Ray>> rays_;
  std::vector<std::vector<WizardDest>> wizard_;
  std::vector<std::vector<WeaponmasterDest>> weaponmaster_;
  // Indexes into wizard_[s] and weaponmaster_[s] by destination (kNoSpace: none).
  std::array<std::array<std::uint8_t, kMaxSpaces>, kMaxSpaces> wizard_at_{};
  std::array<std::array<std::uint8_t, kMaxSpaces>, kMaxSpaces> weaponmaster_at_{};
  // rays_to(s, t): stop_range_[s][t] counts its stops in ray_stops_.
  struct StopRange {
    std::uint16_t start = 0;
    std::uint8_t count = 0;
  };
  std::vector<RayStop> ray_stops_;
  std::array<std::array<StopRange, kMaxSpaces>, kMaxSpaces> stop_range_{};
  void build_indexes();
  std::array<std::vector<bool>, 2> zone_;
  std::array<std::string, 2> zone_text_;
  std::array<std::vector<std::uint8_t>, 2> zone_list_;
  std::vector<Placement> layout_, layout_champion_;
  double view_box_ = 1.25;
  std::array<double, 4> radius_{};
  std::vector<Label> rim_labels_;
  std::vector<std::string> ring_files_, rank0_files_;
  // Name lookup: open addressing over packed upper-case lexemes.
  struct Slot {
    std::uint32_t key = 0;
    std::int16_t space = -1;
    bool alias = false;
  };
  std::array<Slot, 512> table_{};
  void add_name(std::string_view name, int space, bool alias);
};

// Returns the board: standard or Great Wheel, with or without -diagonals. Built once.
const Board& sava_board(bool great_wheel, bool diagonals);

}  // namespace scribe::engine::sava
