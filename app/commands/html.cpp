// scribe html: one self-contained replay page per record (app/html/page.hpp), written under
// --out DIR at the place page_file_name() gives it.
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <set>

#include "app/catalog.hpp"
#include "app/commands/archive.hpp"
#include "app/commands/archive_out.hpp"
#include "app/commands/commands.hpp"
#include "app/commands/report.hpp"
#include "app/html/page.hpp"

namespace scribe::app {

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

// The pages of a run: each written whole by the worker that built it, under a temporary name
// beside its place (so that a large archive's pages are never all held in memory), and all
// renamed into place at the end. Destroyed before that, it removes every temporary file, so a
// failed run leaves no page, whole or half.
class PageFiles {
 public:
  PageFiles() = default;
  PageFiles(const PageFiles&) = delete;
  PageFiles& operator=(const PageFiles&) = delete;
  ~PageFiles() {
    for (const fs::path& t : temps_) ::unlink(t.c_str());
  }

  // Writes `page` under a temporary name beside `path` (its folder made when missing) and
  // returns that name. Safe to call from several threads.
  fs::path write(const fs::path& path, std::string_view page) {
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    if (!fs::is_directory(path.parent_path(), ec))
      throw WriteError(path.parent_path().string() + ": cannot make the folder");
    const fs::path tmp =
        path.parent_path() / ("." + path.filename().string() + ".tmp" + std::to_string(::getpid()) +
                              "-" + std::to_string(seq_.fetch_add(1)));
    {
      std::lock_guard lock(mutex_);
      temps_.insert(tmp);
    }
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    if (f == nullptr) throw WriteError(path.string() + ": " + std::strerror(errno));
    const bool wrote = std::fwrite(page.data(), 1, page.size(), f) == page.size();
    const int err = errno;
    if (std::fclose(f) != 0 || !wrote)
      throw WriteError(path.string() + ": " + std::strerror(wrote ? errno : err));
    return tmp;
  }

  // Renames the temporary file `tmp` to `path`.
  void commit(const fs::path& tmp, const fs::path& path) {
    if (::rename(tmp.c_str(), path.c_str()) != 0)
      throw WriteError(path.string() + ": " + std::strerror(errno));
    std::lock_guard lock(mutex_);
    temps_.erase(tmp);
  }

 private:
  std::mutex mutex_;
  std::set<fs::path> temps_;  // written and not yet renamed
  std::atomic<std::uint64_t> seq_{0};
};

// How html runs.
struct HtmlRun : ReadingRun {
  html::PageOptions page;
  bool force = false;
  fs::path out;
  PageFiles* files = nullptr;
};

// What one record (or file problem) gives html, in input order.
struct HtmlItem {
  bool problem = false, unreadable = false, invalid = false;
  std::string file;
  int index = 0;
  std::uint32_t line = 0;
  int plies = 0;
  std::string name;    // the page's file name under --out
  fs::path tmp;        // where the page is written until the run is done
  std::string report;  // a file problem's report
};

// Replays one record and builds its page.
HtmlItem html_item(const notation::Record& record, const HtmlRun& run) {
  HtmlItem item;
  item.file = record.file;
  item.index = record.index;
  item.line = record.line;
  engine::ReplayOptions ro = run.replay;
  ro.keep_positions = true;
  const engine::ReplayResult rr = engine::replay(catalog_games(), record, ro);
  item.invalid = !rr.valid();
  item.plies = rr.plies;
  item.name = html::page_file_name(record.file, record.index);
  item.tmp = run.files->write(run.out / item.name, html::page_html(record, rr, run.page));
  return item;
}

// Notes the page of `item` (a usage error when another record has its name).
void place_page(const HtmlItem& item, std::set<std::string>& names,
                std::vector<std::pair<fs::path, std::string>>& placed) {
  if (!names.insert(item.name).second)
    throw UsageError(location_text(item.file, item.line, item.index) + ": its page " + item.name +
                     " is already the page of another record (is a file named twice?); "
                     "nothing was written");
  placed.emplace_back(item.tmp, item.name);
}

// The closing summary (human or JSON).
void print_summary(const HtmlRun& run, const Summary& totals, std::size_t written) {
  if (run.json) {
    std::string o;
    JsonWriter w(o);
    w.begin_object().key("summary").begin_object().key("records").value(totals.records);
    w.key("invalid").value(totals.invalid).key("unreadable").value(totals.unreadable);
    w.key("pages").value(static_cast<long>(written)).end_object().end_object().newline();
    std::fwrite(o.data(), 1, o.size(), stdout);
  } else if (!run.quiet) {
    std::string l = std::to_string(totals.records) +
                    " records read: " + std::to_string(totals.invalid) +
                    " invalid (their pages stop where replay stopped)" + totals.unreadable_note() +
                    "; " + std::to_string(written) + (written == 1 ? " page" : " pages") +
                    " written to " + run.out.string() + "\n";
    std::fwrite(l.data(), 1, l.size(), stderr);
  }
}

// Reads every record of `paths` and writes its page; returns the exit status.
int run_html(const std::vector<std::string>& paths, HtmlRun run) {
  const auto start = std::chrono::steady_clock::now();
  ValidateSettings problem_settings;
  problem_settings.json = run.json;
  problem_settings.colour = run.colour;
  PageFiles files;
  run.files = &files;
  std::set<std::string> names;
  std::vector<std::pair<fs::path, std::string>> placed;  // temporary file, page name
  Summary totals;
  Progress progress(run.progress);
  auto on_problem = [&](const std::string& display, const notation::FileProblem& problem) {
    return file_problem_item<HtmlItem>(display, problem, problem_settings);
  };
  auto emit = [&](const HtmlItem& item, std::uint64_t done, std::uint64_t total) {
    totals.count_item(item);
    if (item.problem) {
      std::fwrite(item.report.data(), 1, item.report.size(), run.json ? stdout : stderr);
    } else {
      place_page(item, names, placed);
      std::string l;
      if (run.json) {
        JsonWriter w(l);
        w.begin_object().key("file").value(item.file).key("index").value(item.index);
        w.key("line").value(item.line).key("status").value(item.invalid ? "invalid" : "valid");
        w.key("plies").value(item.plies).key("page").value(item.name).end_object().newline();
      } else if (item.invalid && !run.quiet) {
        l = location_text(item.file, item.line, item.index) +
            ": invalid (see scribe validate); its page " + item.name +
            " shows the diagnostics and stops where replay stopped\n";
      }
      std::fwrite(l.data(), 1, l.size(), run.json ? stdout : stderr);
    }
    progress.update(totals, start, done, total);
  };
  scan_records<HtmlItem>(
      paths, run.scan, [&run](const notation::Record& r) { return html_item(r, run); }, on_problem,
      emit);
  progress.clear();
  if (!run.force)
    for (const auto& [tmp, name] : placed) {
      std::error_code ec;
      if (fs::exists(run.out / name, ec))
        throw UsageError((run.out / name).string() +
                         " already exists (use --force to overwrite it); nothing was written");
    }
  for (const auto& [tmp, name] : placed) files.commit(tmp, run.out / name);
  const std::size_t written = placed.size();
  print_summary(run, totals, written);
  std::fflush(stdout);
  if (totals.unreadable > 0) return kExitUsage;
  return totals.invalid > 0 ? kExitInvalid : kExitOk;
}

}  // namespace

int command_html(const std::vector<std::string>& args) {
  ArchiveOptions ao;
  HtmlRun run;
  std::vector<std::string> paths;
  po::options_description desc(
      "scribe html PATH... --out DIR [options]\n\n"
      "Writes one self-contained replay page per record under DIR: the board drawn at every\n"
      "ply, the moves with their dice and comments, the tags, and buttons and keys (Left,\n"
      "Right, Home, End) to step through the game; DIR/PAGE.html#ply=N opens at ply N. The\n"
      "page of an invalid record shows its diagnostics and stops where replay stopped. A page\n"
      "needs nothing outside itself (it works offline, from file://).\n"
      "A record's page keeps its file's path: games/a.rec gives DIR/games/a-1.html,\n"
      "DIR/games/a-2.html, ... (standard input: DIR/stdin-1.html).\n"
      "PATH is a file, a directory (walked for *.rec files) or - for standard input.\n"
      "Exit status: 0 done, 1 some record invalid, 2 usage error, unreadable input or a\n"
      "file that cannot be written.\n\n"
      "Examples:\n"
      "  scribe html game.rec --out pages/\n"
      "  scribe html archive/ --out pages/ --theme dark --size 560\n\nOptions");
  ao.add_to(desc, "the folder for the pages (made when missing); required");
  desc.add_options()("theme", po::value<std::string>(&run.page.theme),
                     "the board's colours: light (default), dark or print")(
      "size", po::value<int>(&run.page.size), "the board's longer side in pixels (default 480)");
  po::options_description hidden;
  hidden.add_options()("path", po::value<std::vector<std::string>>(&paths));
  po::positional_options_description pos;
  pos.add("path", -1);
  if (!parse_command_line(args, desc, hidden, pos)) return kExitOk;
  if (paths.empty()) throw UsageError("at least one PATH is required (see scribe html --help)");
  if (ao.out.empty()) throw UsageError("--out DIR is required: the folder for the pages");
  if (!render::known_theme(run.page.theme))
    throw UsageError("--theme must be light, dark or print, not '" + run.page.theme + "'" +
                     did_you_mean(run.page.theme, {"light", "dark", "print"}));
  if (run.page.size < 64 || run.page.size > 4096)
    throw UsageError("--size must be from 64 to 4096 pixels");
  static_cast<ReadingRun&>(run) = ao.reading_run();
  run.force = ao.force;
  run.out = ao.out;
  make_out_folder(run.out);
  return run_html(paths, run);
}

}  // namespace scribe::app
