// scribe stats --charts: the length histogram, results, first plies and codes of each group as
// PNG and SVG files, written whole (temporary file, rename), never over a file without --force.
#include <filesystem>
#include <set>

#include "app/commands/common.hpp"
#include "app/commands/stats.hpp"
#include "render/charts/chart.hpp"

namespace scribe::app {

namespace fs = std::filesystem;

std::string chart_stem(const StatsGroup& g, std::set<std::string>& used) {
  std::string s;
  for (const char c : g.game + " " + g.options) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (keep)
      s += c;
    else if (!s.empty() && s.back() != '-')
      s += '-';
  }
  while (!s.empty() && s.back() == '-') s.pop_back();
  if (s.empty()) s = "no-game";
  std::string unique = s;
  for (int n = 2; !used.insert(unique).second; ++n) unique = s + "-" + std::to_string(n);
  return unique;
}

std::vector<std::pair<std::string, render::Chart>> charts_of(const StatsGroup& g, std::size_t top) {
  const std::string label = configuration_label(g.game, g.options);
  render::Chart lengths{label + ": game length (plies), valid records", {}, false};
  for (const auto& b : g.histogram())
    lengths.bars.push_back(
        {std::to_string(b.from) + (b.to > b.from ? "-" + std::to_string(b.to) : ""), b.count});
  render::Chart results{label + ": results of valid records", {}, false};
  for (const std::string& side : sides_in_order(g.game, {&g.results}, g.sides)) {
    const auto it = g.results.wins.find(side);
    results.bars.push_back({side, it == g.results.wins.end() ? 0 : it->second});
  }
  if (g.results.count > 0) {
    results.bars.push_back({"draw", g.results.draws});
    results.bars.push_back({"unfinished", g.results.unfinished});
  }
  render::Chart openings{label + ": most played first plies", {}, true};
  for (const auto& [ply, n] : StatsGroup::most(g.openings, top)) openings.bars.push_back({ply, n});
  render::Chart codes{label + ": most frequent diagnostic codes", {}, true};
  for (const auto& [code, c] : g.top_codes(top)) codes.bars.push_back({code, c.count});
  return {{"lengths", lengths}, {"results", results}, {"openings", openings}, {"codes", codes}};
}

std::vector<std::string> write_stats_charts(const std::vector<StatsGroup>& groups,
                                            const std::string& dir, const std::string& theme,
                                            std::size_t top, bool force) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (!fs::is_directory(dir, ec))
    throw UsageError("--charts " + dir + ": cannot make the directory" +
                     (ec ? ": " + ec.message() : std::string()));
  // Every file is named and checked before any is written.
  std::set<std::string> used;
  std::vector<std::pair<fs::path, std::pair<render::Chart, render::Format>>> files;
  for (const StatsGroup& g : groups) {
    const std::string stem = chart_stem(g, used);
    for (auto& [kind, chart] : charts_of(g, top))
      for (const render::Format f : {render::Format::kPng, render::Format::kSvg}) {
        const fs::path path =
            fs::path(dir) / (stem + "-" + kind + "." + std::string(render::format_extension(f)));
        if (fs::exists(path, ec) && !force)
          throw UsageError("--charts: " + path.string() +
                           " exists; give --force to overwrite it (it is replaced whole)");
        files.push_back({path, {chart, f}});
      }
  }
  std::vector<std::string> written;
  for (const auto& [path, what] : files) {
    write_file_atomically(path, render::draw_chart(what.first, what.second, theme));
    written.push_back(path.string());
  }
  return written;
}

}  // namespace scribe::app
