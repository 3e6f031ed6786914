// scribe dedup: groups of records that are the same game, and each game written once.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "app/catalog.hpp"
#include "app/commands/archive.hpp"
#include "app/commands/archive_run.hpp"
#include "app/commands/commands.hpp"
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

// A record as dedup remembers it: where it stands, not what it holds.
struct Member {
  std::uint32_t file = 0;  // index into the file names
  int index = 0;
  std::uint32_t line = 0;
  std::uint32_t tags = 0;
  std::uint64_t ordinal = 0;  // its place among all records read (0-based)
};

// The first record of each key, and the group it heads once a duplicate appears (-1: none).
struct First {
  Member member;
  int group = -1;
};

// One group of duplicates: its members in input order and which one is kept.
struct Group {
  std::vector<Member> members;
  std::size_t kept = 0;
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

// The state of a dedup run, fed the items in input order.
class Deduplicator {
 public:
  explicit Deduplicator(const DedupRun& run) : run_(run) {}

  // Takes one item; returns whether the record is written (with --out --keep first).
  bool add(const DedupItem& item) {
    if (item.problem) return false;
    if (files_.empty() || files_.back() != item.file) files_.push_back(item.file);
    const Member m{static_cast<std::uint32_t>(files_.size() - 1), item.index, item.line, item.tags,
                   ordinal_++};
    if (item.invalid) return true;  // not compared: kept as it is
    auto [it, fresh] = first_.try_emplace(item.key, First{m, -1});
    if (fresh) return true;
    if (it->second.group < 0) {
      it->second.group = static_cast<int>(groups_.size());
      groups_.push_back(Group{{it->second.member}, 0});
    }
    Group& g = groups_[static_cast<std::size_t>(it->second.group)];
    g.members.push_back(m);
    if (run_.most_tags && m.tags > g.members[g.kept].tags) g.kept = g.members.size() - 1;
    ++duplicates_;
    return false;
  }

  // The ordinals of the records left out of --out.
  std::unordered_set<std::uint64_t> dropped() const {
    std::unordered_set<std::uint64_t> out;
    for (const Group& g : groups_)
      for (std::size_t i = 0; i < g.members.size(); ++i)
        if (i != g.kept) out.insert(g.members[i].ordinal);
    return out;
  }

  // The groups as text or JSON lines, each with its kept record first.
  std::string groups_text(bool json) const {
    std::vector<const Group*> sorted;
    for (const Group& g : groups_) sorted.push_back(&g);
    std::sort(sorted.begin(), sorted.end(), [](const Group* a, const Group* b) {
      return a->members.front().ordinal < b->members.front().ordinal;
    });
    std::string o;
    for (const Group* group : sorted) {
      const Group& g = *group;
      std::vector<const Member*> order{&g.members[g.kept]};
      for (std::size_t i = 0; i < g.members.size(); ++i)
        if (i != g.kept) order.push_back(&g.members[i]);
      if (json) {
        JsonWriter w(o);
        w.begin_object().key("count").value(static_cast<long>(order.size()));
        w.key("records").begin_array();
        for (const Member* m : order)
          w.begin_object()
              .key("file")
              .value(files_[m->file])
              .key("index")
              .value(m->index)
              .key("line")
              .value(m->line)
              .end_object();
        w.end_array().end_object().newline();
        continue;
      }
      o += location_text(files_[order[0]->file], order[0]->line, order[0]->index) + " (kept)\n";
      for (std::size_t i = 1; i < order.size(); ++i)
        o += "  " + location_text(files_[order[i]->file], order[i]->line, order[i]->index) +
             " (duplicate)\n";
    }
    return o;
  }

  std::size_t groups() const { return groups_.size(); }
  long duplicates() const { return duplicates_; }

 private:
  const DedupRun& run_;
  std::vector<std::string> files_;
  std::unordered_map<Hash128, First, Hash128Hash> first_;
  std::vector<Group> groups_;
  std::uint64_t ordinal_ = 0;
  long duplicates_ = 0;
};

// With --keep most-tags: reads the inputs again and writes every record not dropped.
// Counts in `written` the records written and returns how many could not be (reported).
long write_kept(const std::vector<std::string>& paths, const DedupRun& run,
                const std::unordered_set<std::uint64_t>& dropped, AtomicFile& file, long& written) {
  struct Text {
    bool problem = false;
    std::string text, where;
    RecordShape shape;
  };
  std::uint64_t ordinal = 0;
  long left_out = 0;
  RecordStream stream;
  scan_records<Text>(
      paths, run.scan,
      [](const notation::Record& r) {
        return Text{false, r.text, location_text(r.file, r.line, r.index), shape_of(r)};
      },
      [](const std::string&, const notation::FileProblem&) {
        return Text{true, {}, {}, {}};
      },
      [&](const Text& t, std::uint64_t, std::uint64_t) {
        if (t.problem) return;
        if (dropped.count(ordinal++) != 0) return;
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
  const std::string groups = dedup.groups_text(run.json);
  std::fwrite(groups.data(), 1, groups.size(), stdout);
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
  po::options_description hidden;
  hidden.add_options()("path", po::value<std::vector<std::string>>(&paths));
  po::positional_options_description pos;
  pos.add("path", -1);
  if (!parse_command_line(args, desc, hidden, pos)) return kExitOk;
  if (paths.empty()) throw UsageError("at least one PATH is required (see scribe dedup --help)");
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
