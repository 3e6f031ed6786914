// Tag lines of the record container (record-format.md, "Tags"): the tag grammar's actions,
// the messages of a malformed tag line, and how the Builder takes a tag line into its record.
#include <algorithm>
#include <string>
#include <string_view>

#include "notation/core/record_builder.hpp"
#include "notation/core/record_grammar.hpp"
#include "notation/core/record_input.hpp"

namespace scribe::notation::detail {

namespace {

namespace pegtl = tao::pegtl;
namespace g = record_grammar;
using LineInput = pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf, const char*>;

// Thrown by TagControl::raise and caught in parse_tag_line: never leaves this file.
struct TagFailure {};

// Parse state of the tag grammar's actions.
struct TagState {
  const char* line;
  TagLineParse& out;
  RawTag current;
};

template <typename Rule>
struct TagAction : pegtl::nothing<Rule> {};

template <>
struct TagAction<g::tag_open> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, TagState& st) {
    st.current = RawTag{};
    st.current.begin = static_cast<std::size_t>(in.begin() - st.line);
  }
};

template <>
struct TagAction<g::tag_name> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, TagState& st) {
    st.current.name_begin = static_cast<std::size_t>(in.begin() - st.line);
    st.current.name_end = st.current.name_begin + in.size();
    st.out.names.emplace_back(in.begin(), in.size());
  }
};

template <>
struct TagAction<g::value_text> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, TagState& st) {
    st.current.value_begin = static_cast<std::size_t>(in.begin() - st.line);
    st.current.value_end = st.current.value_begin + in.size();
  }
};

template <>
struct TagAction<g::tag> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, TagState& st) {
    st.current.end = static_cast<std::size_t>(in.end() - st.line);
    st.out.tags.push_back(st.current);
  }
};

// Records which must<> failed, and where, instead of building a pegtl::parse_error.
template <typename Rule>
struct TagControl : pegtl::normal<Rule> {
  template <typename ParseInput>
  [[noreturn]] static void raise(const ParseInput& in, TagState& st) {
    st.out.error = g::kTagError<Rule>;
    st.out.error_at = static_cast<std::size_t>(in.current() - st.line);
    st.out.error_tag_begin = st.current.begin;
    throw TagFailure{};
  }
};

// Returns the byte length of the character at byte `at` of `line` (0 at the end).
std::size_t char_len(std::string_view line, std::size_t at) {
  if (at >= line.size()) return 0;
  const auto* c = reinterpret_cast<const unsigned char*>(line.data() + at);
  return std::max<std::size_t>(1, utf8_char_len(c, line.size() - at));
}

}  // namespace

// Parses a line that begins with `[` into `out` (whose vectors are reused).
void parse_tag_line(std::string_view line, TagLineParse& out) {
  out.tags.clear();
  out.names.clear();
  out.error = g::TagError::kNone;
  TagState st{line.data(), out, {}};
  LineInput in(line.data(), line.data() + line.size(), "");
  try {
    pegtl::parse<g::tag_line, TagAction, TagControl>(in, st);
  } catch (const TagFailure&) {
  } catch (const pegtl::parse_error&) {
    out.error = g::TagError::kTextAfterTags;  // not reached: every must<> is in the table
  }
}

// Returns the value of a well-formed tag with its escapes resolved.
std::string unescape(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\' && i + 1 < raw.size()) ++i;
    out += raw[i];
  }
  return out;
}

// Returns the message of a malformed tag line.
std::string tag_error_message(const TagLineParse& p, std::string_view line) {
  const std::string name =
      p.names.empty() || p.tags.size() == p.names.size() ? std::string() : p.names.back();
  const std::size_t at = std::min(p.error_at, line.size());
  switch (p.error) {
    case g::TagError::kNoName:
      return "malformed tag: '[' must be followed by a tag name (letters, digits and _)";
    case g::TagError::kBadNameChar:
      return "malformed tag: '" + std::string(line.substr(at, char_len(line, at))) +
             "' cannot stand in a tag name (letters, digits and _ only)";
    case g::TagError::kNoOpenQuote:
      return "malformed tag: the value of tag " + name + " must be in double quotes";
    case g::TagError::kBadEscape:
      if (at < line.size())
        return "malformed tag: '\\" + std::string(line.substr(at, char_len(line, at))) +
               "' in the value of tag " + name + " is not an escape (only \\\" and \\\\ are)";
      [[fallthrough]];
    case g::TagError::kNoCloseQuote:
      return "malformed tag: the value of tag " + name + " has no closing quote";
    case g::TagError::kNoCloseBracket:
      return "malformed tag: expected ']' after the value of tag " + name;
    case g::TagError::kTextAfterTags:
    case g::TagError::kNone:
      break;
  }
  return "text after the tags on a tag line";
}

bool well_formed_tag_line(std::string_view line) {
  TagLineParse parsed;
  parse_tag_line(line, parsed);
  return parsed.well_formed();
}

// ---------------------------------------------------------------- the Builder's tag lines

const TagLineParse* Builder::tag_line_of(const LineView& v) {
  if (!v.starts_line || v.len == 0 || v.data[0] != '[') return nullptr;
  if (parsed_offset_ != v.offset) {
    parsed_offset_ = v.offset;
    parse_tag_line(v.ends_line ? v.text() : std::string_view(), parsed_);
    if (!v.ends_line) parsed_.error = g::TagError::kTextAfterTags;
  }
  if (in_comment_ && !parsed_.well_formed()) return nullptr;
  return &parsed_;
}

void Builder::take_tag_line(const LineView& v, const TagLineParse& p) {
  if (!anchored_) {
    anchored_ = true;
    anchor_ = SourceSpan{v.line, 1, v.offset, 1};
    cur_.line = v.line;
  }
  has_tags_ = true;
  for (const auto& n : p.names)
    if (!n.empty()) names_.insert(n);
  if (!v.ends_line) skip_rest_of_line_ = true;
  if (overflow_ || !v.ends_line) return;
  ColumnCounter cols(v.data, v.len, 1);
  auto at = [&](std::size_t byte, std::size_t end) {
    const std::uint32_t col = cols.at(v.data + byte);
    return SourceSpan{v.line, col, v.offset + byte, cols.at(v.data + end) - col};
  };
  for (const RawTag& r : p.tags) {
    Tag& t = cur_.tags.emplace_back();
    t.span = at(r.begin, r.begin);
    t.name_span = at(r.name_begin, r.name_end);
    t.value_span = at(r.value_begin, r.value_end);
    t.span.len = cols.at(v.data + r.end) - t.span.col;
    t.name.assign(v.data + r.name_begin, r.name_end - r.name_begin);
    t.value = unescape(v.text().substr(r.value_begin, r.value_end - r.value_begin));
  }
  if (p.well_formed()) return;
  std::size_t end = v.len;
  while (end > 0 && is_blank(v.data[end - 1])) --end;
  std::size_t begin = p.error_at;
  if (p.error != g::TagError::kTextAfterTags) {
    begin = p.error_tag_begin;
    const std::size_t close = v.text().find(']', p.error_at);
    if (close != std::string_view::npos) end = close + 1;
  }
  add(cur_.tag_diagnostics, "record.bad-tag", tag_error_message(p, v.text()),
      at(begin, std::max(end, begin)));
}

}  // namespace scribe::notation::detail
