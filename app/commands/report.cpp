#include "app/commands/report.hpp"

#include <algorithm>
#include <cstdio>

#include "api/internal.hpp"
#include "app/catalog.hpp"
#include "app/commands/common.hpp"
#include "app/commands/diagnostics.hpp"
#include "app/commands/json.hpp"

namespace scribe::app {

RecordReport check_record(const notation::Record& record, const ValidateSettings& settings) {
  // The replay of the public API (scribe/game.hpp), on the record as read (no copy); the
  // reports below are the command line's own formatting of what it found.
  const scribe::Game game =
      scribe::replay(scribe::api::borrow(record), scribe::api::public_options(settings.replay));
  const engine::ReplayResult& rr = scribe::api::replay_result(game);
  RecordReport r;
  r.status = rr.valid() ? RecordReport::Status::kValid : RecordReport::Status::kInvalid;
  r.game = rr.game.value_or("");
  r.result = rr.result;
  r.plies = rr.plies;
  r.errors = rr.errors;
  r.warnings = rr.warnings;
  if (settings.stats)
    for (const auto& d : rr.diagnostics)
      (d.severity == notation::Severity::kError ? r.error_codes : r.warning_codes)[d.code]++;

  if (settings.json) {
    JsonWriter w(r.json);
    w.begin_object().key("file").value(record.file);
    w.key("index");
    r.json_index_at = r.json.size();
    w.value(record.index).key("line").value(record.line);
    w.key("game").value(rr.game).key("options").value(rr.options);
    w.key("tags").begin_object();
    for (const auto& t : record.tags) w.key(t.name).value(t.value);
    w.end_object();
    w.key("status").value(rr.valid() ? "valid" : "invalid");
    w.key("plies").value(rr.plies).key("result").value(rr.result);
    w.key("termination").value(rr.termination);
    write_diagnostics_json(w, rr.diagnostics);
    w.key("final_position").value(rr.final_position_text()).end_object().newline();
  } else {
    r.human = record_report_text(record, rr, settings.colour, &r.human_index_at);
  }
  r.index = record.index;
  return r;
}

void RecordReport::renumber(int before) {
  if (json_index_at == std::string::npos && human_index_at.empty()) {
    index += before;
    return;
  }
  const std::size_t old_size = std::to_string(index).size();
  index += before;
  const std::string digits = std::to_string(index);
  if (json_index_at != std::string::npos) json.replace(json_index_at, old_size, digits);
  // From the last place back, so that the places before it do not move.
  for (auto at = human_index_at.rbegin(); at != human_index_at.rend(); ++at)
    human.replace(*at, old_size, digits);
  // The places after the first one moved with the longer digits before them.
  const std::size_t grown = digits.size() - old_size;
  for (std::size_t i = 1; i < human_index_at.size(); ++i) human_index_at[i] += i * grown;
}

RecordReport file_report(const std::string& file, const notation::FileProblem& problem,
                         const ValidateSettings& settings) {
  RecordReport r;
  r.status =
      problem.unreadable ? RecordReport::Status::kUnreadable : RecordReport::Status::kInvalid;
  r.errors = 1;
  r.result = "*";  // a file with no record stands as one invalid record with no result
  if (settings.stats) r.error_codes[problem.diagnostic.code]++;
  if (settings.json) {
    JsonWriter w(r.json);
    w.begin_object().key("file").value(file).key("index").value(0);
    if (problem.unreadable) {
      w.key("line").null().key("status").value("unreadable");
    } else {
      w.key("line").value(1).key("game").null().key("options").null();
      w.key("tags").begin_object().end_object().key("status").value("invalid");
      w.key("plies").value(0).key("result").value("*").key("termination").null();
    }
    write_diagnostics_json(w, {problem.diagnostic});
    if (!problem.unreadable) w.key("final_position").null();
    w.end_object().newline();
  } else {
    r.human = file + (problem.unreadable ? ": unreadable\n" : ": no records\n");
    r.human += diagnostics_text(file, {problem.diagnostic}, settings.colour);
  }
  return r;
}

void Summary::add(const RecordReport& r, bool stats) {
  errors += r.errors;
  warnings += r.warnings;
  if (r.status == RecordReport::Status::kUnreadable) {
    ++unreadable;
  } else {
    ++records;
    (r.status == RecordReport::Status::kValid ? valid : invalid)++;
    plies += r.plies;
  }
  if (!stats) return;
  for (const auto& [code, n] : r.error_codes) error_codes[code] += n;
  for (const auto& [code, n] : r.warning_codes) warning_codes[code] += n;
  if (r.status == RecordReport::Status::kUnreadable) return;
  GameStats& g = games[r.game.empty() ? "(none)" : r.game];
  ++g.records;
  if (r.status == RecordReport::Status::kValid) ++g.valid;
  g.plies += r.plies;
  if (r.plies > g.longest) g.longest = r.plies;
  g.results[r.result]++;
}

std::string Summary::line(double seconds) const {
  char time[32];
  std::snprintf(time, sizeof time, "%.2f", seconds);
  return std::to_string(records) + " records: " + std::to_string(valid) + " valid, " +
         std::to_string(invalid) + " invalid (" + std::to_string(errors) + " errors, " +
         std::to_string(warnings) + " warnings)" +
         unreadable_note() + "; " +
         std::to_string(plies) + " plies in " + time + " s\n";
}

std::string Summary::json(bool stats) const {
  std::string o;
  JsonWriter w(o);
  w.begin_object().key("summary").begin_object();
  w.key("records").value(records).key("valid").value(valid).key("invalid").value(invalid);
  w.key("unreadable").value(unreadable).key("errors").value(errors);
  w.key("warnings").value(warnings).key("plies").value(plies);
  if (stats) {
    w.key("stats").begin_object().key("games").begin_object();
    for (const auto& [name, g] : games) {
      char mean[32];
      std::snprintf(mean, sizeof mean, "%.2f",
                    g.records ? double(g.plies) / double(g.records) : 0.0);
      w.key(name).begin_object().key("records").value(g.records).key("valid").value(g.valid);
      w.key("plies").value(g.plies).key("mean_plies").number_text(mean);
      w.key("longest").value(g.longest).key("results").begin_object();
      for (const auto& [res, n] : g.results) w.key(res).value(n);
      w.end_object().end_object();
    }
    w.end_object();
    for (const auto& [key, codes] : {std::pair{"errors_by_code", &error_codes},
                                     std::pair{"warnings_by_code", &warning_codes}}) {
      w.key(key).begin_object();
      for (const auto& [code, n] : *codes) w.key(code).value(n);
      w.end_object();
    }
    w.end_object();
  }
  w.end_object().end_object().newline();
  return o;
}

std::string Summary::stats_text() const {
  std::string o;
  for (const auto& [name, g] : games) {
    char mean[32];
    std::snprintf(mean, sizeof mean, "%.1f", g.records ? double(g.plies) / double(g.records) : 0.0);
    o += name + ": " + std::to_string(g.records) + " records, " + std::to_string(g.valid) +
         " valid, " + std::to_string(g.plies) + " plies, mean " + mean + ", longest " +
         std::to_string(g.longest) + "; results:";
    for (const auto& [res, n] : g.results) o += " " + res + "=" + std::to_string(n);
    o += "\n";
  }
  for (const auto& [title, codes] : {std::pair{"errors by code:\n", &error_codes},
                                     std::pair{"warnings by code:\n", &warning_codes}}) {
    if (codes->empty()) continue;
    o += title;
    for (const auto& [code, n] : *codes) o += "  " + code + " " + std::to_string(n) + "\n";
  }
  return o;
}

void Progress::update(const Summary& s, std::chrono::steady_clock::time_point start,
                      std::uint64_t bytes_done, std::uint64_t bytes_total) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (shown_ && now - last_ < std::chrono::milliseconds(200)) return;
  last_ = now;
  shown_ = true;
  const double secs = std::chrono::duration<double>(now - start).count();
  const double rps = secs > 0 ? double(s.records) / secs : 0;
  const double pps = secs > 0 ? double(s.plies) / secs : 0;
  const double share =
      bytes_total > 0 ? std::min(1.0, double(bytes_done) / double(bytes_total)) : 0;
  const double left = share > 0 ? secs * (1 - share) / share : 0;
  const long total = share > 0 ? static_cast<long>(double(s.records) / share + 0.5) : s.records;
  std::fprintf(stderr,
               "\r%ld / ~%ld records, %.0f records/s, %.0f plies/s, %.0f%% read, ETA %.0f s\x1b[K",
               s.records, total, rps, pps, share * 100, left);
  std::fflush(stderr);
}

void Progress::clear() {
  if (enabled_ && shown_) {
    std::fprintf(stderr, "\r\x1b[K");
    std::fflush(stderr);
  }
}

}  // namespace scribe::app
