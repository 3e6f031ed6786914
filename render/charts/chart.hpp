// Bar charts of counts (scribe stats --charts), drawn with Cairo in the diagrams' themes.
// Cairo stays private: only text and numbers appear here.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "render/core/diagram.hpp"

namespace scribe::render {

// One bar: its label and its count.
struct ChartBar {
  std::string label;
  long value = 0;
};

// A chart of counts: columns side by side (a histogram, results), or horizontal bars with their
// labels on the left (first plies, codes).
struct Chart {
  std::string title;
  std::vector<ChartBar> bars;
  bool horizontal = false;
};

// The default width of a chart in pixels; text is drawn at 10 px or more at this width.
inline constexpr int kChartWidth = 640;

// Draws `chart` as the bytes of a PNG, SVG or PDF file in `theme` ("light", "dark" or
// "print"), `width` pixels wide; its height follows from the bars.
std::string draw_chart(const Chart& chart, Format format, std::string_view theme,
                       int width = kChartWidth);

}  // namespace scribe::render
