#include "app/commands/json.hpp"

namespace scribe::app {

namespace {

// The JSON escape that keeps `c` from closing or opening markup inside an HTML <script>
// (\u003c, \u003e, \u0026), or nullptr when `c` is not '<', '>' or '&'.
const char* script_escape(unsigned char c) {
  switch (c) {
    case '<':
      return "\\u003c";
    case '>':
      return "\\u003e";
    case '&':
      return "\\u0026";
    default:
      return nullptr;
  }
}

}  // namespace

void append_json_chars(std::string& out, std::string_view s, bool script_safe) {
  static constexpr char kHex[] = "0123456789abcdef";
  // Runs of characters that need no escape are appended whole.
  std::size_t run = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const char* markup = script_safe ? script_escape(c) : nullptr;
    if (c >= 0x20 && c != '"' && c != '\\' && c != 0x7F && markup == nullptr) continue;
    out.append(s.data() + run, i - run);
    run = i + 1;
    if (markup != nullptr) {
      out += markup;
      continue;
    }
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        out += "\\u00";
        out += kHex[c >> 4];
        out += kHex[c & 15];
    }
  }
  out.append(s.data() + run, s.size() - run);
}

namespace {

// Appends `s` to `out` as a JSON string literal (with quotes).
void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  append_json_chars(out, s, false);
  out += '"';
}

}  // namespace

std::string script_safe_json(std::string_view json) {
  std::string out;
  out.reserve(json.size());
  for (const char c : json) {
    if (const char* markup = script_escape(static_cast<unsigned char>(c)))
      out += markup;
    else
      out += c;
  }
  return out;
}

JsonWriter& JsonWriter::begin_object() {
  separate();
  out_ += '{';
  need_comma_ = false;
  return *this;
}

JsonWriter& JsonWriter::end_object() {
  out_ += '}';
  need_comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::begin_array() {
  separate();
  out_ += '[';
  need_comma_ = false;
  return *this;
}

JsonWriter& JsonWriter::end_array() {
  out_ += ']';
  need_comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
  separate();
  append_json_string(out_, name);
  out_ += ':';
  need_comma_ = false;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
  separate();
  append_json_string(out_, s);
  need_comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(std::int64_t n) {
  separate();
  out_ += std::to_string(n);
  need_comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(bool b) {
  separate();
  out_ += b ? "true" : "false";
  need_comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(const std::optional<std::string>& s) {
  return s ? value(std::string_view(*s)) : null();
}

JsonWriter& JsonWriter::null() {
  separate();
  out_ += "null";
  need_comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::number_text(std::string_view text) {
  separate();
  out_ += text;
  need_comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::strings(const std::vector<std::string>& items) {
  begin_array();
  for (const auto& s : items) value(std::string_view(s));
  return end_array();
}

JsonWriter& JsonWriter::newline() {
  out_ += '\n';
  need_comma_ = false;
  return *this;
}

}  // namespace scribe::app
