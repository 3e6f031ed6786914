// The record container reader (record-format.md) and the one PEGTL translation unit of the
// container: tag lines and the items of a movetext line are read with record_grammar.hpp.
//
// How it works:
// - open_file()/open_text() look at the first bytes for UTF-16 and UTF-32 (the file is then
//   unreadable, C10). Every line is checked for bad bytes (invalid UTF-8, NUL) as it is read,
//   with an ASCII fast path of eight bytes at a time; a line with one is handed on as a copy
//   with each bad byte replaced by one byte 0x1A, so record boundaries, offsets and columns are
//   those of the bytes, and the record that takes the line gets record.encoding at its first.
// - LineSource (record_input.hpp, with the UTF-8 checker and the other byte-level helpers)
//   cuts the input into lines (LF, CRLF or a lone CR). This splitter is written by
//   hand: it is simpler and faster than a grammar for it. It reads with read() into a buffer
//   from which consumed lines are dropped, so memory is bounded by the longest line; a line
//   longer than the record limit comes in fragments.
// - The reader (Impl) decides for each line whether it starts a new record (record-format.md,
//   "Where a record starts"), parses tag lines and movetext lines with PEGTL, and appends the
//   line to the record's text. A record larger than the limit keeps its tags and gets one
//   record.limit diagnostic; the rest of its text is skipped, its boundaries still tracked.
#include "notation/core/record.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <unordered_set>
#include <utility>

#include "notation/core/record_grammar.hpp"
#include "notation/core/record_input.hpp"

namespace scribe::notation {

namespace {

namespace pegtl = tao::pegtl;
namespace g = record_grammar;
using namespace detail;  // the byte level: record_input.hpp

constexpr std::uint64_t kDefaultMaxRecordBytes = 64ull << 20;
constexpr std::size_t kMaxTokenBytes = std::size_t{1} << 20;
using LineInput = pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf, const char*>;

// ---------------------------------------------------------------- tag lines

// One tag of a tag line, by byte positions in the line.
struct RawTag {
  std::size_t begin = 0, end = 0, name_begin = 0, name_end = 0, value_begin = 0, value_end = 0;
};

// What parsing one tag line found.
struct TagLineParse {
  std::vector<RawTag> tags;        // the well-formed tags
  std::vector<std::string> names;  // every name read, a malformed tag's included
  g::TagError error = g::TagError::kNone;
  std::size_t error_at = 0;         // byte of the failure in the line
  std::size_t error_tag_begin = 0;  // byte of the `[` of the malformed tag

  bool well_formed() const { return error == g::TagError::kNone; }
};

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

// Returns the byte length of the character at byte `at` of `line` (0 at the end).
std::size_t char_len(std::string_view line, std::size_t at) {
  if (at >= line.size()) return 0;
  const auto* c = reinterpret_cast<const unsigned char*>(line.data() + at);
  return std::max<std::size_t>(1, utf8_char_len(c, line.size() - at));
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

}  // namespace

bool detail::well_formed_tag_line(std::string_view line) {
  TagLineParse parsed;
  parse_tag_line(line, parsed);
  return parsed.well_formed();
}

// ---------------------------------------------------------------- records

namespace {

class Builder;

// The actions of the movetext grammar: each item goes to the Builder (specialized below it).
template <typename Rule>
struct MoveAction : pegtl::nothing<Rule> {};

// What the movetext actions need: the builder, the line and its column counter.
struct MoveState {
  Builder& builder;
  const LineView& line;
  ColumnCounter columns;
};

// Builds one record from its lines: decides where records start, reads tags and movetext, and
// collects the container diagnostics.
class Builder {
 public:
  // Forgets the previous input (its parsed tag line is cached by offset).
  void forget_input() { parsed_offset_ = UINT64_MAX; }

  // Sets the longest token accepted (bytes); a longer one is reported and skipped.
  void set_max_token(std::size_t n) { max_token_ = n; }

  // Starts a new record whose text begins at `offset` on line `line`.
  void begin(std::uint64_t offset, std::uint32_t line, std::uint64_t max_record) {
    cur_ = Record{};
    cur_.offset = offset;
    cur_.first_line = line;
    max_record_ = max_record;
    has_tags_ = has_movetext_ = separated_ = overflow_ = false;
    in_comment_ = skip_rest_of_line_ = anchored_ = false;
    head_len_ = 0;
    names_.clear();
    pending_roll_.reset();
    encoding_.reset();
    encoding_in_movetext_ = last_line_tags_ = false;
  }

  // Notes the first bad byte of the record (C10): record.encoding, made by the caller; later
  // ones add nothing.
  // Notes too whether the bad byte stands after the record's tags, not on a tag line (then C2
  // reports it among the movetext's diagnostics, in text order).
  void note_encoding(Diagnostic d) {
    if (encoding_) return;
    encoding_ = std::move(d);
    encoding_in_movetext_ = !last_line_tags_ && (has_tags_ || has_movetext_);
  }
  // True once the record holds a bad byte.
  bool spoiled() const { return encoding_.has_value(); }
  // The record.encoding of a record that never started (bad bytes in comments or blank lines
  // of a file without records), taken away.
  std::optional<Diagnostic> take_encoding() { return std::exchange(encoding_, std::nullopt); }

  // True once the record holds a tag line or movetext (and so is a record).
  bool started() const { return has_tags_ || has_movetext_; }

  // Takes the next line: returns true, without taking it, when the line starts a new record.
  bool offer(const LineView& v) {
    if (v.starts_line) skip_rest_of_line_ = false;
    const TagLineParse* tags = tag_line_of(v);
    if (v.starts_line) last_line_tags_ = tags != nullptr;
    if (tags != nullptr && in_comment_) {
      in_comment_ = false;
      if (!overflow_)
        add(cur_.movetext_diagnostics, "record.unclosed-comment",
            "unclosed comment: this '{' is never closed before the next tag line (line " +
                std::to_string(v.line) + ")",
            comment_open_);
    }
    if (tags != nullptr && started()) {
      bool repeats = has_movetext_ || separated_;
      for (const auto& n : tags->names) repeats = repeats || (!n.empty() && names_.count(n) > 0);
      if (repeats) return true;
    }
    if (!overflow_ && v.offset + v.len + v.ending - cur_.offset > max_record_) start_overflow();
    bool head_line = false;
    if (tags != nullptr) {
      take_tag_line(v, *tags);
      head_line = true;
    } else if (!v.starts_line && skip_rest_of_line_) {
      // The rest of a long tag line, `;` comment or unclosed `(`.
    } else if (in_comment_) {
      if (const void* close = std::memchr(v.data, '}', v.len)) {
        in_comment_ = false;
        head_line = scan(v, static_cast<const char*>(close) + 1);
      }
    } else if (v.starts_line && std::all_of(v.data, v.data + v.len, is_blank)) {
      if (has_tags_) separated_ = true;
    } else {
      head_line = scan(v, v.data);
    }
    if (!overflow_) {
      cur_.text.append(v.data, v.len + v.ending);
      if (head_line) head_len_ = cur_.text.size();
    }
    return false;
  }

  // Ends the record (at a new record or the end of the input) and hands it out.
  Record finish(const std::string& file, int index) {
    if (overflow_) {
      add(cur_.tag_diagnostics, "record.limit",
          "record is larger than the " + std::to_string(max_record_) +
              "-byte limit; raise it with --max-record-bytes",
          SourceSpan{anchor_.line, anchor_.col, anchor_.offset, 1});
    } else {
      if (in_comment_)
        add(cur_.movetext_diagnostics, "record.unclosed-comment",
            "unclosed comment: this '{' is never closed before the end of the file", comment_open_);
      if (pending_roll_) stray_pending_roll();
      for (const auto& mn : cur_.move_numbers)
        if (mn.before_ply > static_cast<int>(cur_.plies.size()))
          add(cur_.movetext_diagnostics, "record.bad-token",
              "move number '" + cur_.text.substr(mn.span.offset - cur_.offset, mn.span.len) +
                  "' has no ply after it",
              mn.span);
    }
    auto by_offset = [](const Diagnostic& a, const Diagnostic& b) {
      return a.span.offset < b.span.offset;
    };
    for (auto* list : {&cur_.tag_diagnostics, &cur_.movetext_diagnostics})
      for (auto& d : *list) d.source_line.assign(cur_.source_line(d.span.line));
    if (encoding_) {
      cur_.tag_diagnostics.push_back(std::move(*encoding_));
      cur_.encoding_in_movetext = encoding_in_movetext_;
      show_substitutes_in_record();
    }
    std::stable_sort(cur_.tag_diagnostics.begin(), cur_.tag_diagnostics.end(), by_offset);
    std::stable_sort(cur_.movetext_diagnostics.begin(), cur_.movetext_diagnostics.end(), by_offset);
    cur_.file = file;
    cur_.index = index;
    expected_plies_ = std::clamp<std::size_t>(cur_.plies.size(), 16, 1024);
    Record out = std::move(cur_);
    begin(0, 1, max_record_);
    return out;
  }

  // ---- Movetext items, called by MoveAction

  // A `;` comment, or a `{...}` comment closed on its line.
  void comment(MoveState& s, bool to_end_of_line) {
    if (has_tags_) separated_ = true;
    if (to_end_of_line && !s.line.ends_line) skip_rest_of_line_ = true;
  }
  // A `{` whose comment goes on past the line.
  void open_comment(MoveState& s, const char* at) {
    comment(s, false);
    in_comment_ = true;
    comment_open_ = span(s, at, at + 1);
  }
  // A roll `(...)` closed on its line.
  void roll(MoveState& s, const char* b, const char* e) {
    const SourceSpan sp = movetext(s, b, e);
    if (overflow_ || too_long(sp, e - b)) return;
    if (pending_roll_) stray_pending_roll();
    pending_roll_ = Roll{std::string(b + 1, e - 1), sp};
  }
  // The pending roll is not followed by a ply: keep it for the replay to judge.
  void stray_pending_roll() {
    cur_.stray_rolls.push_back(
        StrayRoll{std::move(*pending_roll_), static_cast<int>(cur_.plies.size()) + 1});
    pending_roll_.reset();
  }
  // A `(` not closed on its line: junk to the end of the line.
  void unclosed_roll(MoveState& s, const char* b, const char* e) {
    if (!s.line.ends_line) skip_rest_of_line_ = true;
    while (e > b + 1 && is_blank(e[-1])) --e;
    const SourceSpan sp = movetext(s, b, e);
    if (!overflow_)
      add(cur_.movetext_diagnostics, "record.bad-token",
          "unclosed '(': no ')' follows on this line; the rest of the line is skipped", sp);
  }
  // A `}` outside a comment.
  void stray_brace(MoveState& s, const char* b) {
    const SourceSpan sp = movetext(s, b, b + 1);
    if (!overflow_)
      add(cur_.movetext_diagnostics, "record.bad-token", "stray '}' outside a comment", sp);
  }
  // A move number `12.` or `12...`.
  void move_number(MoveState& s, const char* b, const char* e) {
    const SourceSpan sp = movetext(s, b, e);
    if (overflow_) return;
    const char* p = b;
    std::uint64_t value = 0;
    // A number too large for any ply is well-formed: it is kept at UINT32_MAX, which fits no
    // ply, so the replay reports it as record.move-number (C5) with its digits as written.
    for (; *p != '.'; ++p) value = std::min<std::uint64_t>(value * 10 + (*p - '0'), UINT32_MAX);
    if (cur_.move_numbers.empty()) cur_.move_numbers.reserve(expected_plies_);
    cur_.move_numbers.push_back(MoveNumber{static_cast<std::uint32_t>(value), e - p == 3,
                                           static_cast<int>(cur_.plies.size()) + 1, sp});
  }
  // Digits with a wrong number of dots.
  void bad_move_number(MoveState& s, const char* b, const char* e) {
    const SourceSpan sp = movetext(s, b, e);
    if (overflow_) return;
    const std::string_view digits(b, static_cast<std::size_t>(std::find(b, e, '.') - b));
    add(cur_.movetext_diagnostics, "record.bad-token",
        "malformed move number '" + std::string(b, e) + "': write " + std::string(digits) +
            ". or " + std::string(digits) + "...",
        sp);
  }
  // A ply token.
  void ply(MoveState& s, const char* b, const char* e) {
    const SourceSpan sp = movetext(s, b, e);
    if (overflow_ || too_long(sp, e - b)) return;
    if (cur_.plies.empty()) cur_.plies.reserve(expected_plies_);
    Ply& p = cur_.plies.emplace_back();
    p.text.assign(b, static_cast<std::size_t>(e - b));
    p.span = sp;
    if (pending_roll_) {
      p.roll.emplace(std::move(*pending_roll_));
      pending_roll_.reset();
    }
  }

 private:
  // In a record with bad bytes, shows each (0x1A in the text) as U+FFFD where text leaves the
  // record for people: tag values and the source lines and messages of diagnostics. Plies and
  // rolls keep the byte, so they stay as long as their spans (the record is not replayed).
  void show_substitutes_in_record() {
    for (auto& t : cur_.tags) show_substitutes(t.value);
    for (auto* list : {&cur_.tag_diagnostics, &cur_.movetext_diagnostics})
      for (auto& d : *list) {
        show_substitutes(d.source_line);
        show_substitutes(d.message);
      }
  }

  // Returns the parsed tag line when v is one: a line beginning with `[` outside a comment, or
  // a well-formed tag line inside one. A fragment of a too long line is never well-formed.
  const TagLineParse* tag_line_of(const LineView& v) {
    if (!v.starts_line || v.len == 0 || v.data[0] != '[') return nullptr;
    if (parsed_offset_ != v.offset) {
      parsed_offset_ = v.offset;
      parse_tag_line(v.ends_line ? v.text() : std::string_view(), parsed_);
      if (!v.ends_line) parsed_.error = g::TagError::kTextAfterTags;
    }
    if (in_comment_ && !parsed_.well_formed()) return nullptr;
    return &parsed_;
  }

  void take_tag_line(const LineView& v, const TagLineParse& p) {
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

  // Parses movetext from `from` to the end of the line; returns true when the record's first
  // movetext stands on this line (for a record without tags).
  bool scan(const LineView& v, const char* from);

  SourceSpan span(MoveState& s, const char* b, const char* e) {
    SourceSpan sp;
    sp.line = s.line.line;
    sp.col = s.columns.at(b);
    sp.offset = s.line.offset + static_cast<std::uint64_t>(b - s.line.data);
    sp.len = std::max<std::uint32_t>(1, s.columns.at(e) - sp.col);
    return sp;
  }

  // Notes a movetext item (anything but a comment) and returns its span.
  SourceSpan movetext(MoveState& s, const char* b, const char* e) {
    const SourceSpan sp = span(s, b, e);
    if (!anchored_) {
      anchored_ = true;
      anchor_ = sp;
      cur_.line = sp.line;
    }
    has_movetext_ = true;
    return sp;
  }

  // Reports a token longer than the token limit (record.limit); returns true when it is.
  bool too_long(const SourceSpan& sp, std::ptrdiff_t bytes) {
    if (static_cast<std::size_t>(bytes) <= max_token_) return false;
    add(cur_.movetext_diagnostics, "record.limit",
        "token is longer than the " + std::to_string(max_token_) +
            "-byte limit; it is skipped (raise it with --max-token-bytes)",
        SourceSpan{sp.line, sp.col, sp.offset, 1});
    return true;
  }

  // The record outgrows the limit: keep its head (tag lines), drop its movetext.
  void start_overflow() {
    overflow_ = true;
    std::vector<Ply>().swap(cur_.plies);
    std::vector<MoveNumber>().swap(cur_.move_numbers);
    std::vector<Diagnostic>().swap(cur_.movetext_diagnostics);
    pending_roll_.reset();
    cur_.text.resize(head_len_);
    cur_.text.shrink_to_fit();
  }

  static void add(std::vector<Diagnostic>& list, std::string code, std::string message,
                  const SourceSpan& span) {
    Diagnostic& d = list.emplace_back();
    d.code = std::move(code);
    d.message = std::move(message);
    d.span = span;
    if (d.span.len == 0) d.span.len = 1;
  }

  Record cur_;
  std::uint64_t max_record_ = kDefaultMaxRecordBytes;
  std::size_t max_token_ = kMaxTokenBytes;
  bool has_tags_ = false, has_movetext_ = false, separated_ = false, overflow_ = false;
  bool in_comment_ = false, skip_rest_of_line_ = false, anchored_ = false;
  SourceSpan anchor_, comment_open_;
  std::size_t head_len_ = 0;
  std::size_t expected_plies_ = 16;  // the previous record's ply count, to reserve
  std::unordered_set<std::string> names_;
  std::optional<Roll> pending_roll_;
  std::uint64_t parsed_offset_ = UINT64_MAX;
  TagLineParse parsed_;
  std::optional<Diagnostic> encoding_;  // record.encoding at the record's first bad byte
  bool encoding_in_movetext_ = false;   // encoding_ goes with the movetext's diagnostics
  bool last_line_tags_ = false;         // the line offered last (its start) is a tag line
};

}  // namespace

namespace {

// Gives one movetext item to the builder with its begin and end.
#define SCRIBE_MOVE_ACTION(rule, call)                       \
  template <>                                                \
  struct MoveAction<g::rule> {                               \
    template <typename ActionInput>                          \
    static void apply(const ActionInput& in, MoveState& s) { \
      [[maybe_unused]] const char* b = in.begin();           \
      [[maybe_unused]] const char* e = in.end();             \
      s.builder.call;                                        \
    }                                                        \
  };
SCRIBE_MOVE_ACTION(line_comment, comment(s, true))
SCRIBE_MOVE_ACTION(brace_comment, comment(s, false))
SCRIBE_MOVE_ACTION(open_comment, open_comment(s, b))
SCRIBE_MOVE_ACTION(roll, roll(s, b, e))
SCRIBE_MOVE_ACTION(unclosed_roll, unclosed_roll(s, b, e))
SCRIBE_MOVE_ACTION(stray_brace, stray_brace(s, b))
SCRIBE_MOVE_ACTION(move_number, move_number(s, b, e))
SCRIBE_MOVE_ACTION(bad_move_number, bad_move_number(s, b, e))
SCRIBE_MOVE_ACTION(ply_token, ply(s, b, e))
#undef SCRIBE_MOVE_ACTION

bool Builder::scan(const LineView& v, const char* from) {
  const bool was_anchored = anchored_;
  MoveState s{*this, v, ColumnCounter(v.data, v.len, v.col_base + 1)};
  LineInput in(from, v.data + v.len, "");
  (void)pegtl::parse<g::movetext_line, MoveAction>(in, s);
  return !was_anchored && anchored_;
}

}  // namespace

// ---------------------------------------------------------------- public API

struct RecordReader::Impl {
  explicit Impl(std::string display_name) : name(std::move(display_name)) {}

  // Forgets the previous input.
  void reset() {
    reading = opened = false;
    count = 0;
    first_seen = false;
    first_line.clear();
    cleaner.reset();
    builder.forget_input();
    orphan.reset();
  }

  // Starts reading records; the first one begins at `offset` (after a byte order mark) on
  // line `line`.
  void start(std::uint64_t offset, std::uint32_t line = 1) {
    reading = opened = true;
    first_offset = offset;
    builder.begin(offset, line, max_record);
  }
  // The longest line (or fragment) the line source hands out.
  std::size_t max_line() const {
    return static_cast<std::size_t>(std::min<std::uint64_t>(max_record, SIZE_MAX / 4) + 1);
  }

  std::string name;
  std::uint64_t max_record = kDefaultMaxRecordBytes;
  LineSource source;
  Builder builder;
  bool reading = false;  // an input is open and has more lines
  bool opened = false;   // the input opened without a problem
  int count = 0;         // records handed out
  bool first_seen = false;
  std::string first_line;  // the text of line 1, for record.no-records
  std::uint64_t first_offset = 0;
  std::string source_encoding;       // --encoding, when the input is a converted copy
  LineCleaner cleaner;               // bad bytes out of lines
  std::optional<Diagnostic> orphan;  // a bad byte in a file without records
};

RecordReader::RecordReader(std::string display_name)
    : impl_(std::make_unique<Impl>(std::move(display_name))) {}

RecordReader::~RecordReader() = default;

void RecordReader::set_max_record_bytes(std::uint64_t n) {
  impl_->max_record = std::max<std::uint64_t>(n, 1);
}

void RecordReader::set_source_encoding(std::string encoding) {
  impl_->source_encoding = std::move(encoding);
  impl_->cleaner.set_converted(!impl_->source_encoding.empty());
}

void RecordReader::set_max_token_bytes(std::uint64_t n) {
  impl_->builder.set_max_token(static_cast<std::size_t>(std::max<std::uint64_t>(n, 1)));
}

std::optional<FileProblem> RecordReader::open_text(std::string text) {
  impl_->reset();
  if (auto problem = wide_encoding_problem(std::string_view(text).substr(0, kWideHead)))
    return problem;
  const std::size_t skip = has_bom(text) ? 3 : 0;
  impl_->source.reset(std::move(text), skip);
  impl_->start(skip);
  return std::nullopt;
}

std::optional<FileProblem> RecordReader::open_file(const std::filesystem::path& path) {
  impl_->reset();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return io_problem("cannot open", errno);
  auto fail = [fd](std::string_view what, int err) {
    ::close(fd);
    return io_problem(what, err);
  };
  struct stat st {};
  if (::fstat(fd, &st) != 0) return fail("cannot read", errno);
  if (!S_ISREG(st.st_mode)) {
    // A pipe or a device cannot be read twice: read it whole, then read it as text.
    constexpr std::size_t kChunk = std::size_t{1} << 20;
    std::unique_ptr<char[]> buf(new char[kChunk]);
    std::string text;
    for (;;) {
      ssize_t n = ::read(fd, buf.get(), kChunk);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return fail("cannot read", errno);
      if (n == 0) break;
      text.append(buf.get(), static_cast<std::size_t>(n));
    }
    ::close(fd);
    return open_text(std::move(text));
  }
  // The first bytes tell UTF-16 and UTF-32 (and the byte order mark).
  char head[kWideHead];
  const ssize_t n = read_at(fd, head, sizeof head, 0);
  if (n < 0) return fail("cannot read", errno);
  const std::string_view got(head, static_cast<std::size_t>(n));
  if (auto problem = wide_encoding_problem(got)) {
    ::close(fd);
    return problem;
  }
  const std::size_t skip = has_bom(got) ? 3 : 0;
  impl_->source.reset(fd, skip, static_cast<std::uint64_t>(st.st_size));
  impl_->start(skip);
  return std::nullopt;
}

std::optional<FileProblem> RecordReader::open_segment(const std::filesystem::path& path,
                                                      const FileSegment& segment) {
  impl_->reset();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return io_problem("cannot open", errno);
  impl_->source.reset(fd, segment.begin, segment.end, segment.first_line);
  impl_->start(segment.begin, segment.first_line);
  return std::nullopt;
}

std::optional<Record> RecordReader::next() {
  Impl& r = *impl_;
  if (!r.reading) return std::nullopt;
  LineView v;
  while (r.source.peek(v, r.max_line())) {
    if (!r.first_seen) {
      r.first_seen = true;
      if (v.ends_line) r.first_line.assign(v.text());
    }
    std::size_t bad = 0;
    if (r.builder.offer(r.cleaner.clean(v, bad))) {
      Record done = r.builder.finish(r.name, ++r.count);
      r.builder.begin(v.offset, v.line, r.max_record);
      return done;
    }
    if (bad < v.len && !r.builder.spoiled()) {
      const std::uint32_t col = v.col_base + 1 + count_chars(std::string_view(v.data, bad));
      r.builder.note_encoding(
          encoding_diagnostic(v.text(), bad, v.line, col, v.offset + bad, r.source_encoding));
    }
    r.source.consume(v);
    r.cleaner.consumed(v);
  }
  r.reading = false;
  if (r.builder.started()) return r.builder.finish(r.name, ++r.count);
  r.orphan = r.builder.take_encoding();
  return std::nullopt;
}

std::optional<FileProblem> RecordReader::finish() const {
  const Impl& r = *impl_;
  if (!r.opened || r.reading || r.count > 0) return std::nullopt;
  FileProblem problem;
  Diagnostic& d = problem.diagnostic;
  d.code = "record.no-records";
  d.message = "the file holds no record: it is empty or holds only blank lines and comments";
  d.span = SourceSpan{1, 1, r.first_offset, 1};
  d.source_line = r.first_line;
  // A bad byte in those comments belongs to no record (C10): the file still gets only
  // record.no-records at 1:1, whose message names the byte and where it stands.
  if (r.orphan) {
    std::string detail = r.orphan->message;
    const std::string_view kReplay = "; the record is not replayed";
    if (const std::size_t at = detail.find(kReplay); at != std::string::npos)
      detail.erase(at, kReplay.size());
    d.message = "the file holds no record, only blank lines and comments; at line " +
                std::to_string(r.orphan->span.line) + ", column " +
                std::to_string(r.orphan->span.col) + ": " + detail;
    substitute_bad_bytes(d.source_line.data(), d.source_line.size());
    show_substitutes(d.source_line);
  }
  return problem;
}

const Tag* Record::find_tag(std::string_view tag_name) const {
  for (const auto& t : tags)
    if (t.name == tag_name) return &t;
  return nullptr;
}

std::string_view Record::source_line(std::uint32_t wanted) const {
  if (wanted < first_line) return {};
  const std::string_view all(text);
  std::size_t pos = 0;
  for (std::uint32_t n = first_line; n < wanted; ++n) {
    const std::size_t eol = all.find_first_of("\r\n", pos);
    if (eol == std::string_view::npos) return {};
    pos = eol + (all[eol] == '\r' && eol + 1 < all.size() && all[eol + 1] == '\n' ? 2 : 1);
  }
  if (pos >= all.size()) return {};
  return all.substr(pos, std::min(all.find_first_of("\r\n", pos), all.size()) - pos);
}

std::vector<Record> read_records(std::string_view display_name, std::string text,
                                 std::optional<FileProblem>* problem) {
  std::vector<Record> out;
  RecordReader reader{std::string(display_name)};
  std::optional<FileProblem> p = reader.open_text(std::move(text));
  if (!p) {
    while (auto record = reader.next()) out.push_back(std::move(*record));
    p = reader.finish();
  }
  if (problem != nullptr) *problem = std::move(p);
  return out;
}

}  // namespace scribe::notation
