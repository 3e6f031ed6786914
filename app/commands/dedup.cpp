// scribe dedup: groups of records that are the same game, and each game written once.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <utility>
#include <vector>

#include "app/catalog.hpp"
#include "app/commands/archive.hpp"
#include "app/commands/archive_run.hpp"
#include "app/commands/commands.hpp"
#include "app/commands/dedup_index.hpp"
#include "app/commands/report.hpp"

namespace scribe::app {

namespace po = boost::program_options;

namespace {

// What one record (or file problem) gives dedup.
struct DedupItem {
  bool problem = false, unreadable = false, invalid = false;
  Hash128 key;
  std::string file;
  int index = 0;
  std::uint32_t line = 0;
  std::uint32_t tags = 0;
  int plies = 0;
  RecordShape shape;        // with --out: what the output stream must know of the record
  std::string record_text;  // with --out --keep first: the record verbatim
  std::string report;       // a file problem's report (human or JSON)
};

// How dedup runs.
struct DedupRun : ReadingRun {
  bool transpositions = false;
  bool most_tags = false;
  std::string out;
};

// Replays one record and computes its key.
DedupItem key_of(const notation::Record& record, const DedupRun& run) {
  DedupItem item;
  item.file = record.file;
  item.index = record.index;
  item.line = record.line;
  item.tags = static_cast<std::uint32_t>(record.tags.size());
  engine::ReplayResult rr;
  const Hash128 key = replay_with_key(record, run.replay, run.transpositions, &rr);
  item.invalid = !rr.valid();
  item.plies = rr.plies;
  if (!item.invalid) item.key = key;
  if (!run.out.empty() && (!run.most_tags || item.invalid)) item.record_text = record.text;
  if (!run.out.empty()) item.shape = shape_of(record);
  return item;
}

// Appends the record text to `file`, ended by a blank line, when `stream` can take it; else
// reports it on standard error and returns false.
bool write_record(AtomicFile& file, RecordStream& stream, const std::string& text,
                  const RecordShape& shape, const std::string& where) {
  const std::string refused = stream.refusal(shape);
  if (!refused.empty()) {
    const std::string l = where + ": " + refused + "; it is not written to --out\n";
    std::fwrite(l.data(), 1, l.size(), stderr);
    return false;
  }
  stream.wrote(shape);
  file.write(separated_text(text));
  return true;
}

// Numbers the files as their records come in input order: a new number when the file name
// changes or the record index does not grow (the same file read again: dedup a.rec a.rec).
class FileNumbers {
 public:
  // The number of the file of the record `index` of `file`; `fresh` tells it is a new one.
  std::uint32_t of(const std::string& file, int index, bool& fresh) {
    fresh = count_ == 0 || index <= last_index_ || file != last_file_;
    if (fresh) {
      last_file_ = file;
      ++count_;
    }
    last_index_ = index;
    return count_ - 1;
  }

 private:
  std::string last_file_;
  int last_index_ = 0;
  std::uint32_t count_ = 0;
};

// The state of a dedup run, fed the items in input order: the file names read and the
// compact index of games (dedup_index.hpp).
class Deduplicator {
 public:
  explicit Deduplicator(const DedupRun& run) : index_(run.most_tags) {}

  // Takes one item; returns whether the record is written (with --out --keep first).
  bool add(const DedupItem& item) {
    if (item.problem) return false;
    bool fresh = false;
    const std::uint32_t file = numbers_.of(item.file, item.index, fresh);
    if (fresh) files_.push_back(item.file);
    if (item.invalid) return true;  // not compared: kept as it is
    const RecordPlace place{file, item.index, item.line};
    return index_.add(item.key, place, item.tags);
  }

  // The places (file number, index) of the records left out of --out, in input order.
  std::vector<std::pair<std::uint32_t, int>> dropped() const { return index_.dropped(); }

  // Writes the groups to standard output as text or JSON lines, each with its kept record
  // first, one group at a time.
  void write_groups(bool json) const {
    std::string o;
    index_.for_each_group([&](const DedupIndex::Group& g) {
      o.clear();
      std::vector<const RecordPlace*> order{&g.records[g.kept]};
      for (std::size_t i = 0; i < g.records.size(); ++i)
        if (i != g.kept) order.push_back(&g.records[i]);
      if (json) {
        JsonWriter w(o);
        w.begin_object().key("count").value(static_cast<long>(order.size()));
        w.key("records").begin_array();
        for (const RecordPlace* m : order)
          w.begin_object()
              .key("file")
              .value(files_[m->file])
              .key("index")
              .value(m->index)
              .key("line")
              .value(m->line)
              .end_object();
        w.end_array().end_object().newline();
      } else {
        o += location_text(files_[order[0]->file], order[0]->line, order[0]->index) + " (kept)\n";
        for (std::size_t i = 1; i < order.size(); ++i)
          o += "  " + location_text(files_[order[i]->file], order[i]->line, order[i]->index) +
               " (duplicate)\n";
      }
      std::fwrite(o.data(), 1, o.size(), stdout);
    });
  }

  std::size_t groups() const { return index_.groups(); }
  long duplicates() const { return index_.duplicates(); }

 private:
  FileNumbers numbers_;
  std::vector<std::string> files_;
  DedupIndex index_;
};

// With --keep most-tags: reads the inputs again and writes every record not dropped (the
// places in input order, files numbered as Deduplicator numbers them). Counts in `written` the
// records written and returns how many could not be (reported).
long write_kept(const std::vector<std::string>& paths, const DedupRun& run,
                const std::vector<std::pair<std::uint32_t, int>>& dropped, AtomicFile& file,
                long& written) {
  struct Text {
    bool problem = false;
    int index = 0;
    std::string file, text, where;
    RecordShape shape;
  };
  FileNumbers numbers;
  std::size_t next_dropped = 0;
  long left_out = 0;
  RecordStream stream;
  scan_records<Text>(
      paths, run.scan,
      [](const notation::Record& r) {
        Text t{false, r.index, r.file, r.text, location_text(r.file, r.line, r.index), {}};
        t.shape = shape_of(r);
        return t;
      },
      [](const std::string&, const notation::FileProblem&) {
        return Text{true, 0, {}, {}, {}, {}};
      },
      [&](const Text& t, std::uint64_t, std::uint64_t) {
        if (t.problem) return;
        bool fresh = false;
        const std::pair<std::uint32_t, int> place{numbers.of(t.file, t.index, fresh), t.index};
        while (next_dropped < dropped.size() && dropped[next_dropped] < place) ++next_dropped;
        if (next_dropped < dropped.size() && dropped[next_dropped] == place) return;
        ++(write_record(file, stream, t.text, t.shape, t.where) ? written : left_out);
      });
  return left_out;
}

// Reads every record of `paths`, reports the groups of duplicates and writes --out; returns
// the exit status.
int run_dedup(const std::vector<std::string>& paths, const DedupRun& run) {
  std::unique_ptr<AtomicFile> file;
  if (!run.out.empty()) file = std::make_unique<AtomicFile>(run.out);
  Deduplicator dedup(run);
  ArchiveRun<DedupItem> scan(run.json, run.colour, run.progress);
  const Summary& totals = scan.totals;
  long written = 0, left_out = 0;
  RecordStream stream;
  auto each = [&](const DedupItem& item) {
    if (item.problem) {
      scan.report_problem(item);
    } else if (item.invalid && !run.json && !run.quiet) {
      const std::string l = location_text(item.file, item.line, item.index) +
                            ": invalid, not compared (see scribe validate)\n";
      std::fwrite(l.data(), 1, l.size(), stderr);
    }
    if (dedup.add(item) && file && !run.most_tags) {
      if (write_record(*file, stream, item.record_text, item.shape,
                       location_text(item.file, item.line, item.index)))
        ++written;
      else
        ++left_out;
    }
  };
  scan.scan(
      paths, run.scan, [&run](const notation::Record& r) { return key_of(r, run); }, each);
  if (file && run.most_tags) {
    const auto dropped = dedup.dropped();
    left_out = write_kept(paths, run, dropped, *file, written);
  }
  if (file) file->commit();
  dedup.write_groups(run.json);
  if (run.json) {
    std::string o;
    JsonWriter w(o);
    w.begin_object().key("summary").begin_object().key("records").value(totals.records);
    w.key("groups").value(static_cast<long>(dedup.groups()));
    w.key("duplicates").value(dedup.duplicates()).key("invalid").value(totals.invalid);
    w.key("unreadable").value(totals.unreadable);
    if (file) w.key("written").value(written);
    if (left_out > 0) w.key("left_out").value(left_out);
    w.end_object().end_object().newline();
    std::fwrite(o.data(), 1, o.size(), stdout);
  } else if (!run.quiet) {
    std::string l = std::to_string(totals.records) +
                    " records read: " + std::to_string(dedup.groups()) + " groups of duplicates, " +
                    std::to_string(dedup.duplicates()) + " duplicates, " +
                    std::to_string(totals.invalid) + " invalid (not compared)";
    l += totals.unreadable_note();
    if (file) l += "; " + std::to_string(written) + " records written to " + run.out;
    if (left_out > 0) l += " (" + std::to_string(left_out) + " left out, see above)";
    l += "\n";
    std::fwrite(l.data(), 1, l.size(), stderr);
  }
  return scan.status(totals.invalid > 0 || left_out > 0);
}

}  // namespace

int command_dedup(const std::vector<std::string>& args) {
  ArchiveOptions ao;
  DedupRun run;
  std::string keep = "first";
  std::vector<std::string> paths;
  po::options_description desc(
      "scribe dedup PATH... [options]\n\n"
      "Lists the groups of records that are the same game: the same game, options, set-up and\n"
      "plies in canonical form (tags, comments, spacing and move numbers do not matter).\n"
      "PATH is a file, a directory (walked for *.rec files) or - for standard input.\n"
      "Invalid records are reported and never compared; --out copies them as they are, except\n"
      "a record that cannot follow another in one file (one without tags): reported, left out.\n"
      "Exit status: 0 done, 1 some record invalid or left out, 2 usage error or unreadable\n"
      "input.\n\n"
      "Examples:\n"
      "  scribe dedup archive/\n"
      "  scribe dedup old.rec new.rec --out merged.rec\n"
      "  scribe dedup archive/ --keep most-tags --out clean.rec --force\n"
      "  scribe dedup archive/ --transpositions --json\n\nOptions");
  ao.add_to(desc, "write each game once to FILE (whole, or not at all), records verbatim");
  desc.add_options()("keep", po::value<std::string>(&keep),
                     "which record of a group --out keeps: first (default) or most-tags")(
      "transpositions", po::bool_switch(&run.transpositions),
      "group records that end in the same position, whatever the order of their plies");
  if (!parse_path_command(args, desc, "dedup", paths)) return kExitOk;
  if (keep != "first" && keep != "most-tags")
    throw UsageError("--keep must be first or most-tags, not '" + keep + "'" +
                     did_you_mean(keep, {"first", "most-tags"}));
  run.most_tags = keep == "most-tags";
  static_cast<ReadingRun&>(run) = ao.reading_run();
  run.out = ao.out;
  if (!run.out.empty()) check_out_path(run.out, ao.force);
  return run_dedup(paths, run);
}

}  // namespace scribe::app
