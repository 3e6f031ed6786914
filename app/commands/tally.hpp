// Counts shared by scribe tree and scribe stats: results by side, draws, unfinished games and
// game lengths of a set of records, and the order in which the sides are shown.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace scribe::app {

// The results and lengths of a set of valid records.
struct ResultTally {
  long count = 0;
  long draws = 0;       // result "draw"
  long unfinished = 0;  // result "*"
  long plies = 0;       // the sum of their lengths
  std::map<std::string, long> wins;  // result (a side's name) -> records won by that side

  // Adds one record that stands at `result` after `length` plies.
  void add(const std::string& result, int length);
  // The mean length, "0.00" for none, with two decimals.
  std::string mean_text() const;
};

// The sides that won some record of `tallies`, in the order of `game`'s side names (any other
// name after them, in alphabetical order).
std::vector<std::string> sides_in_order(const std::string& game,
                                        const std::vector<const ResultTally*>& tallies);

// `x` with two decimals ("12.50").
std::string two_decimals(double x);

// "1 record", "2 records": `n` and `noun`, with an s unless n is 1.
std::string count_of(long n, const std::string& noun);

// The label of a configuration: "druid" or "druid -size=8".
std::string configuration_label(const std::string& game, const std::string& options);

}  // namespace scribe::app
