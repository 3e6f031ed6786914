// The extension module scribe._scribe: validate's JSON lines, generate, the list of games, and
// the module itself (the package scribe/__init__.py wraps it).
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
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

// What `scribe validate --json` prints for `paths`, one JSON line per item in input order and
// the summary line last; made by validate's own code (check_record, file_report, Summary).
std::vector<py::bytes> validate_lines(const std::vector<std::string>& paths, int jobs,
                                      bool lenient, const std::string& game,
                                      const std::string& options) {
  app::ValidateSettings settings;
  settings.replay = app::replay_options(game, options, lenient);
  settings.json = true;
  settings.jobs = app::checked_job_count(jobs);
  std::vector<std::string> lines;
  {
    py::gil_scoped_release release;
    app::ScanSettings scan;
    scan.jobs = settings.jobs;
    scan.max_record_bytes = settings.max_record_bytes;
    scan.max_token_bytes = settings.max_token_bytes;
    scan.segment_bytes = settings.segment_bytes;
    app::Summary summary;
    auto emit = [&](const app::RecordReport& r, std::uint64_t, std::uint64_t) {
      summary.add(r, false);
      lines.push_back(r.json);
    };
    app::scan_records<app::RecordReport>(
        paths, scan, [&settings](const notation::Record& r) { return check_record(r, settings); },
        [&settings](const std::string& display, const notation::FileProblem& problem) {
          return file_report(display, problem, settings);
        },
        emit);
    lines.push_back(summary.json(false));
  }
  std::vector<py::bytes> out;
  out.reserve(lines.size());
  for (const auto& line : lines) out.emplace_back(line);
  return out;
}

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
  m.def("_validate_lines", &python::validate_lines, py::arg("paths"), py::arg("jobs") = 0,
        py::arg("lenient") = false, py::arg("game") = "", py::arg("options") = "",
        "The lines of scribe validate --json for `paths`, as bytes, the summary last.");
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
