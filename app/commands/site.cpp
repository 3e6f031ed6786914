// scribe site PATH... --out DIR: an archive site - index.html (every record in a table that
// sorts and filters, the summaries and charts of scribe stats, the invalid records linking to
// their failing plies) and one replay page per record (app/html/page.hpp). A manifest in DIR
// (app/site/site.hpp) makes a rebuild rewrite only the files whose inputs changed.
#include "app/site/site.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>

#include "app/commands/archive.hpp"
#include "app/commands/archive_out.hpp"
#include "app/commands/commands.hpp"
#include "app/commands/report.hpp"
#include "app/html/page.hpp"
#include "render/charts/chart.hpp"
#include "scribe/version.hpp"

namespace scribe::app {

namespace po = boost::program_options;
namespace fs = std::filesystem;
using site::FileAction;

namespace {

// The folder of the record pages inside the site folder.
constexpr std::string_view kPagesDir = "games/";

// How site runs.
struct SiteRun : ReadingRun {
  fs::path out;
  std::string title = "Game archive";
  std::string reading;  // the reading options, as they change every page (hashed with it)
  std::optional<site::Manifest> old;
  bool force = false;
};

// What one record (or file problem) gives the site.
struct SiteItem {
  bool problem = false, unreadable = false, invalid = false;
  int plies = 0;
  std::string report;  // a file problem's report (human or JSON)
  std::string file;    // a file problem's file
  std::string problem_message;
  StatsItem stats;
  site::IndexRow row;
  std::string hash;  // of the page's inputs
  FileAction action = FileAction::kUnchanged;
};

// The first line of a problem's report, without "FILE: " noise: its first diagnostic.
std::string first_line(const std::string& text) {
  const std::size_t end = text.find('\n');
  return text.substr(0, end);
}

// The players of a record: its Player1..Player4 tags in seat order, " - " between them.
std::string players_of(const notation::Record& record) {
  std::string o;
  for (const std::string& name : record.players())
    if (!name.empty()) o += (o.empty() ? "" : " \xE2\x80\x93 ") + name;
  return o;
}

// The index row of a replayed record whose page is `page`.
site::IndexRow row_of(const notation::Record& record, const engine::ReplayResult& rr,
                      const StatsItem& stats, const std::string& page) {
  site::IndexRow row;
  row.game = stats.game;
  row.variant = stats.options;
  row.players = players_of(record);
  if (const auto* date = record.find_tag("Date")) row.date = date->value;
  row.result = rr.result;
  row.plies = rr.plies;
  row.status = rr.valid() ? "valid" : "invalid";
  row.warnings = rr.warnings;
  row.page = page;
  row.label = record.file + " #" + std::to_string(record.index);
  for (const auto& d : rr.diagnostics) {
    if (d.severity != notation::Severity::kError) continue;
    row.error = std::to_string(d.span.line) + ":" + std::to_string(d.span.col) + ": " + d.code +
                ": " + d.message;
    row.error_ply = d.ply ? std::min(*d.ply, rr.plies) : rr.plies;
    break;
  }
  return row;
}

// Builds the site's part of one record, on a worker thread: hashes the page's inputs, replays
// the record (keeping its positions only when the page must be drawn) and writes the page when
// it changed.
SiteItem build_record(const notation::Record& record, const SiteRun& run) {
  SiteItem item;
  const std::string page = std::string(kPagesDir) + html::page_file_name(record.file, record.index);
  if (!site::safe_site_path(page)) throw WriteError(page + ": not a name a site page can have");
  item.hash = site::content_hash(std::string(SCRIBE_VERSION_STRING) + '\n' + run.reading + '\n' +
                                 page + '\n' + record.file + '\n' + std::to_string(record.index) +
                                 '\n' + record.text);
  item.action = site::plan_file(run.out, page, item.hash, run.old ? &*run.old : nullptr, run.force);
  engine::ReplayOptions o = run.replay;
  o.keep_positions = item.action == FileAction::kWritten;
  engine::ReplayResult rr;
  item.stats = examine_for_stats(record, o, &rr);
  item.invalid = item.stats.invalid;
  item.plies = item.stats.plies;
  item.row = row_of(record, rr, item.stats, page);
  if (item.action == FileAction::kWritten) {
    const fs::path path = run.out / page;
    std::error_code ec;
    if (!run.force && (!run.old || !run.old->entries.contains(page)) && fs::exists(path, ec))
      throw UsageError(path.string() +
                       " exists and is not a file of this site; give --force to overwrite it");
    html::PageOptions options;
    options.index_href = site::index_href_from(page);
    fs::create_directories(path.parent_path(), ec);
    write_file_atomically(path, html::page_html(record, rr, options));
  }
  return item;
}

// Counts of the files of a build.
struct FileCounts {
  long written = 0, unchanged = 0, removed = 0, pages = 0;
};

// Writes one file of the site (the index or a chart) unless the manifest says that the same
// inputs (`hash`) made the file there; `make` gives its bytes. Notes it in `manifest` and
// `counts`.
template <class Make>
void put_file(const SiteRun& run, const std::string& path, const std::string& hash,
              const Make& make, site::Manifest& manifest, FileCounts& counts) {
  manifest.entries[path] = hash;
  if (site::plan_file(run.out, path, hash, run.old ? &*run.old : nullptr, run.force) ==
      FileAction::kUnchanged) {
    ++counts.unchanged;
    return;
  }
  const fs::path full = run.out / path;
  std::error_code ec;
  if (!run.force && (!run.old || !run.old->entries.contains(path)) && fs::exists(full, ec))
    throw UsageError(full.string() +
                     " exists and is not a file of this site; give --force to overwrite it");
  fs::create_directories(full.parent_path(), ec);
  write_file_atomically(full, make());
  ++counts.written;
}

// The charts of every group (SVG, in charts/), written when they changed.
void put_charts(const SiteRun& run, std::vector<site::IndexGroup>& groups, site::Manifest& manifest,
                FileCounts& counts) {
  std::set<std::string> used;
  for (site::IndexGroup& group : groups) {
    const std::string stem = chart_stem(group.stats, used);
    for (const auto& [kind, chart] : charts_of(group.stats, 10)) {
      const std::string path = "charts/" + stem + "-" + kind + ".svg";
      std::string alt = chart.title + ": ";
      for (std::size_t i = 0; i < chart.bars.size(); ++i)
        alt +=
            (i > 0 ? ", " : "") + chart.bars[i].label + " " + std::to_string(chart.bars[i].value);
      if (chart.bars.empty()) alt += "none";
      // Hashed by what it shows: Cairo's SVG ids depend on what the process drew before.
      std::string what =
          std::string(SCRIBE_VERSION_STRING) + (chart.horizontal ? " h\n" : " v\n") + chart.title;
      for (const auto& bar : chart.bars)
        what += '\n' + bar.label + '\t' + std::to_string(bar.value);
      put_file(
          run, path, site::content_hash(what),
          [&c = chart] { return render::draw_chart(c, render::Format::kSvg, "light"); }, manifest,
          counts);
      group.charts.push_back({path, chart.title, alt});
    }
  }
}

// Removes the files of the last build that this one did not make (records that disappeared,
// groups that are gone), and the folders they leave empty.
long remove_stale(const SiteRun& run, const site::Manifest& current) {
  if (!run.old) return 0;
  long removed = 0;
  for (const std::string& path : site::stale_files(*run.old, current)) {
    std::error_code ec;
    if (fs::remove(run.out / path, ec)) ++removed;
    for (fs::path dir = (run.out / path).parent_path(); dir != run.out && !dir.empty();
         dir = dir.parent_path())
      if (!fs::remove(dir, ec)) break;  // not empty (or not there): stop climbing
  }
  return removed;
}

// The summary of the run: a line, or the JSON object.
std::string summary_text(const SiteRun& run, const Summary& totals, const FileCounts& files,
                         double seconds) {
  std::string o;
  if (run.json) {
    JsonWriter w(o);
    w.begin_object().key("summary").begin_object().key("records").value(totals.records);
    w.key("valid").value(totals.records - totals.invalid).key("invalid").value(totals.invalid);
    w.key("unreadable").value(totals.unreadable).key("plies").value(totals.plies);
    w.key("out").value(run.out.string()).key("pages").value(files.pages);
    w.key("written").value(files.written).key("unchanged").value(files.unchanged);
    w.key("removed").value(files.removed).end_object().end_object().newline();
    return o;
  }
  char time[32];
  std::snprintf(time, sizeof time, "%.2f", seconds);
  return count_of(totals.records, "record") + ": " +
         std::to_string(totals.records - totals.invalid) + " valid, " +
         std::to_string(totals.invalid) + " invalid" + totals.unreadable_note() + "; site " +
         run.out.string() + ": " + std::to_string(files.written) + " files written, " +
         std::to_string(files.unchanged) + " unchanged, " + std::to_string(files.removed) +
         " removed in " + time + " s\n";
}

// Reads every record of `paths`, builds the site and prints the summary; returns the exit
// status.
int run_site(const std::vector<std::string>& paths, const SiteRun& run) {
  const auto start = std::chrono::steady_clock::now();
  ValidateSettings problem_settings;
  problem_settings.json = run.json;
  problem_settings.colour = run.colour;
  Summary totals;
  Progress progress(run.progress);
  site::IndexContent index;
  index.title = run.title;
  site::Manifest manifest;
  manifest.version = SCRIBE_VERSION_STRING;
  FileCounts files;
  std::map<std::pair<std::string, std::string>, std::size_t> group_of;
  auto on_problem = [&](const std::string& display, const notation::FileProblem& problem) {
    SiteItem item = file_problem_item<SiteItem>(display, problem, problem_settings);
    item.file = display;
    ValidateSettings plain;
    item.problem_message = first_line(file_report(display, problem, plain).human);
    return item;
  };
  auto emit = [&](const SiteItem& item, std::uint64_t done, std::uint64_t total) {
    totals.count_item(item);
    if (item.problem) {
      std::fwrite(item.report.data(), 1, item.report.size(), run.json ? stdout : stderr);
      index.problems.push_back(
          {item.file, item.unreadable ? "unreadable" : "invalid", item.problem_message});
    } else {
      if (!manifest.entries.emplace(item.row.page, item.hash).second)
        throw UsageError("two records have the page " + item.row.page +
                         " (their files' names differ only in characters outside "
                         "[A-Za-z0-9._-]); rename one of the files");
      ++files.pages;
      ++(item.action == FileAction::kWritten ? files.written : files.unchanged);
      auto [it, fresh] =
          group_of.try_emplace({item.stats.game, item.stats.options}, index.groups.size());
      if (fresh) {
        index.groups.emplace_back();
        index.groups.back().stats.game = item.stats.game;
        index.groups.back().stats.options = item.stats.options;
      }
      add_to(index.groups[it->second].stats, item.stats);
      index.rows.push_back(item.row);
    }
    progress.update(totals, start, done, total);
  };
  scan_records<SiteItem>(
      paths, run.scan, [&run](const notation::Record& r) { return build_record(r, run); },
      on_problem, emit);
  progress.clear();
  index.records = totals.records;
  index.invalid = totals.invalid;
  index.valid = totals.records - totals.invalid;
  index.unreadable = totals.unreadable;
  put_charts(run, index.groups, manifest, files);
  const std::string index_page = site::index_html(index);
  put_file(
      run, "index.html", site::content_hash(index_page), [&] { return index_page; }, manifest,
      files);
  files.removed = remove_stale(run, manifest);
  write_file_atomically(run.out / std::string(site::kManifestName), site::manifest_text(manifest));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (run.json || !run.quiet) {
    const std::string line = summary_text(run, totals, files, seconds);
    std::fwrite(line.data(), 1, line.size(), stdout);
  }
  std::fflush(stdout);
  if (totals.unreadable > 0) return kExitUsage;
  return totals.invalid > 0 ? kExitInvalid : kExitOk;
}

// Makes the site folder and reads its manifest. Without --force, a folder that holds files but
// no manifest (not a site that scribe built) and a manifest that does not read are usage errors.
void prepare_out(SiteRun& run) {
  make_out_folder(run.out);
  std::error_code ec;
  const fs::path manifest = run.out / std::string(site::kManifestName);
  if (fs::exists(manifest, ec)) {
    std::ifstream in(manifest, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::string error;
    if (!in.bad()) run.old = site::parse_manifest(text, &error);
    if (!run.old && !run.force)
      throw UsageError(manifest.string() + " is not a site manifest (" +
                       (in.bad() ? "unreadable" : error) +
                       "); give --force to rebuild the whole site");
    return;
  }
  if (!run.force && fs::directory_iterator(run.out, ec) != fs::directory_iterator())
    throw UsageError("--out " + run.out.string() +
                     " holds files but is not a site scribe built (no " +
                     std::string(site::kManifestName) +
                     "); give --force to build one into it, or name an empty or new directory");
}

}  // namespace

int command_site(const std::vector<std::string>& args) {
  ArchiveOptions ao;
  SiteRun run;
  std::vector<std::string> paths;
  po::options_description desc(
      "scribe site PATH... --out DIR [options]\n\n"
      "An archive site in DIR: index.html lists every record in a table that sorts by column\n"
      "and filters as you type, with the summaries and charts of each game and options and the\n"
      "invalid records linked to their failing ply; games/ holds one replay page per record\n"
      "(as scribe html writes them). Everything works offline, from file://.\n"
      "A rebuild into the same DIR rewrites only what changed: DIR/.scribe-site records what\n"
      "each file was made from, pages of unchanged records are left alone, and pages of\n"
      "records that are gone are removed. --force rewrites every file (and may write into a\n"
      "folder that is not a site).\n"
      "PATH is a file, a directory (walked for *.rec files) or - for standard input.\n"
      "Exit status: 0 done, 1 some record invalid, 2 usage error, unreadable input or a file\n"
      "not written.\n\n"
      "Examples:\n"
      "  scribe site archive/ --out site/\n"
      "  scribe site archive/ --out site/ --title \"Club games\" --json\n\nOptions");
  ao.common.add_to(desc, CommonOptions::kAll & ~CommonOptions::kShard);
  desc.add_options()("out,o", po::value<std::string>(&ao.out), "the site folder (required)")(
      "force", po::bool_switch(&run.force),
      "rewrite every file, ignoring what the last build left; build into a folder that is not "
      "a site (files in the way are overwritten)")("title", po::value<std::string>(&run.title),
                                                   "the index page's title (default \"Game "
                                                   "archive\")");
  ao.limits.add_to(desc);
  po::options_description hidden;
  hidden.add_options()("path", po::value<std::vector<std::string>>(&paths));
  po::positional_options_description pos;
  pos.add("path", -1);
  if (!parse_command_line(args, desc, hidden, pos)) return kExitOk;
  if (paths.empty()) throw UsageError("at least one PATH is required (see scribe site --help)");
  if (ao.out.empty()) throw UsageError("--out DIR is required: the folder of the site");
  if (run.title.empty()) throw UsageError("--title: the title is empty");
  static_cast<ReadingRun&>(run) = ao.reading_run();
  run.reading = ao.common.game + '\n' + ao.common.options + '\n' +
                (ao.common.lenient ? "lenient" : "strict") + '\n' +
                std::to_string(run.replay.max_plies);
  run.out = ao.out;
  prepare_out(run);
  return run_site(paths, run);
}

}  // namespace scribe::app
