// The figures of scribe stats, per game and options, shared by the command (stats.cpp) and its
// charts (stats_charts.cpp).
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "app/commands/tally.hpp"
#include "engine/core/replay.hpp"
#include "notation/core/record.hpp"
#include "render/charts/chart.hpp"

namespace scribe::app {

// One player's games and results (over valid records).
struct PlayerTally {
  long games = 0, won = 0, lost = 0, drawn = 0, unfinished = 0;
};

// How often one diagnostic code was reported, and its severity ("error" or "warning").
struct CodeTally {
  long count = 0;
  std::string severity;
};

// One bucket of the length histogram: the lengths from..to (plies) and how many records.
struct LengthBucket {
  int from = 0, to = 0;
  long count = 0;
};

// The figures of one configuration (game and options).
struct StatsGroup {
  std::string game, options;
  long records = 0, valid = 0, warned = 0, invalid = 0;  // warned: valid, with warnings
  ResultTally results;                                   // valid records
  std::map<int, long> lengths;                           // plies -> valid records
  std::map<std::string, long> openings;                  // first canonical ply -> valid records
  std::map<std::string, CodeTally> codes;                // every diagnostic of every record
  std::map<std::string, PlayerTally> players;            // PlayerN names of valid records
  std::set<std::string> sides;                           // the sides of the seats

  // The length buckets: at most 12 of a round width (1, 2, 5, 10, 20, 50, ...).
  std::vector<LengthBucket> histogram() const;
  // The median length (of valid records; 0 for none).
  double median() const;
  // The `top` most frequent entries of `counts`, most frequent first (then by name).
  static std::vector<std::pair<std::string, long>> most(const std::map<std::string, long>& counts,
                                                        std::size_t top);
  // The `top` most frequent codes and the players with the most games, in the same order.
  std::vector<std::pair<std::string, CodeTally>> top_codes(std::size_t top) const;
  std::vector<std::pair<std::string, PlayerTally>> top_players(std::size_t top) const;
};

// What one record (or file problem) gives the figures.
struct StatsItem {
  bool problem = false, unreadable = false, invalid = false, warned = false;
  std::string game, options, result, first_ply;
  int plies = 0;
  std::vector<std::pair<std::string, bool>> codes;  // each diagnostic: code, is an error
  // Each PlayerN tag of a valid record: the name and how its side fared ("won", ...).
  std::vector<std::pair<std::string, const char*>> players;
  std::vector<std::string> sides;  // the sides to move at the first positions (one per seat)
  std::string report;              // a file problem's report (human or JSON)
};

// Replays one record and notes what the figures need: its first ply in canonical form and the
// sides of its first plies (PlayerN plays the Nth side to move from the start). With `kept`,
// the replay's result is moved there for the caller.
StatsItem examine_for_stats(const notation::Record& record, const engine::ReplayOptions& replay,
                            engine::ReplayResult* kept = nullptr);

// Adds one record to its group.
void add_to(StatsGroup& g, const StatsItem& item);

// The four charts of one group (lengths, results, openings, codes), with their kinds.
std::vector<std::pair<std::string, render::Chart>> charts_of(const StatsGroup& g, std::size_t top);

// The file name stem of a group ("druid-size-8"), made unique among `used`.
std::string chart_stem(const StatsGroup& g, std::set<std::string>& used);

// Writes the charts of `groups` into `dir` (one set per group, PNG and SVG each), in `theme`;
// a usage error when a file exists and `force` is false. Returns the paths written.
std::vector<std::string> write_stats_charts(const std::vector<StatsGroup>& groups,
                                            const std::string& dir, const std::string& theme,
                                            std::size_t top, bool force);

}  // namespace scribe::app
