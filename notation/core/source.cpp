#include "notation/core/source.hpp"

namespace scribe::notation {

std::string_view severity_name(Severity s) {
  return s == Severity::kError ? "error" : "warning";
}

std::uint32_t count_chars(std::string_view text) {
  std::uint32_t n = 0;
  for (unsigned char c : text)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

std::size_t byte_offset_of_char(std::string_view text, std::uint32_t chars) {
  std::uint32_t seen = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
      if (seen == chars) return i;
      ++seen;
    }
  }
  return text.size();
}

std::string format_headline(std::string_view file, const Diagnostic& d) {
  std::string out;
  out.reserve(file.size() + d.code.size() + d.message.size() + 32);
  out += file;
  out += ':';
  out += std::to_string(d.span.line);
  out += ':';
  out += std::to_string(d.span.col);
  out += ": ";
  out += severity_name(d.severity);
  out += '[';
  out += d.code;
  out += "]: ";
  out += d.message;
  return out;
}

std::string format_diagnostic(std::string_view file, const Diagnostic& d) {
  std::string out = format_headline(file, d);
  out += '\n';
  if (d.span.line > 0) {
    out += "    ";
    out += d.source_line;
    out += '\n';
    out += "    ";
    // Copy tabs from the source line so the caret lines up however tabs are shown.
    const std::size_t prefix_end = byte_offset_of_char(d.source_line, d.span.col - 1);
    std::uint32_t pad_chars = d.span.col - 1;
    std::uint32_t copied = 0;
    for (std::size_t i = 0; i < prefix_end; ++i) {
      const unsigned char c = static_cast<unsigned char>(d.source_line[i]);
      if ((c & 0xC0) == 0x80) continue;
      out += (c == '\t') ? '\t' : ' ';
      ++copied;
    }
    for (; copied < pad_chars; ++copied) out += ' ';
    out += '^';
    for (std::uint32_t i = 1; i < d.span.len; ++i) out += '~';
    out += '\n';
  }
  if (!d.context.empty()) {
    out += "  ";
    out += d.context;
    out += '\n';
  }
  return out;
}

}  // namespace scribe::notation
