#include "app/commands/report.hpp"

#include <algorithm>
#include <cstdio>

#include "app/catalog.hpp"
#include "app/commands/common.hpp"

namespace scribe::app {

namespace {

void append_diagnostics_json(std::string& out, const std::vector<notation::Diagnostic>& diags) {
  out += "\"diagnostics\":[";
  bool first = true;
  for (const auto& d : diags) {
    if (!first) out += ',';
    first = false;
    out += "{\"severity\":\"";
    out += notation::severity_name(d.severity);
    out += "\",\"code\":";
    append_json_string(out, d.code);
    if (d.span.line > 0) {
      out += ",\"line\":" + std::to_string(d.span.line) + ",\"col\":" + std::to_string(d.span.col);
    } else {
      out += ",\"line\":null,\"col\":null";
    }
    out += ",\"ply\":";
    out += d.ply ? std::to_string(*d.ply) : "null";
    out += ",\"message\":";
    append_json_string(out, d.message);
    out += '}';
  }
  out += ']';
}

void append_optional(std::string& out, const std::optional<std::string>& v) {
  if (v) append_json_string(out, *v);
  else out += "null";
}

std::string full_diagnostics(const std::string& file,
                             const std::vector<notation::Diagnostic>& diags) {
  std::string out;
  for (const auto& d : diags) {
    if (d.span.line == 0) {
      out += file + ": " + std::string(notation::severity_name(d.severity)) + "[" + d.code +
             "]: " + d.message + "\n";
      if (!d.context.empty()) out += "  " + d.context + "\n";
      continue;
    }
    out += notation::format_diagnostic(file, d);
  }
  return out;
}

}  // namespace

RecordReport check_record(const notation::Record& record, const ValidateSettings& settings) {
  const engine::ReplayResult rr = engine::replay(catalog_games(), record, settings.replay);
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
    std::string& o = r.json;
    o += "{\"file\":";
    append_json_string(o, record.file);
    o += ",\"index\":" + std::to_string(record.index) + ",\"line\":" + std::to_string(record.line);
    o += ",\"game\":";
    append_optional(o, rr.game);
    o += ",\"options\":";
    append_optional(o, rr.options);
    o += ",\"tags\":{";
    bool first = true;
    for (const auto& t : record.tags) {
      if (!first) o += ',';
      first = false;
      append_json_string(o, t.name);
      o += ':';
      append_json_string(o, t.value);
    }
    o += "},\"status\":";
    o += rr.valid() ? "\"valid\"" : "\"invalid\"";
    o += ",\"plies\":" + std::to_string(rr.plies) + ",\"result\":";
    append_json_string(o, rr.result);
    o += ",\"termination\":";
    append_optional(o, rr.termination);
    o += ',';
    append_diagnostics_json(o, rr.diagnostics);
    o += ",\"final_position\":";
    append_optional(o, rr.final_position);
    o += "}\n";
  } else if (!rr.diagnostics.empty()) {
    std::string& h = r.human;
    h += record.file + ": record " + std::to_string(record.index) + " (line " +
         std::to_string(record.line) + "): ";
    if (rr.valid()) h += "valid (" + std::to_string(rr.warnings) + " warnings)\n";
    else h += "invalid (" + std::to_string(rr.errors) + " errors, " + std::to_string(rr.warnings) +
              " warnings)\n";
    h += full_diagnostics(record.file, rr.diagnostics);
  }
  return r;
}

RecordReport file_report(const std::string& file, const notation::FileProblem& problem,
                         const ValidateSettings& settings) {
  RecordReport r;
  r.status = problem.unreadable ? RecordReport::Status::kUnreadable : RecordReport::Status::kInvalid;
  r.errors = 1;
  if (settings.stats) r.error_codes[problem.diagnostic.code]++;
  if (settings.json) {
    std::string& o = r.json;
    o += "{\"file\":";
    append_json_string(o, file);
    if (problem.unreadable) {
      o += ",\"index\":0,\"line\":null,\"status\":\"unreadable\",";
    } else {
      o += ",\"index\":0,\"line\":1,\"game\":null,\"options\":null,\"tags\":{},\"status\":\"invalid\","
           "\"plies\":0,\"result\":\"*\",\"termination\":null,";
    }
    append_diagnostics_json(o, {problem.diagnostic});
    if (!problem.unreadable) o += ",\"final_position\":null";
    o += "}\n";
  } else {
    r.human = file + (problem.unreadable ? ": unreadable\n" : ": no records\n");
    r.human += full_diagnostics(file, {problem.diagnostic});
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
         std::to_string(warnings) + " warnings); " + std::to_string(plies) + " plies in " + time +
         " s\n";
}

std::string Summary::json(bool stats) const {
  std::string o = "{\"summary\":{\"records\":" + std::to_string(records) +
                  ",\"valid\":" + std::to_string(valid) + ",\"invalid\":" + std::to_string(invalid) +
                  ",\"unreadable\":" + std::to_string(unreadable) +
                  ",\"errors\":" + std::to_string(errors) +
                  ",\"warnings\":" + std::to_string(warnings) + ",\"plies\":" + std::to_string(plies);
  if (stats) {
    o += ",\"stats\":{\"games\":{";
    bool first = true;
    for (const auto& [name, g] : games) {
      if (!first) o += ',';
      first = false;
      append_json_string(o, name);
      char mean[32];
      std::snprintf(mean, sizeof mean, "%.2f", g.records ? double(g.plies) / double(g.records) : 0.0);
      o += ":{\"records\":" + std::to_string(g.records) + ",\"valid\":" + std::to_string(g.valid) +
           ",\"plies\":" + std::to_string(g.plies) + ",\"mean_plies\":" + mean +
           ",\"longest\":" + std::to_string(g.longest) + ",\"results\":{";
      bool f2 = true;
      for (const auto& [res, n] : g.results) {
        if (!f2) o += ',';
        f2 = false;
        append_json_string(o, res);
        o += ':' + std::to_string(n);
      }
      o += "}}";
    }
    for (const auto& [key, codes] : {std::pair{"errors_by_code", &error_codes},
                                     std::pair{"warnings_by_code", &warning_codes}}) {
      o += std::string("},\"") + key + "\":{";
      first = true;
      for (const auto& [code, n] : *codes) {
        if (!first) o += ',';
        first = false;
        append_json_string(o, code);
        o += ':' + std::to_string(n);
      }
    }
    o += "}}";
  }
  o += "}}\n";
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
  const double share = bytes_total > 0 ? std::min(1.0, double(bytes_done) / double(bytes_total)) : 0;
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
