// StatsGroup: the length histogram, the median and the most frequent entries of scribe stats.
#include <algorithm>

#include "app/commands/stats.hpp"

namespace scribe::app {

std::vector<LengthBucket> StatsGroup::histogram() const {
  std::vector<LengthBucket> out;
  if (lengths.empty()) return out;
  const int lo = lengths.begin()->first, hi = lengths.rbegin()->first;
  // The smallest round width (1, 2, 5 times a power of ten) that makes at most 12 buckets.
  long width = 1;
  for (long scale = 1;; scale *= 10) {
    bool found = false;
    for (const long step : {1L, 2L, 5L}) {
      width = step * scale;
      if (hi / width - lo / width + 1 <= 12) {
        found = true;
        break;
      }
    }
    if (found) break;
  }
  for (long start = (lo / width) * width; start <= hi; start += width)
    out.push_back({static_cast<int>(start), static_cast<int>(start + width - 1), 0});
  for (const auto& [plies, n] : lengths)
    out[static_cast<std::size_t>((plies - out.front().from) / width)].count += n;
  return out;
}

double StatsGroup::median() const {
  long total = 0;
  for (const auto& [plies, n] : lengths) total += n;
  if (total == 0) return 0;
  // The values at ranks (total-1)/2 and total/2 (0-based), averaged.
  const long first = (total - 1) / 2, second = total / 2;
  long seen = 0;
  double a = 0, b = 0;
  for (const auto& [plies, n] : lengths) {
    if (seen <= first && first < seen + n) a = plies;
    if (seen <= second && second < seen + n) {
      b = plies;
      break;
    }
    seen += n;
  }
  return (a + b) / 2;
}

std::vector<std::pair<std::string, long>> StatsGroup::most(
    const std::map<std::string, long>& counts, std::size_t top) {
  std::vector<std::pair<std::string, long>> out(counts.begin(), counts.end());
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  if (out.size() > top) out.resize(top);
  return out;
}

std::vector<std::pair<std::string, CodeTally>> StatsGroup::top_codes(std::size_t top) const {
  std::vector<std::pair<std::string, CodeTally>> out(codes.begin(), codes.end());
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return a.second.count > b.second.count; });
  if (out.size() > top) out.resize(top);
  return out;
}

std::vector<std::pair<std::string, PlayerTally>> StatsGroup::top_players(std::size_t top) const {
  std::vector<std::pair<std::string, PlayerTally>> out(players.begin(), players.end());
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return a.second.games > b.second.games; });
  if (out.size() > top) out.resize(top);
  return out;
}

}  // namespace scribe::app
