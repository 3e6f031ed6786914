// scribe validate: parse and replay every record, in parallel, with output in input order.
#include "app/commands/validate.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <iostream>
#include <map>
#include <mutex>
#include <thread>

#include "app/catalog.hpp"
#include "app/commands/common.hpp"
#include "app/commands/report.hpp"

namespace scribe::app {

namespace {

// One unit of work: a record to replay, or a file-level status already decided.
struct WorkItem {
  std::size_t seq = 0;
  std::optional<notation::Record> record;
  RecordReport file_report;  // used when !record
};

// Runs replay on worker threads and hands results back in sequence order, holding at most
// `window` records in flight so memory stays bounded.
class OrderedPipeline {
 public:
  OrderedPipeline(int jobs, std::size_t window, const ValidateSettings& settings)
      : window_(window), settings_(settings) {
    for (int i = 0; i < jobs; ++i) workers_.emplace_back([this] { work(); });
  }

  ~OrderedPipeline() {
    {
      std::lock_guard lock(mutex_);
      closing_ = true;
    }
    work_ready_.notify_all();
    for (auto& t : workers_) t.join();
  }

  // Queues an item; blocks while the window is full, emitting finished results meanwhile.
  template <class Emit>
  void push(WorkItem item, Emit&& emit) {
    std::unique_lock lock(mutex_);
    while (next_seq_ - next_emit_ >= window_) {
      drain_locked(lock, emit);
      if (next_seq_ - next_emit_ >= window_) result_ready_.wait(lock);
    }
    item.seq = next_seq_++;
    if (item.record) {
      queue_.push_back(std::move(item));
      lock.unlock();
      work_ready_.notify_one();
    } else {
      done_.emplace(item.seq, std::move(item.file_report));
    }
  }

  // Emits every finished result that is next in order.
  template <class Emit>
  void drain(Emit&& emit) {
    std::unique_lock lock(mutex_);
    drain_locked(lock, emit);
  }

  // Waits for every queued item and emits it.
  template <class Emit>
  void finish(Emit&& emit) {
    std::unique_lock lock(mutex_);
    while (next_emit_ < next_seq_) {
      drain_locked(lock, emit);
      if (next_emit_ < next_seq_) result_ready_.wait(lock);
    }
  }

 private:
  template <class Emit>
  void drain_locked(std::unique_lock<std::mutex>& lock, Emit& emit) {
    for (;;) {
      auto it = done_.find(next_emit_);
      if (it == done_.end()) return;
      RecordReport report = std::move(it->second);
      done_.erase(it);
      ++next_emit_;
      lock.unlock();
      emit(report);
      lock.lock();
    }
  }

  void work() {
    for (;;) {
      WorkItem item;
      {
        std::unique_lock lock(mutex_);
        work_ready_.wait(lock, [this] { return closing_ || !queue_.empty(); });
        if (queue_.empty()) return;
        item = std::move(queue_.front());
        queue_.pop_front();
      }
      RecordReport report = check_record(*item.record, settings_);
      {
        std::lock_guard lock(mutex_);
        done_.emplace(item.seq, std::move(report));
      }
      result_ready_.notify_all();
    }
  }

  const std::size_t window_;
  const ValidateSettings& settings_;
  std::mutex mutex_;
  std::condition_variable work_ready_, result_ready_;
  std::deque<WorkItem> queue_;
  std::map<std::size_t, RecordReport> done_;
  std::size_t next_seq_ = 0, next_emit_ = 0;
  bool closing_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace

int run_validate(const std::vector<std::string>& paths, const ValidateSettings& settings) {
  const auto start = std::chrono::steady_clock::now();
  const std::vector<Input> inputs = collect_inputs(paths);
  Summary summary;
  Progress progress(settings.progress);
  // Bytes of input read so far, and in all, for the progress display.
  std::uint64_t bytes_total = 0;
  for (const Input& input : inputs) {
    std::error_code ec;
    if (!input.is_stdin && !input.error) bytes_total += std::filesystem::file_size(input.path, ec);
  }
  std::atomic<std::uint64_t> bytes_done{0};

  auto emit = [&](const RecordReport& r) {
    summary.add(r, settings.stats);
    if (!settings.quiet) {
      if (settings.json) std::fwrite(r.json.data(), 1, r.json.size(), stdout);
      else std::fwrite(r.human.data(), 1, r.human.size(), stderr);
    }
    progress.update(summary, start, bytes_done.load(), bytes_total);
  };

  auto for_each_item = [&](auto&& submit) {
    std::uint64_t before = 0;  // bytes of the files already read
    for (const Input& input : inputs) {
      std::error_code ec;
      const std::uint64_t size =
          input.is_stdin || input.error ? 0 : std::filesystem::file_size(input.path, ec);
      notation::RecordReader reader(input.display);
      reader.set_max_record_bytes(settings.max_record_bytes);
      reader.set_max_token_bytes(settings.max_token_bytes);
      if (auto problem = open_input(input, reader)) {
        WorkItem item;
        item.file_report = file_report(input.display, *problem, settings);
        submit(std::move(item));
        before += size;
        continue;
      }
      while (auto record = reader.next()) {
        bytes_done = before + record->offset + record->text.size();
        WorkItem item;
        item.record = std::move(record);
        submit(std::move(item));
      }
      if (auto problem = reader.finish()) {
        WorkItem item;
        item.file_report = file_report(input.display, *problem, settings);
        submit(std::move(item));
      }
      before += size;
      bytes_done = before;
    }
  };

  const int jobs = settings.jobs;
  if (jobs <= 1) {
    for_each_item([&](WorkItem item) {
      emit(item.record ? check_record(*item.record, settings) : item.file_report);
    });
  } else {
    OrderedPipeline pipeline(jobs, static_cast<std::size_t>(jobs) * 64, settings);
    for_each_item([&](WorkItem item) { pipeline.push(std::move(item), emit); });
    pipeline.finish(emit);
  }
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
