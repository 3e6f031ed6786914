// Compass directions and cell coordinates shared by the grid geometries of engine/board/.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace scribe::engine::board {

// A step direction. Each grid says which of them it has (a square grid: n s e w; a grid of
// flat-topped hexagons in vertical columns: n s ne nw se sw).
enum class Compass : std::uint8_t { kN, kS, kE, kW, kNE, kNW, kSE, kSW };

inline constexpr int kCompassCount = 8;

// Every direction in declaration order.
inline constexpr std::array<Compass, kCompassCount> kAllCompass = {
    Compass::kN,  Compass::kS,  Compass::kE,  Compass::kW,
    Compass::kNE, Compass::kNW, Compass::kSE, Compass::kSW};

// Returns the lower-case name of a direction ("n", "ne", ...).
constexpr std::string_view compass_name(Compass d) {
  constexpr std::string_view kNames[] = {"n", "s", "e", "w", "ne", "nw", "se", "sw"};
  return kNames[static_cast<int>(d)];
}

// A cell by column (0-based, 0 = column a) and row (1-based, from the bottom of its column).
struct CellCoord {
  int col = 0;
  int row = 1;
  friend bool operator==(const CellCoord&, const CellCoord&) = default;
};

// A drawing position in units of the grid's cell size, with y pointing up.
struct Point {
  double x = 0;
  double y = 0;
};

}  // namespace scribe::engine::board
