// Diagnostics, errors and the version of the public API.
#include "scribe/diagnostic.hpp"

#include "api/internal.hpp"
#include "notation/core/source.hpp"
#include "scribe/version.hpp"

namespace scribe {

const char* version() noexcept { return SCRIBE_VERSION_STRING; }

std::string_view severity_name(Severity severity) noexcept {
  return severity == Severity::kError ? "error" : "warning";
}

std::string Diagnostic::headline() const {
  if (line > 0) return notation::format_headline(file, api::to_internal(*this));
  // No place: "FILE: severity[code]: message", as validate writes a file's problem.
  std::string out = file.empty() ? std::string() : file + ": ";
  return out + std::string(severity_name(severity)) + "[" + code + "]: " + message;
}

std::string Diagnostic::full_text() const {
  if (line > 0) return notation::format_diagnostic(file, api::to_internal(*this));
  return headline() + "\n" + (context.empty() ? std::string() : "  " + context + "\n");
}

Error::Error(const std::string& what) : std::runtime_error(what) {}
Error::~Error() = default;

IllegalMove::IllegalMove(Diagnostic diagnostic)
    : Error(diagnostic.message), diagnostic_(std::move(diagnostic)) {}
IllegalMove::~IllegalMove() = default;

namespace api {

Diagnostic to_public(const notation::Diagnostic& d, const std::string& file) {
  Diagnostic out;
  out.severity = d.severity == notation::Severity::kError ? Severity::kError : Severity::kWarning;
  out.code = d.code;
  out.message = d.message;
  out.file = file;
  out.line = static_cast<int>(d.span.line);
  out.col = static_cast<int>(d.span.col);
  out.length = static_cast<int>(d.span.len);
  out.ply = d.ply;
  out.context = d.context;
  out.source_line = d.source_line;
  return out;
}

notation::Diagnostic to_internal(const Diagnostic& d) {
  notation::Diagnostic out;
  out.severity =
      d.severity == Severity::kError ? notation::Severity::kError : notation::Severity::kWarning;
  out.code = d.code;
  out.message = d.message;
  out.span.line = static_cast<std::uint32_t>(d.line < 0 ? 0 : d.line);
  out.span.col = static_cast<std::uint32_t>(d.col < 0 ? 0 : d.col);
  out.span.len = static_cast<std::uint32_t>(d.length < 0 ? 0 : d.length);
  out.ply = d.ply;
  out.context = d.context;
  out.source_line = d.source_line;
  return out;
}

}  // namespace api
}  // namespace scribe
