// The extension module scribe._scribe: validate's JSON lines as a stream, generate, the list of
// games, and the module itself (the package scribe/__init__.py wraps it).
#include <pybind11/stl.h>

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/commands/common.hpp"
#include "app/commands/options.hpp"
#include "app/commands/pipeline.hpp"
#include "app/commands/report.hpp"
#include "engine/core/generate.hpp"
#include "python/binding.hpp"

namespace scribe::python {

namespace py = pybind11;

namespace {

// What `scribe validate --json` prints for some paths, one JSON line per item in input order and
// the summary line last, made by validate's own code (check_record, file_report, Summary) on a
// thread of its own and handed out one line at a time (at most kWindow lines wait), so a large
// archive never sits in memory whole. Dropping the stream early stops the run.
class ValidateStream {
 public:
  static constexpr std::size_t kWindow = 1024;

  // Checks the settings (ValueError for bad ones) and starts the run.
  ValidateStream(std::vector<std::string> paths, int jobs, bool lenient, const std::string& game,
                 const std::string& options) {
    settings_.replay = app::replay_options(game, options, lenient);
    settings_.json = true;
    settings_.jobs = app::checked_job_count(jobs);
    thread_ = std::thread([this, paths = std::move(paths)] { run(paths); });
  }
  ~ValidateStream() {
    {
      std::lock_guard lock(mutex_);
      cancelled_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }
  ValidateStream(const ValidateStream&) = delete;
  ValidateStream& operator=(const ValidateStream&) = delete;

  // The next line as bytes; StopIteration at the end; what the run threw, if it failed.
  py::bytes next() {
    std::optional<std::string> line;
    {
      py::gil_scoped_release release;
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [this] { return !lines_.empty() || finished_; });
      if (!lines_.empty()) {
        line = std::move(lines_.front());
        lines_.pop_front();
      }
    }
    changed_.notify_all();
    if (line) return py::bytes(*line);
    if (failure_) std::rethrow_exception(failure_);
    throw py::stop_iteration();
  }

 private:
  // Thrown by push() to leave scan_records when the stream was dropped.
  struct Cancelled {};

  void push(std::string line) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return lines_.size() < kWindow || cancelled_; });
    if (cancelled_) throw Cancelled{};
    lines_.push_back(std::move(line));
    lock.unlock();
    changed_.notify_all();
  }

  void run(const std::vector<std::string>& paths) {
    try {
      app::ScanSettings scan;
      scan.jobs = settings_.jobs;
      scan.max_record_bytes = settings_.max_record_bytes;
      scan.max_token_bytes = settings_.max_token_bytes;
      scan.segment_bytes = settings_.segment_bytes;
      app::Summary summary;
      auto emit = [&](const app::RecordReport& r, std::uint64_t, std::uint64_t) {
        summary.add(r, false);
        push(r.json);
      };
      const app::ValidateSettings& settings = settings_;
      app::scan_records<app::RecordReport>(
          paths, scan, [&settings](const notation::Record& r) { return check_record(r, settings); },
          [&settings](const std::string& display, const notation::FileProblem& problem) {
            return file_report(display, problem, settings);
          },
          emit);
      push(summary.json(false));
    } catch (const Cancelled&) {
    } catch (...) {
      std::lock_guard lock(mutex_);
      failure_ = std::current_exception();
    }
    {
      std::lock_guard lock(mutex_);
      finished_ = true;
    }
    changed_.notify_all();
  }

  app::ValidateSettings settings_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::string> lines_;
  bool finished_ = false, cancelled_ = false;
  std::exception_ptr failure_;
  std::thread thread_;
};

// The records `scribe generate --game GAME --options OPTIONS --count COUNT --seed SEED` writes,
// one text each; record i is played with the generator the command seeds for it.
std::vector<std::string> generate(const std::string& game, const std::string& options, long count,
                                  std::uint64_t seed) {
  if (count < 0) throw py::value_error("count must be 0 or more");
  const app::CatalogEntry& entry = app::game_entry(game, "game");
  const std::unique_ptr<engine::Variant> variant =
      app::usable_variant(entry, game, options, engine::Mode::kStrict);
  const std::string name = entry.game->info().name;
  std::vector<std::string> texts;
  py::gil_scoped_release release;
  for (long i = 0; i < count; ++i) {
    engine::Random rng(seed ^ (0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(i + 1)));
    const engine::GeneratedGame g = engine::play_random_game(*variant, rng);
    texts.push_back(
        engine::format_generated_record(name, *variant, g, seed, static_cast<int>(count)));
  }
  return texts;
}

}  // namespace

}  // namespace scribe::python

PYBIND11_MODULE(_scribe, m) {
  namespace py = pybind11;
  using namespace scribe;
  m.doc() = "scribe's C++ core; import the package scribe instead.";
  // A usage error of the command line (a bad game name, bad options) is a ValueError here.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const app::UsageError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
  python::add_records(m);
  python::add_games(m);
  py::class_<python::ValidateStream>(m, "_ValidateStream",
                                     "The lines of scribe validate --json, as bytes.")
      .def(py::init<std::vector<std::string>, int, bool, const std::string&, const std::string&>(),
           py::arg("paths"), py::arg("jobs") = 0, py::arg("lenient") = false, py::arg("game") = "",
           py::arg("options") = "")
      .def("__iter__", [](python::ValidateStream& s) -> python::ValidateStream& { return s; })
      .def("__next__", &python::ValidateStream::next);
  m.def("generate", &python::generate, py::arg("game"), py::arg("options") = "",
        py::arg("count") = 1, py::arg("seed") = 0,
        "Returns the texts of `count` random legal records, as scribe generate writes them for "
        "the same game, options, count and seed.");
  m.def(
      "input_files",
      [](const std::vector<std::string>& paths) {
        std::vector<std::string> files;
        for (const auto& input : app::collect_inputs(paths)) files.push_back(input.display);
        return files;
      },
      py::arg("paths"),
      "The files scribe validate reads for `paths`, in its order: files as given, folders walked "
      "for *.rec files in byte-wise order of their paths. ValueError for a folder with none.");
  m.def(
      "games",
      [] {
        std::vector<std::string> names;
        for (const auto& e : app::catalog()) names.push_back(e.game->info().name);
        return names;
      },
      "The names of the games of this build.");
}
