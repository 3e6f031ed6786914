// scribe normalize: every valid record rewritten in one canonical form (normalize.hpp), to
// standard output, one file, or a folder that keeps the input tree's file names.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>

#include "app/commands/archive.hpp"
#include "app/commands/archive_out.hpp"
#include "app/commands/archive_run.hpp"
#include "app/commands/commands.hpp"
#include "app/commands/diagnostics.hpp"
#include "app/commands/normalize.hpp"
#include "app/commands/report.hpp"

namespace scribe::app {

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

// How normalize runs.
struct NormalizeRun : ReadingRun {
  NumberStyle numbers = NumberStyle::kPlies;
  bool keep_invalid = false;
  std::string out;      // "" for standard output
  bool folder = false;  // --out names a folder
  // With a folder: the output file of each input's display name.
  std::map<std::string, fs::path> targets;
};

// What one record (or file problem) gives normalize, in input order.
struct NormalizeItem {
  bool problem = false, unreadable = false, invalid = false;
  bool written = false;  // `text` goes to the output
  RecordShape shape;     // what the output stream must know of `text`
  std::string file;
  int index = 0;
  std::uint32_t line = 0;
  int plies = 0, errors = 0, warnings = 0;
  std::string text;    // the canonical record, or with --keep-invalid the record verbatim
  std::string report;  // validate's report (human or JSON), or normalize's JSON line
};

// Normalizes one record and says what becomes of it.
NormalizeItem normalize_item(const notation::Record& record, const NormalizeRun& run) {
  NormalizedRecord n = normalize_record(record, run.replay, run.numbers);
  NormalizeItem item;
  item.file = record.file;
  item.index = record.index;
  item.line = record.line;
  item.invalid = !n.text.has_value();
  item.plies = n.rr.plies;
  item.errors = n.rr.errors;
  item.warnings = n.rr.warnings;
  if (n.text) {
    item.text = std::move(*n.text);
    item.written = true;
    item.shape = canonical_shape();
  } else if (run.keep_invalid) {
    item.text = separated_text(record.text);
    item.written = true;
    item.shape = shape_of(record);
  }
  if (run.json) {
    JsonWriter w(item.report);
    w.begin_object().key("file").value(record.file).key("index").value(record.index);
    w.key("line").value(record.line).key("status").value(item.invalid ? "invalid" : "valid");
    w.key("written").value(item.written ? (item.invalid ? "verbatim" : "normalized") : "no");
    write_diagnostics_json(w, n.rr.diagnostics);
    w.end_object().newline();
  } else if (!run.quiet) {
    item.report = record_report_text(record, n.rr, run.colour);
  }
  return item;
}

// The output: standard output, one file, or one file per input under a folder, each written
// whole (temporary name, renamed when complete). A folder's file is made only for an input
// that has a record to write.
class NormalizeOutput {
 public:
  explicit NormalizeOutput(const NormalizeRun& run) : run_(run) {
    if (!run.out.empty() && !run.folder) file_ = std::make_unique<AtomicFile>(run.out);
  }

  // Why a record of `shape` of input `file` cannot be written next where it goes ("" when
  // it can): RecordStream's answer for that file.
  std::string refusal(const std::string& file, const RecordShape& shape) const {
    const bool fresh = run_.folder && (file != current_ || file_ == nullptr);
    return fresh ? RecordStream().refusal(shape) : stream_.refusal(shape);
  }
  // Writes the text of an item of input `file`.
  void write(const std::string& file, const std::string& text, const RecordShape& shape) {
    if (run_.folder && file != current_) stream_ = RecordStream();
    stream_.wrote(shape);
    if (run_.out.empty()) {
      std::fwrite(text.data(), 1, text.size(), stdout);
      return;
    }
    if (run_.folder && file != current_) {
      finish_input();
      current_ = file;
      const fs::path& target = run_.targets.at(file);
      make_out_folder(target.parent_path());
      file_ = std::make_unique<AtomicFile>(target);
    }
    file_->write(text);
  }
  // Says that input `file` has items: a folder's file of an earlier input is complete.
  void input(const std::string& file) {
    if (run_.folder && file != current_) finish_input();
  }
  // Puts every file written into place; returns how many.
  int commit() {
    finish_input();
    if (file_) {
      file_->commit();
      file_.reset();
      ++files_;
    }
    return files_;
  }

 private:
  void finish_input() {
    if (run_.folder && file_) {
      file_->commit();
      file_.reset();
      ++files_;
    }
    current_.clear();
  }

  const NormalizeRun& run_;
  std::unique_ptr<AtomicFile> file_;
  std::string current_;
  int files_ = 0;
  RecordStream stream_;  // the file (or standard output) being written
};

// Reads every record of `paths` and writes the normalized ones; returns the exit status.
int run_normalize(const std::vector<std::string>& paths, const NormalizeRun& run) {
  NormalizeOutput output(run);
  ArchiveRun<NormalizeItem> scan(run.json, run.colour, run.progress);
  Summary& totals = scan.totals;
  long written = 0, copied = 0, left_out = 0;
  auto each = [&](const NormalizeItem& item) {
    totals.errors += item.errors;
    totals.warnings += item.warnings;
    output.input(item.file);
    const std::string refused = item.written ? output.refusal(item.file, item.shape) : "";
    const bool joins = !refused.empty();
    if (joins) ++left_out;
    std::string report = item.report;
    if (joins && run.json) {
      // Only our own key holds this text unescaped: quotes in values are escaped.
      const std::string kCopied = "\"written\":\"verbatim\"";
      report.replace(report.find(kCopied), kCopied.size(), "\"written\":\"no\"");
    } else if (joins && !run.quiet) {
      report +=
          location_text(item.file, item.line, item.index) + ": " + refused + "; it is left out\n";
    }
    if (!report.empty() && (run.json || !run.quiet || item.problem))
      std::fwrite(report.data(), 1, report.size(), run.json ? stdout : stderr);
    if (item.written && !joins) {
      output.write(item.file, item.text, item.shape);
      ++(item.invalid ? copied : written);
    }
  };
  scan.scan(
      paths, run.scan, [&run](const notation::Record& r) { return normalize_item(r, run); }, each);
  const int files = output.commit();
  std::fflush(stdout);
  if (run.json) {
    std::string o;
    JsonWriter w(o);
    w.begin_object().key("summary").begin_object().key("records").value(totals.records);
    w.key("normalized").value(written).key("invalid").value(totals.invalid);
    w.key("copied").value(copied).key("unreadable").value(totals.unreadable);
    w.key("plies").value(totals.plies).key("files").value(files);
    w.end_object().end_object().newline();
    std::fwrite(o.data(), 1, o.size(), stdout);
  } else if (!run.quiet) {
    std::string l = std::to_string(totals.records) + " records read: " + std::to_string(written) +
                    " normalized, " + std::to_string(totals.invalid) + " invalid (" +
                    (run.keep_invalid ? "copied unchanged" : "left out") + ")";
    if (left_out > 0) l += ", " + std::to_string(left_out) + " of them left out (see above)";
    l += totals.unreadable_note();
    l += "; " + std::to_string(totals.plies) + " plies";
    if (!run.out.empty())
      l += "; " + std::to_string(files) + (files == 1 ? " file" : " files") + " written to " +
           run.out;
    l += "\n";
    std::fwrite(l.data(), 1, l.size(), stderr);
  }
  return scan.status(totals.invalid > 0);
}

// With --out DIR: the output file of every input, checked before anything is written: two
// inputs may not share one, and none may exist without --force.
std::map<std::string, fs::path> plan_targets(const std::vector<std::string>& paths,
                                             const fs::path& dir, bool force) {
  std::map<std::string, fs::path> targets;
  std::map<fs::path, std::string> owner;
  for (const Input& input : collect_inputs(paths)) {
    const fs::path target = mirrored_path(input, dir);
    const auto [it, fresh] = owner.emplace(target, input.display);
    if (!fresh)
      throw UsageError(it->second + " and " + input.display + " would both be written to " +
                       target.string() +
                       "; normalize their common folder (its tree is kept under --out) or "
                       "normalize them in separate runs");
    std::error_code ec;
    if (!force && fs::exists(target, ec))
      throw UsageError(target.string() + " already exists (use --force to overwrite it)");
    targets.emplace(input.display, target);
  }
  return targets;
}

}  // namespace

int command_normalize(const std::vector<std::string>& args) {
  ArchiveOptions ao;
  NormalizeRun run;
  std::string numbers = "plies";
  std::vector<std::string> paths;
  po::options_description desc(
      "scribe normalize PATH... [--out FILE|DIR] [options]\n\n"
      "Rewrites every valid record in one canonical form: tags in a standard order (Game,\n"
      "Options, Setup, players, Result, then the others as found), each ply in the game's\n"
      "canonical text, one move-number style, comments kept after their plies; with --lenient\n"
      "the slips it accepts are written corrected. The positions at every ply stay the same.\n"
      "PATH is a file, a directory (walked for *.rec files) or - for standard input.\n"
      "Invalid records are reported as validate reports them and left out (or copied\n"
      "unchanged with --keep-invalid). The records go to standard output, to --out FILE, or\n"
      "with --out DIR (an existing folder, or a name ending in /) to one file per input that\n"
      "keeps its name and its folder under DIR. A summary goes to standard error.\n"
      "Exit status: 0 done, 1 some record invalid, 2 usage error, unreadable input or a file\n"
      "that cannot be written.\n\n"
      "Examples:\n"
      "  scribe normalize games.rec --out clean.rec\n"
      "  scribe normalize archive/ --out clean/ --numbers rounds\n"
      "  scribe normalize old/ --lenient --keep-invalid --out fixed/ --force\n\nOptions");
  ao.add_to(desc,
            "write to FILE, or to DIR (existing, or ending in /) one file per input; each file "
            "whole or not at all");
  desc.add_options()("numbers", po::value<std::string>(&numbers),
                     "move numbers before every ply (plies, the default) or before the first ply "
                     "of each round (rounds)")(
      "keep-invalid", po::bool_switch(&run.keep_invalid),
      "copy invalid records unchanged instead of leaving them out");
  if (!parse_path_command(args, desc, "normalize", paths)) return kExitOk;
  if (numbers != "plies" && numbers != "rounds")
    throw UsageError("--numbers must be plies or rounds, not '" + numbers + "'" +
                     did_you_mean(numbers, {"plies", "rounds"}));
  run.numbers = numbers == "rounds" ? NumberStyle::kRounds : NumberStyle::kPlies;
  if (ao.force && ao.out.empty()) throw UsageError("--force needs --out");
  if (ao.common.json && ao.out.empty())
    throw UsageError("--json needs --out: the records and the JSON would share standard output");
  static_cast<ReadingRun&>(run) = ao.reading_run();
  run.out = ao.out;
  run.folder = out_names_folder(run.out);
  if (run.folder) {
    run.targets = plan_targets(paths, run.out, ao.force);
    make_out_folder(run.out);
  } else if (!run.out.empty()) {
    check_out_path(run.out, ao.force);
  }
  return run_normalize(paths, run);
}

}  // namespace scribe::app
