#include "app/commands/tally.hpp"

#include <algorithm>
#include <cstdio>
#include <set>

#include "app/catalog.hpp"

namespace scribe::app {

void ResultTally::add(const std::string& result, int length) {
  ++count;
  plies += length;
  if (result == "draw")
    ++draws;
  else if (result == "*")
    ++unfinished;
  else
    ++wins[result];
}

std::string ResultTally::mean_text() const {
  return two_decimals(count == 0 ? 0.0 : static_cast<double>(plies) / static_cast<double>(count));
}

std::vector<std::string> sides_in_order(const std::string& game,
                                        const std::vector<const ResultTally*>& tallies) {
  std::set<std::string> seen;
  for (const ResultTally* t : tallies)
    for (const auto& [side, n] : t->wins)
      if (n > 0) seen.insert(side);
  std::vector<std::string> out;
  if (const CatalogEntry* entry = find_entry(game))
    for (const std::string& side : entry->game->info().side_names)
      if (seen.erase(side) > 0) out.push_back(side);
  out.insert(out.end(), seen.begin(), seen.end());
  return out;
}

std::string two_decimals(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", x);
  return buf;
}

std::string count_of(long n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string configuration_label(const std::string& game, const std::string& options) {
  const std::string name = game.empty() ? std::string("(no game)") : game;
  return options.empty() ? name : name + " " + options;
}

}  // namespace scribe::app
