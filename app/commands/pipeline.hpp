// The ordered pipeline of validate, shared by the commands that read records (validate, find,
// dedup): tasks run on worker threads, their results come back in input order, so the output
// is the same for every --jobs; and a generic scan of every record of the inputs on top of it.
#pragma once

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/commands/common.hpp"
#include "app/commands/encoding.hpp"
#include "app/commands/shard.hpp"
#include "notation/core/record.hpp"

namespace scribe::app {

// A result type R for OrderedPipelineOf<R> has a member `std::exception_ptr failure`: what its
// task threw, rethrown where results are emitted.
// Runs tasks on `workers` threads and hands their results back in the order they were pushed,
// holding at most `window` tasks in flight so memory stays bounded. With no workers, push()
// runs each task at once: the same tasks in the same order give the same output for every N.
// The calling thread is one of the workers: it starts workers - 1 threads, and runs queued
// tasks itself whenever it would otherwise wait for a result. (With a thread of its own for
// each worker besides the emitting one, `--jobs 2` ran three threads on two cores: the emitter
// woke for every segment and pushed a worker off its core, some 700 times in validating 20,000
// Soccolot records, and two jobs spent about 10 % more CPU time than one.)
template <class Result>
class OrderedPipelineOf {
 public:
  using Task = std::function<Result()>;

  // Starts the workers; throws (with none left running) when the system refuses one.
  OrderedPipelineOf(int workers, std::size_t window) : window_(window) {
    try {
      for (int i = 1; i < workers; ++i) workers_.start([this] { work(); });
    } catch (...) {
      close();
      throw;
    }
    has_workers_ = workers > 0;
  }

  ~OrderedPipelineOf() { close(); }

  // Queues a task; blocks while the window is full, emitting finished results meanwhile.
  template <class Emit>
  void push(Task task, Emit&& emit) {
    if (!has_workers_) {
      Result result = task();
      emit(result);
      return;
    }
    std::unique_lock lock(mutex_);
    while (next_seq_ - next_emit_ >= window_) {
      drain_locked(lock, emit);
      if (next_seq_ - next_emit_ >= window_) help_or_wait(lock);
    }
    queue_.emplace_back(next_seq_++, std::move(task));
    lock.unlock();
    work_ready_.notify_one();
  }

  // Waits for every queued task and emits its result.
  template <class Emit>
  void finish(Emit&& emit) {
    std::unique_lock lock(mutex_);
    while (next_emit_ < next_seq_) {
      drain_locked(lock, emit);
      if (next_emit_ < next_seq_) help_or_wait(lock);
    }
  }

 private:
  // With nothing to emit: runs the oldest queued task on this thread, or, when every task is
  // taken, waits for a result. Taking tasks in queue order keeps SegmentNumbering's promise
  // (every earlier segment is taken by a thread that says its count before it waits).
  void help_or_wait(std::unique_lock<std::mutex>& lock) {
    if (queue_.empty()) {
      result_ready_.wait(lock);
      return;
    }
    std::pair<std::size_t, Task> item = std::move(queue_.front());
    queue_.pop_front();
    lock.unlock();
    Result result = run(item.second);
    lock.lock();
    done_.emplace(item.first, std::move(result));
  }

  // Runs a task; what it throws goes into its result.
  static Result run(Task& task) {
    Result result;
    try {
      result = task();
    } catch (...) {
      result.failure = std::current_exception();
    }
    return result;
  }

  template <class Emit>
  void drain_locked(std::unique_lock<std::mutex>& lock, Emit& emit) {
    for (;;) {
      auto it = done_.find(next_emit_);
      if (it == done_.end()) return;
      Result result = std::move(it->second);
      done_.erase(it);
      ++next_emit_;
      lock.unlock();
      if (result.failure) std::rethrow_exception(result.failure);
      emit(result);
      lock.lock();
    }
  }

  // Lets the workers finish and joins them.
  void close() {
    {
      std::lock_guard lock(mutex_);
      closing_ = true;
    }
    work_ready_.notify_all();
    workers_.join();
  }

  void work() {
    for (;;) {
      std::pair<std::size_t, Task> item;
      {
        std::unique_lock lock(mutex_);
        work_ready_.wait(lock, [this] { return closing_ || !queue_.empty(); });
        if (queue_.empty()) return;
        item = std::move(queue_.front());
        queue_.pop_front();
      }
      Result result = run(item.second);
      // Only the result that is emitted next lets the emitting thread go on (the others wait
      // behind it), so only that one wakes it.
      bool next;
      {
        std::lock_guard lock(mutex_);
        next = item.first == next_emit_;
        done_.emplace(item.first, std::move(result));
      }
      if (next) result_ready_.notify_all();
    }
  }

  const std::size_t window_;
  std::mutex mutex_;
  std::condition_variable work_ready_, result_ready_;
  std::deque<std::pair<std::size_t, Task>> queue_;
  std::map<std::size_t, Result> done_;
  std::size_t next_seq_ = 0, next_emit_ = 0;
  bool closing_ = false;
  bool has_workers_ = false;
  ThreadGroup workers_;
};

// Numbers what the segments of one file hold (records, lines), when several workers read them:
// segment k's first one follows those of segments 0..k-1.
class SegmentNumbering {
 public:
  explicit SegmentNumbering(std::size_t segments) : counts_(segments, -1) {
    sums_.reserve(segments);
  }

  // Says that segment k holds n and returns how many come before it, waiting until every
  // earlier segment has said so. Earlier segments were taken earlier from the FIFO queue and
  // say their count before they wait, so this never waits for ever. The sum of the leading
  // segments that have said is kept, so each call looks at each segment once in all.
  std::int64_t publish(std::size_t k, std::int64_t n) {
    std::unique_lock lock(mutex_);
    if (say_locked(k, n) && waiting_ > 0) ready_.notify_all();
    if (known_ <= k) {
      ++waiting_;
      ready_.wait(lock, [&] { return known_ > k; });
      --waiting_;
    }
    return sums_[k];
  }

  // publish(), except that when an earlier segment has not said its count within kPatience,
  // this caller works it out with `count(j)` (what segment j's own worker will say) instead of
  // waiting on: that worker may be held up by the host for milliseconds, which stopped both
  // workers of --jobs 2 (on this project's virtual machine, up to 12 ms of a 170 ms run), where
  // reading a segment again takes some 30 microseconds. Whichever count comes first is kept.
  template <class Count>
  std::int64_t publish(std::size_t k, std::int64_t n, Count&& count) {
    std::unique_lock lock(mutex_);
    if (say_locked(k, n) && waiting_ > 0) ready_.notify_all();
    if (known_ > k) return sums_[k];
    ++waiting_;
    ready_.wait_for(lock, kPatience, [&] { return known_ > k; });
    --waiting_;
    while (known_ <= k) {
      const std::size_t j = known_;  // the first segment that has not said (j < k)
      lock.unlock();
      const std::int64_t c = count(j);
      lock.lock();
      if (counts_[j] < 0 && say_locked(j, c) && waiting_ > 0) ready_.notify_all();
    }
    return sums_[k];
  }

 private:
  static constexpr std::chrono::microseconds kPatience{200};
  std::mutex mutex_;
  std::condition_variable ready_;
  std::vector<std::int64_t> counts_;
  std::vector<std::int64_t> sums_;  // sums_[i]: what segments 0..i-1 hold, for i < known_
  std::size_t known_ = 0;           // segments 0..known_-1 have said
  std::int64_t sum_ = 0;            // what they hold
  int waiting_ = 0;                 // callers waiting

  // Notes segment k's count; returns whether more leading segments are known.
  bool say_locked(std::size_t k, std::int64_t n) {
    counts_[k] = n;
    bool moved = false;
    while (known_ < counts_.size() && counts_[known_] >= 0) {
      sums_.push_back(sum_);
      sum_ += counts_[known_++];
      moved = true;
    }
    return moved;
  }
};

// Makes every input readable as a file: standard input is copied into its temporary file (it
// keeps its name "-"). Returns each input's size in bytes (0 when unknown), for progress.
inline std::vector<std::uint64_t> prepare_inputs(std::vector<Input>& inputs) {
  std::vector<std::uint64_t> sizes;
  for (Input& input : inputs) {
    if (input.is_stdin) {
      std::string error;
      if (const auto path = stdin_file(&error))
        input.path = *path;
      else
        input.error = "cannot read standard input: " + error;
      input.is_stdin = false;
    }
    std::error_code ec;
    std::uint64_t size = 0;
    if (!input.error) size = std::filesystem::file_size(input.path, ec);
    sizes.push_back(ec ? 0 : size);
  }
  return sizes;
}

// How a scan reads its inputs (the reading limits and parallelism of validate).
struct ScanSettings {
  int jobs = 1;  // 1: no worker threads
  std::uint64_t max_record_bytes = 64ull << 20;
  std::uint64_t max_token_bytes = 1ull << 20;
  // A file of at least 16 segments' size is read in segments of about this many bytes (0:
  // every file whole); unset, the size suits the file and the jobs (segment_size()).
  std::optional<std::uint64_t> segment_bytes;
  // --shard: only the items of this share of the run are handed out (shard.hpp).
  Shard shard;
};

// The size of the segments that workers read at once for a file of `size` bytes, or 0 to read
// it whole. Given (--segment-bytes), it applies to a file of 16 segments or more. By default,
// with several jobs, a file is cut into about 16 segments per job, so that the workers finish
// together, of 16 KiB to 64 KiB (a segment much smaller costs more to hand out than to read;
// where items cannot be renumbered (Renumbered), a worker holds a segment's records until the
// earlier segments are counted, and the records of a larger one no longer stay in the core's
// cache: with 256 KiB, two jobs spent about 16 % more CPU time than one on Soccolot, with
// 64 KiB about 7 %); with one job, a file is read whole.
inline std::uint64_t segment_size(std::uint64_t size, const ScanSettings& settings) {
  if (settings.segment_bytes) {
    if (*settings.segment_bytes == 0) return 0;
    // At least 256 bytes: the grid has a segment for each step, even where no record starts.
    const std::uint64_t piece = std::max<std::uint64_t>(*settings.segment_bytes, 256);
    return size / 16 < piece ? 0 : piece;
  }
  if (settings.jobs <= 1) return 0;
  constexpr std::uint64_t kSmallest = 16ull << 10, kLargest = 64ull << 10;
  const auto jobs = static_cast<std::uint64_t>(settings.jobs);
  const std::uint64_t piece = std::clamp(size / (16 * jobs), kSmallest, kLargest);
  return size < 2 * piece ? 0 : piece;
}

// The worker threads of a scan: none with one job, and none for a single input read whole
// (its one task would run on a worker while this thread waits, and starting the workers cost
// more CPU time than validating a small file: 1.47 ms -> 1.11 ms for `validate` of one record).
// An --encoding copy in UTF-8 is at most 4 times the size of the file it converts.
inline int scan_workers(const std::vector<std::uint64_t>& sizes, const ScanSettings& settings) {
  if (settings.jobs <= 1) return 0;
  if (sizes.size() == 1 && segment_size(4 * sizes[0], settings) == 0) return 0;
  return settings.jobs;
}

// How a regular file of `size` bytes is cut into the segments that workers read at once
// (segment_size(), a grid cut: each worker finds its own segment's ends, so nothing reads the
// file before the workers start); nothing for a file read whole, for one that cannot be cut
// (unreadable, UTF-16/32: read whole, which reports why).
inline std::optional<notation::GridCut> segments_to_read(const Input& input, std::uint64_t size,
                                                         const ScanSettings& settings) {
  std::error_code ec;
  const std::uint64_t piece = segment_size(size, settings);
  if (input.error || piece == 0 || !std::filesystem::is_regular_file(input.path, ec))
    return std::nullopt;
  return notation::plan_grid_cut(input.path, piece);
}

// What one task of a scan produced: the items of its records in order, and how many bytes of
// the inputs are read once they are out.
template <class Item>
struct ScanBatch {
  std::vector<Item> items;
  std::uint64_t bytes_done = 0;
  std::exception_ptr failure;
  // Segment k of a file whose `records` records were examined at once (Renumbered): its items
  // are numbered from 1 in the segment (`renumber`, unless the file cannot be read), and the
  // records of the file's segments before it are added when it is emitted.
  bool segment = false, renumber = false;
  std::size_t k = 0;
  std::uint64_t records = 0;
};

// An item whose record index can be moved after it is made (RecordReport::renumber): the
// workers read a segment's records and examine each at once, numbered within the segment,
// instead of holding them until the segments before are counted.
template <class Item>
concept Renumbered = requires(Item& item) {
  item.renumber(1);
};

// One task of a scan, as for_each_scan_task hands it out: a whole input (no cut), or segment k
// of the `segments` segments of its grid cut; `done` is the bytes of the inputs read once it is.
struct ScanTask {
  std::shared_ptr<Input> input;
  std::shared_ptr<const notation::GridCut> cut;
  std::size_t k = 0, segments = 1;
  std::uint64_t done = 0;
};

// Reads segment k of a task's input (read_grid_segment): its place, its bytes and the line
// ends it holds; the problem when the file cannot be read.
struct SegmentRead {
  notation::SegmentText bytes;
  std::optional<notation::FileProblem> problem;
  std::uint64_t lines = 0;

  explicit SegmentRead(const ScanTask& task) {
    problem = notation::read_grid_segment(task.input->path, *task.cut, task.k, &bytes);
    if (!problem) lines = notation::count_line_ends(bytes.text);
  }
};

// Calls `visit(task)` for every task of a scan of `inputs` in input order: each input whole, or
// in segments when it is large (segments_to_read). Converts each input (--encoding) first.
template <class Visit>
void for_each_scan_task(const std::vector<Input>& inputs, const std::vector<std::uint64_t>& sizes,
                        const ScanSettings& settings, Visit&& visit) {
  std::uint64_t before = 0;
  for (std::size_t f = 0; f < inputs.size(); ++f) {
    auto input = std::make_shared<Input>(inputs[f]);
    convert_input(*input);
    const std::uint64_t size = input->utf8_copy ? input->utf8_copy->size() : sizes[f];
    const std::uint64_t after = before + sizes[f];
    auto cut = segments_to_read(*input, size, settings);
    if (cut && cut->segments > 1) {
      auto shared = std::make_shared<const notation::GridCut>(*cut);
      for (std::size_t k = 0; k < cut->segments; ++k) {
        // Progress counts the segment's grid step as read once it is out.
        const std::uint64_t end =
            k + 1 == cut->segments ? cut->size : cut->text_begin + (k + 1) * cut->piece;
        const double share = static_cast<double>(end) / static_cast<double>(cut->size);
        const std::uint64_t done =
            before + (input->utf8_copy ? static_cast<std::uint64_t>(share * sizes[f]) : end);
        visit(ScanTask{input, shared, k, cut->segments, done});
      }
    } else {
      visit(ScanTask{input, nullptr, 0, 1, after});
    }
    before = after;
  }
}

// How many records and items (records, and the report of a file that is unreadable or holds
// no record) one task of a scan holds: what --shard counts before it starts.
struct ScanTaskItems {
  std::uint64_t records = 0, items = 0;
  std::uint64_t lines = 0;  // the line ends of a segment (its successors' first lines follow)
  std::exception_ptr failure;
};

// Reads (without replaying) every task of a scan and counts its items, in task order.
inline std::vector<ScanTaskItems> count_scan_items(const std::vector<Input>& inputs,
                                                   const std::vector<std::uint64_t>& sizes,
                                                   const ScanSettings& settings) {
  auto count = [&settings](const ScanTask& task) {
    ScanTaskItems n;
    notation::RecordReader reader(task.input->display);
    reader.set_max_record_bytes(settings.max_record_bytes);
    reader.set_max_token_bytes(settings.max_token_bytes);
    std::optional<SegmentRead> seg;
    std::optional<notation::FileProblem> problem;
    if (task.cut) {
      seg.emplace(task);
      n.lines = seg->lines;
      problem = seg->problem;
      if (task.input->utf8_copy) reader.set_source_encoding(input_encoding());
      if (!problem) reader.open_segment_text(seg->bytes.text, seg->bytes.segment);
    } else {
      problem = open_input(*task.input, reader);
    }
    if (problem) {
      n.items = 1;
      return n;
    }
    while (reader.next()) ++n.records;
    n.items = n.records + (!task.cut && reader.finish() ? 1 : 0);
    return n;
  };
  std::vector<ScanTaskItems> counts;
  auto keep = [&counts](const ScanTaskItems& n) { counts.push_back(n); };
  const int workers = scan_workers(sizes, settings);
  OrderedPipelineOf<ScanTaskItems> pipeline(workers,
                                            static_cast<std::size_t>(std::max(1, workers)) * 4);
  for_each_scan_task(inputs, sizes, settings, [&](const ScanTask& task) {
    pipeline.push([&count, task] { return count(task); }, keep);
  });
  pipeline.finish(keep);
  return counts;
}

// Reads the tasks of a scan (a whole input, or a segment of one) into batches of items:
// `on_record(record)` for each record, `on_problem(display, problem)` for a file that is
// unreadable or holds no record. A ShardFilter says which items are handed out (--shard).
template <class Item, class OnRecord, class OnProblem>
class ScanTaskReader {
 public:
  using Batch = ScanBatch<Item>;

  ScanTaskReader(const ScanSettings& settings, const OnRecord& on_record,
                 const OnProblem& on_problem)
      : settings_(settings), on_record_(on_record), on_problem_(on_problem) {}

  // A whole input.
  Batch whole(const Input& input, std::uint64_t done, ShardFilter filter) const {
    Batch out;
    out.bytes_done = done;
    whole_each(input, filter, [&out](Item&& item) { out.items.push_back(std::move(item)); });
    return out;
  }

  // A whole input, each item handed to `sink(Item&&)` as soon as it is made: what a scan
  // without workers does, so that it holds one record at a time, not a file's items.
  template <class Sink>
  void whole_each(const Input& input, ShardFilter filter, Sink&& sink) const {
    notation::RecordReader reader(input.display);
    limits(reader);
    if (auto problem = open_input(input, reader)) {
      if (filter.take()) sink(on_problem_(input.display, *problem));
      return;
    }
    while (!filter.past()) {
      auto record = reader.next();
      if (!record) break;
      if (filter.take()) sink(on_record_(*record));
    }
    if (filter.past()) return;
    if (auto problem = reader.finish())
      if (filter.take()) sink(on_problem_(input.display, *problem));
  }

  // Segment k of an input (read at once, SegmentRead). Its lines are counted first, so that it
  // knows its first line from the counts of the earlier segments (`lines`). A Renumbered item
  // is made as each record is read; otherwise the segment's records are all read and held
  // until `numbering` gives the count of the earlier segments' records, to number them.
  Batch segment(const ScanTask& task, SegmentNumbering& lines, SegmentNumbering& numbering) const {
    Batch out;
    out.bytes_done = task.done;
    SegmentRead seg(task);
    // The lines of an earlier segment whose worker is late are counted here again.
    auto lines_of = [&task](std::size_t j) {
      ScanTask earlier = task;
      earlier.k = j;
      return static_cast<std::int64_t>(SegmentRead(earlier).lines);
    };
    seg.bytes.segment.first_line = static_cast<std::uint32_t>(
        1 + lines.publish(task.k, static_cast<std::int64_t>(seg.lines), lines_of));
    notation::RecordReader reader(task.input->display);
    if constexpr (Renumbered<Item>) {
      // Each record examined as soon as it is read (the cache still holds it), numbered
      // within the segment; emitting the batch adds the records of the segments before it.
      out.segment = out.renumber = true;
      out.k = task.k;
      if (seg.problem) {
        out.items.push_back(on_problem_(task.input->display, *seg.problem));
        return out;
      }
      open(*task.input, seg, reader);
      while (auto record = reader.next()) out.items.push_back(on_record_(*record));
      out.records = out.items.size();
      return out;
    }
    std::vector<notation::Record> records;
    if (!seg.problem) {
      open(*task.input, seg, reader);
      while (auto record = reader.next()) records.push_back(std::move(*record));
      seg.bytes.buffer.reset();  // the records hold their text
    }
    const auto before =
        static_cast<int>(numbering.publish(task.k, static_cast<std::int64_t>(records.size())));
    out.items.reserve(records.size() + (seg.problem ? 1 : 0));
    if (seg.problem) out.items.push_back(on_problem_(task.input->display, *seg.problem));
    for (auto& record : records) {
      record.index += before;
      out.items.push_back(on_record_(record));
    }
    return out;
  }

  // A segment under --shard: `before` records and `lines_before` lines of the file come before
  // it (counted first).
  Batch shard_segment(const ScanTask& task, std::uint64_t before, std::uint64_t lines_before,
                      ShardFilter filter) const {
    Batch out;
    out.bytes_done = task.done;
    SegmentRead seg(task);
    seg.bytes.segment.first_line = static_cast<std::uint32_t>(1 + lines_before);
    notation::RecordReader reader(task.input->display);
    if (seg.problem && filter.take())
      out.items.push_back(on_problem_(task.input->display, *seg.problem));
    if (!seg.problem) open(*task.input, seg, reader);
    while (!seg.problem && !filter.past()) {
      auto record = reader.next();
      if (!record) break;
      if (!filter.take()) continue;
      record->index += static_cast<int>(before);
      out.items.push_back(on_record_(*record));
    }
    return out;
  }

 private:
  void limits(notation::RecordReader& reader) const {
    reader.set_max_record_bytes(settings_.max_record_bytes);
    reader.set_max_token_bytes(settings_.max_token_bytes);
  }

  void open(const Input& input, const SegmentRead& seg, notation::RecordReader& reader) const {
    limits(reader);
    if (input.utf8_copy) reader.set_source_encoding(input_encoding());
    reader.open_segment_text(seg.bytes.text, seg.bytes.segment);
  }

  const ScanSettings& settings_;
  const OnRecord& on_record_;
  const OnProblem& on_problem_;
};

// Where --shard's block stands among the tasks of a scan: the items of every task are counted
// first (count_scan_items), so each task knows the number of its first item in the whole run.
class ShardPlan {
 public:
  ShardPlan(std::vector<ScanTaskItems> counts, const Shard& shard) : counts_(std::move(counts)) {
    std::uint64_t total = 0;
    for (const ScanTaskItems& n : counts_) total += n.items;
    begin_ = shard.first(total);
    end_ = shard.end(total);
  }

  // Moves on to the next task (in scan order); returns whether it holds an item of the block.
  // `filter` then picks the block's items out of the task's, and `records_before` and
  // `lines_before` are the numbers of records and lines of its file before it.
  bool next(const ScanTask& task, ShardFilter* filter, std::uint64_t* records_before,
            std::uint64_t* lines_before) {
    if (task.k == 0) records_ = lines_ = 0;
    const ScanTaskItems n = counts_.at(t_++);
    *filter = ShardFilter(first_, begin_, end_);
    *records_before = records_;
    *lines_before = lines_;
    const bool mine = first_ < end_ && first_ + n.items > begin_;
    first_ += n.items;
    records_ += n.records;
    lines_ += n.lines;
    return mine;
  }

 private:
  std::vector<ScanTaskItems> counts_;
  std::uint64_t begin_ = 0, end_ = 0;
  std::uint64_t first_ = 0, records_ = 0, lines_ = 0;
  std::size_t t_ = 0;
};

// Reads every record of `paths` as validate does (files, directories walked for *.rec, "-",
// --encoding, large files cut into segments read at once) and calls `on_record(record)` on a
// worker thread for each record, `on_problem(display, problem)` for a file that is unreadable
// or holds no record, and `emit(item, bytes_done, bytes_total)` on this thread for each item,
// in input order whatever `settings.jobs` is. With --shard, only the items of the shard's block
// are handed out: the other records are read (counted) but not replayed.
template <class Item, class OnRecord, class OnProblem, class Emit>
void scan_records(const std::vector<std::string>& paths, const ScanSettings& settings,
                  const OnRecord& on_record, const OnProblem& on_problem, Emit&& emit) {
  using Batch = ScanBatch<Item>;
  std::vector<Input> inputs = collect_inputs(paths);
  const std::vector<std::uint64_t> sizes = prepare_inputs(inputs);
  std::uint64_t bytes_total = 0;
  for (const std::uint64_t size : sizes) bytes_total += size;
  const ScanTaskReader<Item, OnRecord, OnProblem> read(settings, on_record, on_problem);
  std::uint64_t file_records = 0;  // the records of the segments of a file emitted so far
  auto emit_batch = [&](Batch& batch) {
    if constexpr (Renumbered<Item>) {
      if (batch.segment) {
        if (batch.k == 0) file_records = 0;
        if (batch.renumber && file_records > 0)
          for (Item& item : batch.items) item.renumber(static_cast<int>(file_records));
        file_records += batch.records;
      }
    }
    for (const Item& item : batch.items) emit(item, batch.bytes_done, bytes_total);
  };
  std::optional<ShardPlan> shard;
  if (settings.shard.on()) shard.emplace(count_scan_items(inputs, sizes, settings), settings.shard);
  const int workers = scan_workers(sizes, settings);
  OrderedPipelineOf<Batch> pipeline(workers, static_cast<std::size_t>(std::max(1, workers)) * 4);
  std::shared_ptr<SegmentNumbering> lines, numbering;
  for_each_scan_task(inputs, sizes, settings, [&](const ScanTask& task) {
    ShardFilter filter;
    std::uint64_t before = 0, lines_before = 0;
    if (shard && !shard->next(task, &filter, &before, &lines_before))
      return;  // none of the block's items
    if (!task.cut && workers == 0) {
      read.whole_each(*task.input, filter,
                      [&](const Item& item) { emit(item, task.done, bytes_total); });
    } else if (!task.cut) {
      pipeline.push([&read, task, filter] { return read.whole(*task.input, task.done, filter); },
                    emit_batch);
    } else if (shard) {
      pipeline.push([&read, task, before, lines_before,
                     filter] { return read.shard_segment(task, before, lines_before, filter); },
                    emit_batch);
    } else {
      if (task.k == 0) {
        lines = std::make_shared<SegmentNumbering>(task.segments);
        numbering = std::make_shared<SegmentNumbering>(task.segments);
      }
      pipeline.push([&read, task, l = lines, n = numbering] { return read.segment(task, *l, *n); },
                    emit_batch);
    }
  });
  pipeline.finish(emit_batch);
}

}  // namespace scribe::app
