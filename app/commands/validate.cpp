// scribe validate: parse and replay every record, in parallel, with output in input order.
#include "app/commands/validate.hpp"

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <iostream>
#include <map>
#include <mutex>
#include <thread>

#include "app/catalog.hpp"
#include "app/commands/common.hpp"
#include "app/commands/encoding.hpp"
#include "app/commands/pipeline.hpp"
#include "app/commands/report.hpp"

namespace scribe::app {

namespace fs = std::filesystem;

namespace {

// What one task produced: the reports of its records in order, and how far through the input
// the run is once they are out (for the progress line; 0 leaves it unchanged).
struct TaskResult {
  std::vector<RecordReport> reports;
  std::uint64_t bytes_done = 0;
  std::exception_ptr failure;  // what the task threw (rethrown where results are emitted)
};
using Task = std::function<TaskResult()>;
using OrderedPipeline = OrderedPipelineOf<TaskResult>;

// Gives `reader` the limits of `settings`.
void set_limits(notation::RecordReader& reader, const ValidateSettings& settings) {
  reader.set_max_record_bytes(settings.max_record_bytes);
  reader.set_max_token_bytes(settings.max_token_bytes);
}

// Reads and checks a whole file (or the walk's error for it).
TaskResult check_file(const Input& input, const ValidateSettings& settings,
                      std::uint64_t bytes_done) {
  TaskResult out;
  out.bytes_done = bytes_done;
  notation::RecordReader reader(input.display);
  set_limits(reader, settings);
  if (auto problem = open_input(input, reader)) {
    out.reports.push_back(file_report(input.display, *problem, settings));
    return out;
  }
  while (auto record = reader.next()) out.reports.push_back(check_record(*record, settings));
  if (auto problem = reader.finish())
    out.reports.push_back(file_report(input.display, *problem, settings));
  return out;
}

// Reads and checks segment k of a file; numbers its records after the earlier segments'.
TaskResult check_segment(const Input& input, const notation::FileSegment& segment,
                         std::size_t k, SegmentNumbering& numbering,
                         const ValidateSettings& settings, std::uint64_t bytes_done) {
  TaskResult out;
  out.bytes_done = bytes_done;
  notation::RecordReader reader(input.display);
  set_limits(reader, settings);
  if (input.utf8_copy) reader.set_source_encoding(input_encoding());
  std::vector<notation::Record> records;
  std::optional<notation::FileProblem> problem = reader.open_segment(input.path, segment);
  if (!problem)
    while (auto record = reader.next()) records.push_back(std::move(*record));
  const int before = numbering.publish(k, static_cast<int>(records.size()));
  if (problem) out.reports.push_back(file_report(input.display, *problem, settings));
  for (auto& record : records) {
    record.index += before;
    out.reports.push_back(check_record(record, settings));
  }
  return out;
}

}  // namespace

int run_validate(const std::vector<std::string>& paths, const ValidateSettings& settings) {
  const auto start = std::chrono::steady_clock::now();
  // Standard input is copied into a temporary file first, then read like any file (bounded
  // memory, segments); it keeps its name "-".
  std::vector<Input> inputs = collect_inputs(paths);
  const std::vector<std::uint64_t> sizes = prepare_inputs(inputs);
  Summary summary;
  Progress progress(settings.progress);
  std::uint64_t bytes_total = 0;
  for (const std::uint64_t size : sizes) bytes_total += size;
  std::uint64_t bytes_done = 0;

  auto emit = [&](const TaskResult& result) {
    if (result.bytes_done > 0) bytes_done = result.bytes_done;
    for (const RecordReport& r : result.reports) {
      summary.add(r, settings.stats);
      if (!settings.quiet) {
        if (settings.json) std::fwrite(r.json.data(), 1, r.json.size(), stdout);
        else std::fwrite(r.human.data(), 1, r.human.size(), stderr);
      }
      progress.update(summary, start, bytes_done, bytes_total);
    }
  };

  // The tasks: a file read whole by one worker, or a large file cut into segments here that
  // workers read at once (with --encoding, its UTF-8 copy is made and cut here). Every task is
  // pushed whatever --jobs is, so the output is the same for every N.
  const int workers = settings.jobs <= 1 ? 0 : settings.jobs;
  // At most 4 tasks per worker in flight: a finished task's reports wait for the ones before
  // it, so the window bounds what is held (a file's reports, or a segment's records).
  OrderedPipeline pipeline(workers, static_cast<std::size_t>(std::max(1, workers)) * 4);
  std::uint64_t before = 0;  // bytes of the inputs already pushed
  for (std::size_t f = 0; f < inputs.size(); ++f) {
    // Each task holds its input: with --encoding that keeps the input's UTF-8 copy open until
    // its last task is done (the window bounds how many are open).
    auto input = std::make_shared<Input>(inputs[f]);
    convert_input(*input);
    const std::uint64_t size = input->utf8_copy ? input->utf8_copy->size() : sizes[f];
    const std::uint64_t after = before + sizes[f];
    // (Small segments keep the records parsed ahead of their replay few.)
    const auto segments = segments_to_read(*input, size, settings.segment_bytes);
    if (segments && segments->size() > 1) {
      auto numbering = std::make_shared<SegmentNumbering>(segments->size());
      for (std::size_t k = 0; k < segments->size(); ++k) {
        const notation::FileSegment seg = (*segments)[k];
        // Progress counts the bytes of the file as given, also when a copy is read.
        const double share = static_cast<double>(seg.end) / static_cast<double>(size);
        const std::uint64_t done =
            before + (input->utf8_copy ? static_cast<std::uint64_t>(share * sizes[f]) : seg.end);
        pipeline.push(
            [input, &settings, seg, k, numbering, done] {
              return check_segment(*input, seg, k, *numbering, settings, done);
            },
            emit);
      }
    } else {
      pipeline.push([input, &settings, after] { return check_file(*input, settings, after); },
                    emit);
    }
    before = after;
  }
  pipeline.finish(emit);
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
