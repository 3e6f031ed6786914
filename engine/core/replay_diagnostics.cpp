#include "engine/core/replay_diagnostics.hpp"

#include <algorithm>

#include "notation/core/record_input.hpp"

namespace scribe::engine {

using notation::Diagnostic;
using notation::Record;
using notation::SourceSpan;

std::string context_line(const Record& record, std::optional<int> ply, std::string_view side,
                         std::string_view roll) {
  std::string out = "record " + std::to_string(record.index) + " (line " +
                    std::to_string(record.line) + ")";
  if (ply) {
    out += ", ply " + std::to_string(*ply);
    if (!side.empty()) {
      out += ", ";
      out += side;
      out += " to move";
    }
    if (!roll.empty()) {
      out += ", roll ";
      out += roll;
    }
  }
  return out;
}

SourceSpan sub_span(const SourceSpan& base, std::string_view text, std::uint32_t offset,
                    std::uint32_t length) {
  SourceSpan s = base;
  const std::uint32_t total = notation::count_chars(text);
  s.col = base.col + offset;
  s.offset = base.offset + notation::byte_offset_of_char(text, offset);
  if (length == 0) length = offset < total ? total - offset : 1;
  s.len = std::max<std::uint32_t>(1, length);
  return s;
}

SourceSpan finding_span(const Finding& f, const Record& record, const notation::Ply& ply,
                        const notation::Roll* stray) {
  const notation::Roll* roll = nullptr;
  if (f.anchor == Anchor::kRoll && ply.roll) roll = &*ply.roll;
  if (f.anchor == Anchor::kStrayRoll) roll = stray;
  if (roll != nullptr) return roll_span(f, *roll);
  return sub_span(ply.span, record.text_of(ply), f.offset, f.length);
}

SourceSpan roll_span(const Finding& f, const notation::Roll& roll) {
  if (f.offset == 0 && f.length == 0) return roll.span;
  SourceSpan inner = roll.span;
  inner.col += 1;
  inner.offset += 1;
  return sub_span(inner, roll.text, f.offset, f.length);
}

Collector::Collector(const Record& record, ReplayResult& out) : record_(record), out_(out) {
  for (const auto& d : record.tag_diagnostics) spoiled_ = spoiled_ || d.code == "record.encoding";
}

Diagnostic Collector::make(Severity severity, std::string code, std::string message,
                           const SourceSpan& span, std::optional<int> ply,
                           std::string context) const {
  Diagnostic d;
  d.severity = severity;
  d.code = std::move(code);
  d.message = std::move(message);
  d.span = span;
  if (d.span.len == 0) d.span.len = 1;
  d.ply = ply;
  d.context = std::move(context);
  d.source_line = std::string(record_.source_line(span.line));
  // In a record with a bad byte, each bad byte (0x1A in the text) is shown as U+FFFD.
  if (spoiled_) notation::detail::show_substitutes(d.source_line);
  return d;
}

void Collector::finish() {
  auto by_position = [](const Diagnostic& a, const Diagnostic& b) {
    return a.span.offset < b.span.offset;
  };
  std::stable_sort(tags_.begin(), tags_.end(), by_position);
  std::stable_sort(movetext_.begin(), movetext_.end(), by_position);
  for (auto* part : {&tags_, &movetext_, &result_})
    for (auto& d : *part) {
      if (d.context.empty()) d.context = context_line(record_, d.ply, "", "");
      (d.severity == Severity::kError ? out_.errors : out_.warnings)++;
      out_.diagnostics.push_back(std::move(d));
    }
}

}  // namespace scribe::engine
