// The per-record report of validate (human and JSON text) and the run's summary and statistics.
#pragma once

#include <chrono>
#include <map>
#include <string>
#include <vector>

#include "app/commands/validate.hpp"
#include "notation/core/record.hpp"

namespace scribe::app {

// What one record (or one file-level status) contributes to the output.
struct RecordReport {
  std::string human;  // header line and full diagnostics (empty for a clean valid record)
  std::string json;   // one JSON line
  enum class Status { kValid, kInvalid, kUnreadable } status = Status::kValid;
  std::string game;   // canonical game name ("" when none)
  std::string result;
  int plies = 0;
  int errors = 0;
  int warnings = 0;
  // Errors and warnings by code (only filled with --stats).
  std::map<std::string, int> error_codes, warning_codes;
  // The record's index and where its digits stand in `json` (npos: not there) and `human`.
  int index = 0;
  std::size_t json_index_at = std::string::npos;
  std::vector<std::size_t> human_index_at;

  // Adds `before` to the record's index, in both texts too: a worker reading a segment of a
  // file numbers its records from 1, and the records of the segments before it are added when
  // the reports are emitted in input order (scan_records), so no worker waits for that count.
  void renumber(int before);
};

// Replays one record and formats its report.
RecordReport check_record(const notation::Record& record, const ValidateSettings& settings);

// Formats the report of a file that is unreadable or holds no record.
RecordReport file_report(const std::string& file, const notation::FileProblem& problem,
                         const ValidateSettings& settings);

// The output item of an archive command (find's aside) for a file that is unreadable or holds no
// record: `Item` has the flags problem, unreadable, invalid and the text report, which is the
// JSON or the human report as `settings.json` says.
template <class Item>
Item file_problem_item(const std::string& file, const notation::FileProblem& problem,
                       const ValidateSettings& settings) {
  Item item;
  item.problem = true;
  item.unreadable = problem.unreadable;
  item.invalid = !problem.unreadable;
  const RecordReport r = file_report(file, problem, settings);
  item.report = settings.json ? r.json : r.human;
  return item;
}

// Totals over the run, added in output order.
struct Summary {
  long records = 0, valid = 0, invalid = 0, unreadable = 0, errors = 0, warnings = 0, plies = 0;
  struct GameStats {
    long records = 0, valid = 0, plies = 0, longest = 0;
    std::map<std::string, long> results;
  };
  std::map<std::string, GameStats> games;
  std::map<std::string, long> error_codes, warning_codes;

  void add(const RecordReport& r, bool stats);
  // Counts one item of an archive command's output stream (scan_records): a record or an
  // unreadable file, whether it is invalid, and its plies.
  template <class Item>
  void count_item(const Item& item) {
    ++(item.unreadable ? unreadable : records);
    if (item.invalid) ++invalid;
    plies += item.plies;
  }
  // ", U files unreadable" when some input could not be read, else "" (every summary line).
  std::string unreadable_note() const {
    return unreadable > 0 ? ", " + std::to_string(unreadable) + " files unreadable" : "";
  }
  // "N records: V valid, I invalid (E errors, W warnings); P plies in T s\n", with
  // ", U files unreadable" before the ';' when some input could not be read.
  std::string line(double seconds) const;
  // {"summary":{...}} (with "stats" when asked), ending in a newline.
  std::string json(bool stats) const;
  // The --stats block for human output.
  std::string stats_text() const;
};

// The one-line progress display on standard error.
class Progress {
 public:
  explicit Progress(bool enabled) : enabled_(enabled) {}
  // Redraws the line (at most five times a second): records done, records/s, plies/s, the share
  // of the input read, and the time left estimated from it.
  void update(const Summary& s, std::chrono::steady_clock::time_point start,
              std::uint64_t bytes_done, std::uint64_t bytes_total);
  void clear();

 private:
  bool enabled_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point last_{};
};

}  // namespace scribe::app
