// The one JSON writer of the commands: a streaming writer that appends compact JSON (no spaces)
// to a string, in the order the caller gives, with commas and escapes handled here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace scribe::app {

// Appends JSON text to a string. Keys and values are written in call order; the writer puts
// the commas, so callers say only what comes next. Strings are escaped as RFC 8259 requires
// (quote, backslash, control characters; bytes from 0x80 up pass through as UTF-8).
// Appends `s` as the inside of a JSON string (no quotes), escaped as RFC 8259 requires (quote,
// backslash, control characters); with `script_safe` also '<', '>' and '&' as their \u escapes,
// as script_safe_json writes them.
void append_json_chars(std::string& out, std::string_view s, bool script_safe);

// `json` (JSON text, as JsonWriter writes it) made safe inside an HTML <script> element: every
// '<', '>' and '&', which such text holds only inside strings, becomes its \u escape, so the
// value read back is the same.
std::string script_safe_json(std::string_view json);

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  // The key of the next member of an object.
  JsonWriter& key(std::string_view name);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(std::int64_t n);
  // Any other integer type.
  template <class T>
  requires(std::is_integral_v<T> && !std::is_same_v<T, bool> &&
           !std::is_same_v<T, std::int64_t>) JsonWriter& value(T n) {
    return value(static_cast<std::int64_t>(n));
  }
  JsonWriter& value(bool b);
  // A string, or null when absent.
  JsonWriter& value(const std::optional<std::string>& s);
  JsonWriter& null();
  // A number already formatted (e.g. "12.50"); the caller vouches that it is a JSON number.
  JsonWriter& number_text(std::string_view text);
  // An array of strings.
  JsonWriter& strings(const std::vector<std::string>& items);
  // Ends a JSON Lines line.
  JsonWriter& newline();

 private:
  void separate() {
    if (need_comma_) out_ += ',';
  }
  std::string& out_;
  bool need_comma_ = false;
};

}  // namespace scribe::app
