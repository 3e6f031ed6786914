// The run every archive command (dedup, normalize, split, stats, tree) makes over its inputs:
// the records through the ordered pipeline, a file that cannot be read reported as validate
// reports it, every item counted in the summary and the progress line kept up; the command
// sees each item in input order and writes its own output and summary line.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "app/commands/common.hpp"
#include "app/commands/pipeline.hpp"
#include "app/commands/report.hpp"

namespace scribe::app {

// One run of an archive command whose per-record result is an Item (with `problem`,
// `unreadable`, `invalid`, `plies` and `report`, as file_problem_item fills them).
template <class Item>
class ArchiveRun {
 public:
  // `json`: reports as JSON lines on standard output; `colour`: coloured human reports;
  // `progress`: the progress line on standard error.
  ArchiveRun(bool json, bool colour, bool progress) : progress_(progress) {
    problems_.json = json;
    problems_.colour = colour;
  }

  // Reads every record of `paths` with `examine` (Item(const notation::Record&), on the
  // workers) and hands each item, counted in `totals`, to `each` (void(const Item&), in input
  // order). A file problem's item carries its report and, when Item has one, its file name.
  template <class Examine, class Each>
  void scan(const std::vector<std::string>& paths, const ScanSettings& settings, Examine&& examine,
            Each&& each) {
    auto on_problem = [this](const std::string& display, const notation::FileProblem& problem) {
      Item item = file_problem_item<Item>(display, problem, problems_);
      if constexpr (requires { item.file = display; }) item.file = display;
      return item;
    };
    auto emit = [&](const Item& item, std::uint64_t done, std::uint64_t total) {
      totals.count_item(item);
      each(item);
      progress_.update(totals, start_, done, total);
    };
    scan_records<Item>(paths, settings, examine, on_problem, emit);
    progress_.clear();
  }

  // Writes a file problem's report where reports go: standard output with --json, else
  // standard error.
  void report_problem(const Item& item) const {
    std::fwrite(item.report.data(), 1, item.report.size(), problems_.json ? stdout : stderr);
  }

  // The exit status: usage when an input could not be read, else invalid when `failed`.
  int status(bool failed) const {
    std::fflush(stdout);
    if (totals.unreadable > 0) return kExitUsage;
    return failed ? kExitInvalid : kExitOk;
  }

  Summary totals;

 private:
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  ValidateSettings problems_;
  Progress progress_;
};

}  // namespace scribe::app
