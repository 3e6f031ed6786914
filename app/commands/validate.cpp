// scribe validate: parse and replay every record, in parallel, with output in input order.
#include "app/commands/validate.hpp"

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "app/commands/common.hpp"
#include "app/commands/pipeline.hpp"
#include "app/commands/report.hpp"

namespace scribe::app {

int run_validate(const std::vector<std::string>& paths, const ValidateSettings& settings) {
  const auto start = std::chrono::steady_clock::now();
  // Standard input is copied into a temporary file first (scan_records), then read like any
  // file (bounded memory, segments); it keeps its name "-".
  Summary summary;
  Progress progress(settings.progress);
  // The reading is scan_records' (pipeline.hpp): files read whole or in segments at once, the
  // reports emitted in input order, so the output is the same for every --jobs.
  ScanSettings scan;
  scan.jobs = settings.jobs;
  scan.max_record_bytes = settings.max_record_bytes;
  scan.max_token_bytes = settings.max_token_bytes;
  scan.segment_bytes = settings.segment_bytes;
  scan.shard = settings.shard;
  auto emit = [&](const RecordReport& r, std::uint64_t bytes_done, std::uint64_t bytes_total) {
    summary.add(r, settings.stats);
    if (!settings.quiet) {
      if (settings.json)
        std::fwrite(r.json.data(), 1, r.json.size(), stdout);
      else
        std::fwrite(r.human.data(), 1, r.human.size(), stderr);
    }
    progress.update(summary, start, bytes_done, bytes_total);
  };
  scan_records<RecordReport>(
      paths, scan, [&settings](const notation::Record& r) { return check_record(r, settings); },
      [&settings](const std::string& display, const notation::FileProblem& problem) {
        return file_report(display, problem, settings);
      },
      emit);
  progress.clear();

  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::string out = settings.json ? summary.json(settings.stats) : summary.line(seconds);
  if (!settings.json && settings.stats) out += summary.stats_text();
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fflush(stdout);
  std::fflush(stderr);
  if (summary.unreadable > 0) return kExitUsage;
  if (summary.invalid > 0) return kExitInvalid;
  return kExitOk;
}

}  // namespace scribe::app
