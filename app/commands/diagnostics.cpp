#include "app/commands/diagnostics.hpp"

namespace scribe::app {

namespace {

constexpr const char* kBold = "\x1b[1m";
constexpr const char* kRed = "\x1b[1;31m";
constexpr const char* kMagenta = "\x1b[1;35m";
constexpr const char* kGreen = "\x1b[1;32m";
constexpr const char* kReset = "\x1b[0m";

// Colours one diagnostic's text: the location and severity of its first line, and the caret
// of its third line when it has a source line.
std::string coloured(std::string text, std::string_view file, const notation::Diagnostic& d) {
  const std::string severity(notation::severity_name(d.severity));
  const std::size_t at = text.find(": " + severity + "[", file.size());
  if (at == std::string::npos) return text;
  std::string out = kBold + text.substr(0, at + 1) + kReset + " " +
                    (d.severity == notation::Severity::kError ? kRed : kMagenta) + severity +
                    kReset;
  std::size_t pos = at + 2 + severity.size();
  if (d.span.line > 0) {
    // Headline, source line, then the caret line: "    ^~~~".
    const std::size_t l1 = text.find('\n', pos);
    const std::size_t l2 = l1 == std::string::npos ? l1 : text.find('\n', l1 + 1);
    const std::size_t caret = l2 == std::string::npos ? l2 : text.find('^', l2 + 1);
    if (caret != std::string::npos) {
      const std::size_t end = text.find_first_not_of('~', caret + 1);
      out += text.substr(pos, caret - pos) + kGreen +
             text.substr(caret, (end == std::string::npos ? text.size() : end) - caret) + kReset;
      pos = end == std::string::npos ? text.size() : end;
    }
  }
  return out + text.substr(pos);
}

}  // namespace

std::string diagnostics_text(std::string_view file, const std::vector<notation::Diagnostic>& diags,
                             bool colour, std::vector<std::size_t>* contexts) {
  std::string out;
  for (const auto& d : diags) {
    std::string text;
    if (d.span.line == 0) {
      text = std::string(file) + ": " + std::string(notation::severity_name(d.severity)) + "[" +
             d.code + "]: " + d.message + "\n";
      if (!d.context.empty()) text += "  " + d.context + "\n";
    } else {
      text = notation::format_diagnostic(file, d);
    }
    out += colour ? coloured(std::move(text), file, d) : text;
    // Each diagnostic's text ends with "  CONTEXT\n" (colour does not touch that line).
    if (contexts != nullptr && !d.context.empty())
      contexts->push_back(out.size() - 1 - d.context.size());
  }
  return out;
}

std::string record_report_text(const notation::Record& record, const engine::ReplayResult& rr,
                               bool colour, std::vector<std::size_t>* index_at) {
  if (rr.diagnostics.empty()) return {};
  const std::string named = "record " + std::to_string(record.index) + " (line ";
  std::string h = record.file + ": " + named + std::to_string(record.line) + "): ";
  if (rr.valid())
    h += "valid (" + std::to_string(rr.warnings) + " warnings)\n";
  else
    h += "invalid (" + std::to_string(rr.errors) + " errors, " + std::to_string(rr.warnings) +
         " warnings)\n";
  if (index_at == nullptr) return h + diagnostics_text(record.file, rr.diagnostics, colour);
  std::vector<std::size_t> contexts;
  const std::string rest = diagnostics_text(record.file, rr.diagnostics, colour, &contexts);
  // The header's index, then each context line that names the record (replay's context_line).
  constexpr std::size_t kDigits = std::string_view("record ").size();
  index_at->push_back(record.file.size() + 2 + kDigits);
  for (const std::size_t at : contexts)
    if (rest.compare(at, named.size(), named) == 0) index_at->push_back(h.size() + at + kDigits);
  return h + rest;
}

void write_diagnostics_json(JsonWriter& w, const std::vector<notation::Diagnostic>& diags) {
  w.key("diagnostics").begin_array();
  for (const auto& d : diags) {
    w.begin_object().key("severity").value(notation::severity_name(d.severity));
    w.key("code").value(d.code);
    if (d.span.line > 0)
      w.key("line").value(d.span.line).key("col").value(d.span.col);
    else
      w.key("line").null().key("col").null();
    w.key("ply");
    if (d.ply)
      w.value(*d.ply);
    else
      w.null();
    w.key("message").value(d.message).end_object();
  }
  w.end_array();
}

}  // namespace scribe::app
