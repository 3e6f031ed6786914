// Diagnostics as people read them: the text of record-format.md, in colour on a terminal.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "app/commands/json.hpp"
#include "engine/core/replay.hpp"
#include "notation/core/record.hpp"

namespace scribe::app {

// Every diagnostic of `diags` in full (headline, source line, caret, context); a diagnostic
// with no position reads "FILE: severity[code]: message". With `colour`, the location is bold,
// the severity red (error) or magenta (warning) and the caret green, as gcc does.
// `contexts`, when given, receives where each non-empty context line's text starts.
std::string diagnostics_text(std::string_view file, const std::vector<notation::Diagnostic>& diags,
                             bool colour, std::vector<std::size_t>* contexts = nullptr);

// What validate prints for a record with diagnostics: the header line
// "FILE: record N (line L): invalid (E errors, W warnings)" (or "valid (W warnings)"), then
// every diagnostic in full. Empty for a record without diagnostics. `index_at`, when given,
// receives where the record's index stands in the text (the header's and each context line's
// "record N"), in order.
std::string record_report_text(const notation::Record& record, const engine::ReplayResult& rr,
                               bool colour, std::vector<std::size_t>* index_at = nullptr);

// Writes the member "diagnostics":[...] of cli.md's JSON (severity, code, line, col, ply,
// message; line and col null for a diagnostic with no position).
void write_diagnostics_json(JsonWriter& w, const std::vector<notation::Diagnostic>& diags);

}  // namespace scribe::app
