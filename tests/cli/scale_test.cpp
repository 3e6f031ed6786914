// Archives at scale: a large file is read in segments by several workers, and the result is the
// same as one serial reading; memory stays bounded however large the archive is.
#include <gtest/gtest.h>
#include <sched.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <regex>
#include <set>
#include <stdexcept>
#include <thread>

#include "app/catalog.hpp"
#include "app/commands/pipeline.hpp"
#include "tests/support/support.hpp"

namespace scribe {
namespace {

namespace fs = std::filesystem;
using test::run_scribe;
using test::TempDir;

// Whether `text` is valid UTF-8 with no NUL byte (files that are not make their whole file
// unreadable, which a concatenation must not inherit).
bool readable_text(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == 0) return false;
    std::size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (len == 0 || i + len > text.size()) return false;
    for (std::size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
    i += len;
  }
  return true;
}

// Every readable corpus record file (valid and invalid, every game and the container's) in
// sorted order, each followed by a blank line.
std::string corpus_text() {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(SCRIBE_SOURCE_DIR) / "corpus"))
    if (e.is_regular_file() && e.path().extension() == ".rec" &&
        e.path().parent_path().filename() != "golden")
      files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::string out;
  for (const auto& f : files) {
    const std::string text = test::read_file(f.string());
    if (!readable_text(text)) continue;
    out += text;
    out += "\n\n";
  }
  return out;
}

// A file of more than 4 MiB (so validate reads it in segments) made of every corpus record,
// damaged ones, comments, CRLF and lone-CR files included, gives exactly the reports of reading
// it whole (--segment-bytes 0), for every --jobs and segment size, and from standard input.
TEST(CliScale, SegmentedFileMatchesTheWholeReading) {
  TempDir dir;
  const std::string once = corpus_text();
  ASSERT_GT(once.size(), 10000u);
  std::string text;
  while (text.size() < (std::size_t{5} << 20)) text += once;
  const std::string archive = (dir.path() / "all.rec").string();
  test::write_file(archive, text);

  const auto whole = run_scribe({"validate", "--jobs", "2", "--segment-bytes", "0", archive});
  // One job reads a file whole by default: --segment-bytes makes it read in segments.
  const auto one = run_scribe({"validate", "--jobs", "1", "--segment-bytes", "262144", archive});
  const auto two = run_scribe({"validate", "--jobs", "2", archive});
  const auto small = run_scribe({"validate", "--jobs", "3", "--segment-bytes", "4096", archive});
  const auto piped = run_scribe({"validate", "--jobs", "2", "-"}, text);
  EXPECT_EQ(whole.exit_code, 1);
  EXPECT_FALSE(whole.err.empty());
  EXPECT_TRUE(one.err == whole.err) << "--jobs 1 in segments differs from the whole reading";
  EXPECT_TRUE(two.err == whole.err) << "--jobs 2 in segments differs from the whole reading";
  EXPECT_TRUE(small.err == whole.err) << "4 KiB segments differ from the whole reading";
  // Standard input reports the same records under the name "-".
  std::string renamed;
  for (const auto& line : test::lines_of(piped.err)) {
    if (line.rfind("-:", 0) == 0 || line.rfind("- ", 0) == 0) renamed += archive + line.substr(1);
    else renamed += line;
    renamed += '\n';
  }
  EXPECT_TRUE(renamed == whole.err) << "standard input differs from the file";
  // The summaries agree except for the time.
  const std::regex time(" in [0-9.]+ s");
  EXPECT_EQ(std::regex_replace(one.out, time, ""), std::regex_replace(whole.out, time, ""));
  EXPECT_EQ(std::regex_replace(piped.out, time, ""), std::regex_replace(whole.out, time, ""));

  const auto json1 = run_scribe({"validate", "--json", "--stats", "--jobs", "1", archive});
  const auto json2 = run_scribe(
      {"validate", "--json", "--stats", "--jobs", "2", "--segment-bytes", "0", archive});
  EXPECT_FALSE(json1.out.empty());
  EXPECT_EQ(json1.out, json2.out);
}

// Peak memory does not grow with the archive: an archive far larger than the 64 MiB bound
// validates within it. (Sanitizer builds keep freed memory in quarantine, so there only the
// reports are checked, on a smaller archive.)
TEST(CliScale, MemoryIsBoundedByTheLargestRecordNotTheArchive) {
  if (app::find_entry("druid") == nullptr) GTEST_SKIP() << "druid is not in this build";
#if defined(__SANITIZE_ADDRESS__)
  constexpr std::size_t kArchiveBytes = std::size_t{12} << 20;
  constexpr bool kCheckMemory = false;
#else
  constexpr std::size_t kArchiveBytes = std::size_t{96} << 20;
  constexpr bool kCheckMemory = true;
#endif
  TempDir dir;
  const std::string sample = (dir.path() / "sample.rec").string();
  const auto gen = run_scribe({"generate", "--game", "druid", "--options", "-size=6", "--count",
                               "200", "--seed", "11", "--out", sample});
  ASSERT_EQ(gen.exit_code, 0) << gen.err;
  const std::string records = test::read_file(sample) + "\n";
  const std::string archive = (dir.path() / "big.rec").string();
  std::size_t copies = 0;
  {
    std::ofstream out(archive, std::ios::binary);
    for (std::size_t size = 0; size < kArchiveBytes; size += records.size(), ++copies)
      out << records;
  }
  ASSERT_GE(fs::file_size(archive), kArchiveBytes);
  const auto run = run_scribe({"validate", "--jobs", "2", archive});
  EXPECT_EQ(run.exit_code, 0) << run.err.substr(0, 2000);
  EXPECT_EQ(run.out.rfind(std::to_string(copies * 200) + " records: " +
                              std::to_string(copies * 200) + " valid",
                          0),
            0u)
      << run.out;
  // Standard input is copied to a temporary file and read like one: bounded too.
  const auto piped = test::run_scribe_from_file({"validate", "--jobs", "2", "-"}, archive);
  EXPECT_EQ(piped.exit_code, 0) << piped.err.substr(0, 2000);
  EXPECT_EQ(piped.out.substr(0, piped.out.find(" in ")), run.out.substr(0, run.out.find(" in ")));
  if (kCheckMemory) {
    EXPECT_LE(run.peak_rss_kib, 64 * 1024)
        << "validating a " << (kArchiveBytes >> 20) << " MiB archive took " << run.peak_rss_kib
        << " KiB";
    EXPECT_LE(piped.peak_rss_kib, 64 * 1024)
        << "validating a " << (kArchiveBytes >> 20) << " MiB archive from standard input took "
        << piped.peak_rss_kib << " KiB";
  }
}

// By default a file is cut for the workers into about 16 segments per job, of 16 KiB to
// 64 KiB, so a small file gains from --jobs too; one job reads it whole, and --segment-bytes
// keeps its own rule (a file of 16 segments or more).
// What one task of the pipeline tests made, and on which thread.
struct TaskOut {
  int value = 0;
  std::thread::id thread;
  std::exception_ptr failure;
};

// The pipeline hands results back in the order they were pushed, whatever order they finish
// in, and the calling thread is one of its workers: `workers` - 1 threads of its own, so that
// two jobs run two threads on two cores (not a third that wakes to emit each result).
TEST(CliScale, OrderedPipelineKeepsOrderAndWorksOnTheCallingThread) {
  for (int workers : {1, 2, 3}) {
    std::vector<int> seen;
    std::set<std::thread::id> threads;
    auto keep = [&](const TaskOut& out) {
      seen.push_back(out.value);
      threads.insert(out.thread);
    };
    {
      app::OrderedPipelineOf<TaskOut> pipeline(workers, static_cast<std::size_t>(workers) * 4);
      for (int i = 0; i < 200; ++i)
        pipeline.push(
            [i] {
              // Tasks of different lengths, so that they finish out of order.
              std::this_thread::sleep_for(std::chrono::microseconds((i % 7) * 40));
              return TaskOut{i, std::this_thread::get_id(), nullptr};
            },
            keep);
      pipeline.finish(keep);
    }
    ASSERT_EQ(seen.size(), 200u) << workers;
    for (int i = 0; i < 200; ++i) ASSERT_EQ(seen[static_cast<std::size_t>(i)], i) << workers;
    threads.erase(std::this_thread::get_id());
    EXPECT_LE(threads.size(), static_cast<std::size_t>(workers - 1)) << workers;
  }
}

// A task's exception comes out where its result would be emitted, after every earlier result,
// also when the calling thread ran the task.
TEST(CliScale, OrderedPipelineRethrowsATaskFailureInOrder) {
  for (int workers : {1, 2, 3}) {
    std::vector<int> seen;
    auto keep = [&](const TaskOut& out) { seen.push_back(out.value); };
    app::OrderedPipelineOf<TaskOut> pipeline(workers, 8);
    EXPECT_THROW(
        {
          for (int i = 0; i < 100; ++i)
            pipeline.push(
                [i] {
                  if (i == 50) throw std::runtime_error("task 50");
                  return TaskOut{i, std::this_thread::get_id(), nullptr};
                },
                keep);
          pipeline.finish(keep);
        },
        std::runtime_error)
        << workers;
    ASSERT_EQ(seen.size(), 50u) << workers;
    for (int i = 0; i < 50; ++i) EXPECT_EQ(seen[static_cast<std::size_t>(i)], i);
  }
}

// A segment whose earlier segments' workers are late (held up by the host) counts their lines
// itself instead of waiting for them: here segment 0's worker says nothing until segment 2 has
// its first line, which would wait for ever with publish() alone; each late count is asked for
// once, and a worker saying its count after the fact changes nothing.
TEST(CliScale, SegmentNumberingCountsForALateWorker) {
  app::SegmentNumbering lines(4);
  std::vector<std::size_t> asked;
  auto count = [&asked](std::size_t j) {
    asked.push_back(j);
    return static_cast<std::int64_t>(10 + j);  // segment j holds 10 + j lines
  };
  auto second = std::async(std::launch::async, [&] { return lines.publish(2, 12, count); });
  const bool in_time = second.wait_for(std::chrono::seconds(20)) == std::future_status::ready;
  EXPECT_TRUE(in_time) << "segment 2 waited for the late segments 0 and 1";
  // The late workers say their counts (releasing segment 2 if it did wait).
  EXPECT_EQ(lines.publish(0, 10), 0);
  EXPECT_EQ(lines.publish(1, 11), 10);
  EXPECT_EQ(second.get(), 10 + 11);
  if (in_time) {
    EXPECT_EQ(asked, (std::vector<std::size_t>{0, 1}));
  }
  EXPECT_EQ(lines.publish(3, 13, count), 10 + 11 + 12);
  EXPECT_EQ(asked.size(), 2u);
}

// A thread of a ThreadGroup starts on another CPU than its starter's (ThreadGroup::start), but
// is not left there: once it runs, it may run on every CPU its starter may.
TEST(CliScale, GroupThreadsMayRunOnEveryCpuOfTheirStarter) {
  cpu_set_t mine;
  ASSERT_EQ(::sched_getaffinity(0, sizeof(cpu_set_t), &mine), 0);
  constexpr std::size_t kThreads = 3;
  std::vector<cpu_set_t> seen(kThreads);
  std::vector<int> got(kThreads, -1);
  {
    app::ThreadGroup threads;
    for (std::size_t i = 0; i < kThreads; ++i)
      threads.start([&, i] { got[i] = ::sched_getaffinity(0, sizeof(cpu_set_t), &seen[i]); });
    threads.join();
  }
  for (std::size_t i = 0; i < kThreads; ++i) {
    ASSERT_EQ(got[i], 0) << i;
    EXPECT_TRUE(CPU_EQUAL(&seen[i], &mine)) << "thread " << i << " may run on "
                                             << CPU_COUNT(&seen[i]) << " CPUs, its starter on "
                                             << CPU_COUNT(&mine);
  }
}

TEST(CliScale, SegmentSizeSuitsTheFileAndTheJobs) {
  app::ScanSettings two;
  two.jobs = 2;
  EXPECT_EQ(app::segment_size(1'000'000, two), 1'000'000u / 32);
  EXPECT_EQ(app::segment_size(3'000'000, two), 64u << 10);
  EXPECT_EQ(app::segment_size(100'000, two), 16u << 10);
  EXPECT_EQ(app::segment_size(30'000, two), 0u);  // less than two segments of 16 KiB
  EXPECT_EQ(app::segment_size(1u << 30, two), 64u << 10);
  app::ScanSettings one;
  EXPECT_EQ(app::segment_size(3'000'000, one), 0u);
  app::ScanSettings given = two;
  given.segment_bytes = 4096;
  EXPECT_EQ(app::segment_size(16 * 4096, given), 4096u);
  EXPECT_EQ(app::segment_size(16 * 4096 - 1, given), 0u);
  given.segment_bytes = 0;
  EXPECT_EQ(app::segment_size(3'000'000, given), 0u);
}

// A small file (well under 1 MiB) read by 2 or 3 workers in the default segments, or in tiny
// ones, gives exactly the output of reading it whole with one job: with records that straddle
// the places where it may be cut (comments over several lines with braces, blank lines and tag
// lines inside), a byte order mark, CRLF line endings, and bytes that are not UTF-8, read as
// they are and with --encoding latin1.
TEST(CliScale, SmallFileCutForTheJobsMatchesTheWholeReading) {
  TempDir dir;
  const std::string once = corpus_text();
  std::string base;
  while (base.size() < (std::size_t{120} << 10)) base += once;
  // A record whose comment holds a blank line and a tag line, and one with a `}` of its own.
  base += "[Game \"druid\"]\n\n1. a1 { a comment\n\n[Event \"inside\"]\nstill } 2. b2\n\n";
  base += "[Game \"sava\"]\n{ open\n\n} }\n\n";
  std::string crlf;
  for (const char c : base) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  std::string latin = base;  // \xE9 (é in Latin-1) in comments: not UTF-8
  for (std::size_t at = 0; (at = latin.find("\n{", at)) != std::string::npos; at += 3)
    latin.insert(at + 2, "caf\xE9 ");
  struct Case {
    std::string name, text;
    std::vector<std::string> options;
  };
  const std::vector<Case> cases = {{"lf", base, {}},
                                   {"bom", "\xEF\xBB\xBF" + base, {}},
                                   {"crlf", crlf, {}},
                                   {"latin", latin, {}},
                                   {"latin-converted", latin, {"--encoding", "latin1"}}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    ASSERT_LT(c.text.size(), std::size_t{1} << 20);
    ASSERT_GT(c.text.size(), std::size_t{100} << 10);  // so that 2 jobs cut it
    const std::string file = (dir.path() / (c.name + ".rec")).string();
    test::write_file(file, c.text);
    auto run = [&](std::vector<std::string> args) {
      args.insert(args.begin(), "validate");
      args.insert(args.end(), c.options.begin(), c.options.end());
      args.push_back(file);
      return run_scribe(args);
    };
    const auto whole = run({"--jobs", "1"});
    const auto whole_json = run({"--json", "--jobs", "1"});
    EXPECT_EQ(whole.exit_code, 1);
    for (const std::vector<std::string>& jobs :
         {std::vector<std::string>{"--jobs", "2"}, {"--jobs", "3"},
          {"--jobs", "2", "--segment-bytes", "1000"}}) {
      SCOPED_TRACE(jobs[1] + (jobs.size() > 2 ? " " + jobs[3] : ""));
      auto args = jobs;
      const auto human = run(args);
      EXPECT_TRUE(human.err == whole.err) << "the diagnostics differ";
      args.insert(args.begin(), "--json");
      EXPECT_TRUE(run(args).out == whole_json.out) << "the JSON reports differ";
    }
    // The workers number a segment's records from 1 and the index is moved when the reports
    // are emitted: in coloured reports too.
    const auto coloured = run({"--jobs", "1", "--color", "always"});
    EXPECT_NE(coloured.err.find("\x1b["), std::string::npos);
    EXPECT_TRUE(run({"--jobs", "2", "--color", "always"}).err == coloured.err)
        << "the coloured diagnostics differ";
  }
}

}  // namespace
}  // namespace scribe
