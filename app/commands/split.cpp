// scribe split: the records of the inputs copied verbatim into files of N records (--every),
// one file per value of a tag (--by TAG, --by-year), or one file per game (--by game).
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <optional>
#include <set>
#include <unordered_map>

#include "app/commands/archive.hpp"
#include "app/commands/archive_out.hpp"
#include "app/commands/archive_run.hpp"
#include "app/commands/commands.hpp"
#include "app/commands/report.hpp"

namespace scribe::app {

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

// The longest part of a file name taken from a tag value, in bytes.
constexpr std::size_t kMostValueBytes = 80;

enum class SplitBy { kEvery, kTag, kGame };

// How split runs.
struct SplitRun : ReadingRun {
  SplitBy by = SplitBy::kEvery;
  std::uint64_t every = 0;
  std::string tag;  // --by TAG
  bool by_year = false;
  bool force = false;
  fs::path out;
};

// What one record (or file problem) gives split, in input order.
struct SplitItem {
  bool problem = false, unreadable = false, invalid = false;
  RecordShape shape;  // what the output files must know of the record
  std::string file;
  int index = 0;
  std::uint32_t line = 0;
  int plies = 0;
  std::optional<std::string> key;  // the tag value, year or game; none when missing
  std::string text;                // the record verbatim, ended by a blank line
  std::string report;              // a file problem's report
};

// The year a date value starts with ("2006.03.14" -> "2006"), or "unknown-year".
std::string year_of(const std::string& value) {
  const bool year = value.size() >= 4 && std::all_of(value.begin(), value.begin() + 4,
                                                     [](char c) { return c >= '0' && c <= '9'; });
  return year ? value.substr(0, 4) : std::string("unknown-year");
}

// Replays one record and notes its group.
SplitItem split_item(const notation::Record& record, const SplitRun& run) {
  SplitItem item;
  item.file = record.file;
  item.index = record.index;
  item.line = record.line;
  const engine::ReplayResult rr = engine::replay(catalog_games(), record, run.replay);
  item.invalid = !rr.valid();
  item.plies = rr.plies;
  item.shape = shape_of(record);
  if (run.by == SplitBy::kTag) {
    if (const notation::Tag* t = record.find_tag(run.tag))
      item.key = run.by_year ? year_of(t->value) : t->value;
  } else if (run.by == SplitBy::kGame) {
    item.key = rr.game;
  }
  item.text = separated_text(record.text);
  return item;
}

// "000042": a record number padded to six digits, so that names sort in order.
std::string padded(std::uint64_t n) {
  std::string s = std::to_string(n);
  return s.size() >= 6 ? s : std::string(6 - s.size(), '0') + s;
}

// Chooses the file of every record, in input order, and writes it there.
class Splitter {
 public:
  Splitter(const SplitRun& run, OutputFiles& files) : run_(run), files_(files) {}

  // Writes the record of `item`; returns the name of its file, or nothing when it cannot be
  // copied at all (`refused` then says why). A record that would not read back as itself
  // after the records of its group's file gets a file of its own (RecordStream).
  std::optional<std::string> add(const SplitItem& item, std::string& refused) {
    refused = RecordStream().refusal(item.shape);
    if (!refused.empty()) return std::nullopt;
    std::string name;
    const std::string* open = open_file_of(item);
    if (item.shape.tagless)
      name = unique("untagged-" + std::to_string(++untagged_));
    else if (open != nullptr && !streams_[*open].refusal(item.shape).empty())
      name = unique("apart-" + std::to_string(++apart_));
    else
      name = group_name(item);
    streams_[name].wrote(item.shape);
    files_.append(run_.out / name, item.text);
    return name;
  }
  // Gives the last --every file the range it holds.
  void finish() {
    if (run_.by != SplitBy::kEvery || counted_ == 0 || counted_ % run_.every == 0) return;
    const std::uint64_t from = counted_ - counted_ % run_.every + 1;
    const std::string nominal = every_name(from, from + run_.every - 1);
    used_.erase(lower(nominal));
    files_.rename(run_.out / nominal, run_.out / unique(every_base(from, counted_)));
  }

 private:
  static std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    return s;
  }
  static std::string every_base(std::uint64_t from, std::uint64_t to) {
    return "records-" + padded(from) + "-" + padded(to);
  }
  std::string every_name(std::uint64_t from, std::uint64_t to) {
    return every_base(from, to) + ".rec";
  }

  // `base` + ".rec", or base-2.rec, base-3.rec, ... when a file of that name (in any case) is
  // already taken by another group.
  std::string unique(const std::string& base) {
    std::string name = base + ".rec";
    for (int k = 2; used_.count(lower(name)) > 0; ++k)
      name = base + "-" + std::to_string(k) + ".rec";
    used_.insert(lower(name));
    return name;
  }

  // The file of the item's group when it is started already, else nullptr.
  const std::string* open_file_of(const SplitItem& item) {
    if (run_.by == SplitBy::kEvery) {
      if (counted_ % run_.every == 0) return nullptr;
      const std::uint64_t from = counted_ - counted_ % run_.every + 1;
      every_open_ = every_name(from, from + run_.every - 1);
      return &every_open_;
    }
    auto it = names_.find(item.key ? "=" + *item.key : std::string());
    return it == names_.end() ? nullptr : &it->second;
  }

  std::string group_name(const SplitItem& item) {
    if (run_.by == SplitBy::kEvery) {
      const std::uint64_t from = counted_ - counted_ % run_.every + 1;
      ++counted_;
      const std::string name = every_name(from, from + run_.every - 1);
      used_.insert(lower(name));
      return name;
    }
    const std::string key = item.key ? "=" + *item.key : std::string();
    auto it = names_.find(key);
    if (it != names_.end()) return it->second;
    std::string base;
    if (!item.key) {
      base = run_.by == SplitBy::kGame ? "unknown-game" : "without-" + run_.tag;
    } else if (run_.by == SplitBy::kGame) {
      base = sanitise_name(*item.key);
    } else {
      std::string value = sanitise_name(*item.key);
      if (value.size() > kMostValueBytes) value.resize(kMostValueBytes);
      base = run_.tag + "-" + value;
    }
    return names_.emplace(key, unique(base)).first->second;
  }

  const SplitRun& run_;
  OutputFiles& files_;
  std::unordered_map<std::string, std::string> names_;  // "=value" (or "" for none) -> file
  std::set<std::string> used_;                          // file names taken, in lower case
  std::uint64_t counted_ = 0;                           // records placed by --every
  int untagged_ = 0, apart_ = 0;
  std::string every_open_;                                 // the --every file being filled
  std::unordered_map<std::string, RecordStream> streams_;  // file name -> what it holds
};

// Reads every record of `paths` and writes them to their files; returns the exit status.
int run_split(const std::vector<std::string>& paths, const SplitRun& run) {
  OutputFiles files;
  Splitter splitter(run, files);
  ArchiveRun<SplitItem> scan(run.json, run.colour, run.progress);
  const Summary& totals = scan.totals;
  long left_out = 0;
  auto each = [&](const SplitItem& item) {
    if (item.problem) {
      scan.report_problem(item);
    } else {
      std::string refused;
      const std::optional<std::string> name = splitter.add(item, refused);
      if (!name) ++left_out;
      std::string l;
      if (run.json) {
        JsonWriter w(l);
        w.begin_object().key("file").value(item.file).key("index").value(item.index);
        w.key("line").value(item.line).key("status").value(item.invalid ? "invalid" : "valid");
        w.key("to").value(name).end_object().newline();
      }
      if (!name) {
        const std::string r =
            location_text(item.file, item.line, item.index) + ": " + refused + "; it is left out\n";
        std::fwrite(r.data(), 1, r.size(), stderr);
      } else if (!run.json && item.invalid && !run.quiet) {
        l = location_text(item.file, item.line, item.index) +
            ": invalid (see scribe validate); copied to " + *name + " as it is\n";
      }
      std::fwrite(l.data(), 1, l.size(), run.json ? stdout : stderr);
    }
  };
  scan.scan(
      paths, run.scan, [&run](const notation::Record& r) { return split_item(r, run); }, each);
  splitter.finish();
  if (!run.force)
    for (const fs::path& p : files.paths()) {
      std::error_code ec;
      if (fs::exists(p, ec))
        throw UsageError(p.string() +
                         " already exists (use --force to overwrite it); nothing "
                         "was written");
    }
  const std::size_t written = files.commit();
  if (run.json) {
    std::string o;
    JsonWriter w(o);
    w.begin_object().key("summary").begin_object().key("records").value(totals.records);
    w.key("invalid").value(totals.invalid).key("unreadable").value(totals.unreadable);
    if (left_out > 0) w.key("left_out").value(left_out);
    w.key("files").value(static_cast<long>(written)).end_object().end_object().newline();
    std::fwrite(o.data(), 1, o.size(), stdout);
  } else if (!run.quiet) {
    std::string l = std::to_string(totals.records) +
                    " records read: " + std::to_string(totals.invalid) +
                    " invalid (copied as they are)";
    if (left_out > 0) l += ", " + std::to_string(left_out) + " left out (see above)";
    l += totals.unreadable_note();
    l += "; " + std::to_string(written) + (written == 1 ? " file" : " files") + " written to " +
         run.out.string() + "\n";
    std::fwrite(l.data(), 1, l.size(), stderr);
  }
  return scan.status(totals.invalid > 0 || left_out > 0);
}

// Checks the grouping flags and puts them into `run`.
void check_grouping(const po::variables_map& vm, const std::string& every, SplitRun& run) {
  const bool by = vm.count("by") > 0, count = vm.count("every") > 0;
  if (by == count) throw UsageError("give one of --every N, --by TAG and --by game");
  if (count) {
    run.by = SplitBy::kEvery;
    run.every = parse_unsigned(every, "--every");
    if (run.every == 0) throw UsageError("--every must be at least 1");
  } else {
    run.tag = vm["by"].as<std::string>();
    run.by = run.tag == "game" ? SplitBy::kGame : SplitBy::kTag;
    if (run.tag.empty() || run.tag.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop"
                                                     "qrstuvwxyz0123456789_") != std::string::npos)
      throw UsageError("--by '" + run.tag +
                       "' is not a tag name (letters, digits and _), nor 'game'");
  }
  if (run.by_year && run.by != SplitBy::kTag)
    throw UsageError("--by-year needs --by TAG (a tag that holds a date, such as Date)");
}

}  // namespace

int command_split(const std::vector<std::string>& args) {
  ArchiveOptions ao;
  SplitRun run;
  std::string every;
  std::vector<std::string> paths;
  po::options_description desc(
      "scribe split PATH... --out DIR (--every N | --by TAG [--by-year] | --by game) [options]\n\n"
      "Copies every record, verbatim, into files under DIR: N records a file\n"
      "(records-000001-000100.rec, ...), one file per value of a tag (Event-Open_2006.rec;\n"
      "records without the tag in without-Event.rec), per year of a date tag with --by-year\n"
      "(Date-2006.rec, Date-unknown-year.rec), or per game (druid.rec, unknown-game.rec).\n"
      "Invalid records are reported and copied with the others; a record without tags gets a\n"
      "file of its own (untagged-1.rec, ...), and so does one that would merge into its\n"
      "group's file (apart-1.rec, ...). Merging is cat: cat DIR/*.rec > all.rec (those files\n"
      "apart). A record over --max-record-bytes is reported and left out.\n"
      "PATH is a file, a directory (walked for *.rec files) or - for standard input.\n"
      "Exit status: 0 done, 1 some record invalid or left out, 2 usage error, unreadable input\n"
      "or a file that cannot be written.\n\n"
      "Examples:\n"
      "  scribe split archive/ --out parts/ --every 1000\n"
      "  scribe split archive/ --out by-event/ --by Event\n"
      "  scribe split archive/ --out by-year/ --by Date --by-year\n"
      "  scribe split mixed.rec --out games/ --by game\n\nOptions");
  ao.add_to(desc, "the folder for the files (made when missing); required");
  desc.add_options()("every", po::value<std::string>(&every), "N records a file")(
      "by", po::value<std::string>(),
      "one file per value of the tag TAG (exact name), or per game with 'game'")(
      "by-year", po::bool_switch(&run.by_year), "with --by TAG: one file per year of its value");
  po::variables_map vm;
  if (!parse_path_command(args, desc, "split", paths, &vm)) return kExitOk;
  if (ao.out.empty()) throw UsageError("--out DIR is required: the folder for the files");
  check_grouping(vm, every, run);
  static_cast<ReadingRun&>(run) = ao.reading_run();
  run.force = ao.force;
  run.out = ao.out;
  make_out_folder(run.out);
  return run_split(paths, run);
}

}  // namespace scribe::app
