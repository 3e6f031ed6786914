// The movetext of the record container (record-format.md, "Movetext", "Several records per
// file"): the Builder decides for each line whether it starts a new record, reads movetext
// lines with the movetext grammar (record_grammar.hpp), keeps comments at their plies, and
// collects the container diagnostics that need no game.
#include "notation/core/record_builder.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <utility>

#include "notation/core/movetext_bytes.hpp"
#include "notation/core/record_grammar.hpp"
#include "notation/core/record_input.hpp"

namespace scribe::notation::detail {

namespace {

namespace pegtl = tao::pegtl;
namespace g = record_grammar;
using LineInput = pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf, const char*>;

// The actions of the movetext grammar: each item goes to the Builder.
template <typename Rule>
struct MoveAction : pegtl::nothing<Rule> {};

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
SCRIBE_MOVE_ACTION(line_comment, comment(s, b, e, true))
SCRIBE_MOVE_ACTION(brace_comment, comment(s, b, e, false))
SCRIBE_MOVE_ACTION(open_comment, open_comment(s, b, e))
SCRIBE_MOVE_ACTION(roll, roll(s, b, e))
SCRIBE_MOVE_ACTION(unclosed_roll, unclosed_roll(s, b, e))
SCRIBE_MOVE_ACTION(stray_brace, stray_brace(s, b))
SCRIBE_MOVE_ACTION(move_number, move_number(s, b, e))
SCRIBE_MOVE_ACTION(bad_move_number, bad_move_number(s, b, e))
SCRIBE_MOVE_ACTION(ply_token, ply(s, b, e))
#undef SCRIBE_MOVE_ACTION

// Copies a span member by member (see Builder::add_ply).
inline void set_span(SourceSpan& to, const SourceSpan& from) {
  to.line = from.line;
  to.col = from.col;
  to.offset = from.offset;
  to.len = from.len;
}

}  // namespace

// The two helpers every movetext item calls, first so that the items inline them.
inline SourceSpan Builder::span(MoveState& s, const char* b, const char* e) {
  SourceSpan sp;
  sp.line = s.line.line;
  sp.col = s.columns.at(b);
  sp.offset = s.line.offset + static_cast<std::uint64_t>(b - s.line.data);
  sp.len = std::max<std::uint32_t>(1, s.columns.at(e) - sp.col);
  return sp;
}

inline SourceSpan Builder::movetext(MoveState& s, const char* b, const char* e) {
  const SourceSpan sp = span(s, b, e);
  if (!anchored_) {
    anchored_ = true;
    anchor_ = sp;
    cur_.line = sp.line;
  }
  has_movetext_ = true;
  return sp;
}

// A move number and a ply, kept: scan() reads both by hand (every ply of most records), so
// these are inline there. Each is made in place and filled member by member: a whole Ply or
// MoveNumber built on the stack and copied in is read back with wide loads from narrower
// stores, and that stalled the processor longer than the rest of reading a Soccolot ply.
inline void Builder::add_move_number(const SourceSpan& sp, std::uint32_t value, bool ellipsis) {
  if (overflow_) return;
  if (cur_.move_numbers.empty()) cur_.move_numbers.reserve(expected_plies_);
  MoveNumber& m = cur_.move_numbers.emplace_back();
  m.value = value;
  m.ellipsis = ellipsis;
  m.before_ply = static_cast<int>(cur_.plies.size()) + 1;
  set_span(m.span, sp);
}

inline void Builder::add_ply(const SourceSpan& sp, std::size_t bytes) {
  if (overflow_ || (bytes > max_token_ && too_long(sp, static_cast<std::ptrdiff_t>(bytes)))) return;
  if (cur_.plies.empty()) cur_.plies.reserve(expected_plies_);
  Ply& p = cur_.plies.emplace_back();
  set_span(p.span, sp);
  // The token fits in 32 bits: set_max_token keeps the limit below 4 GiB.
  p.bytes = static_cast<std::uint32_t>(bytes);
  if (pending_roll_) {
    p.roll = std::move(pending_roll_);
    pending_roll_.reset();
  }
}

// The value of the digits [b, e) of a move number, kept at UINT32_MAX when larger: a number too
// large for any ply is well-formed, and fits no ply, so the replay reports it as
// record.move-number (C5) with its digits as written.
inline std::uint64_t number_value(const char* b, const char* e) {
  std::uint64_t value = 0;
  if (e - b <= 19) {
    // 19 digits fit 64 bits: add them up and bound the sum once (a bound at every digit made
    // each digit wait on the one before it twice as long).
    for (; b < e; ++b) value = value * 10 + static_cast<std::uint64_t>(*b - '0');
    return std::min<std::uint64_t>(value, UINT32_MAX);
  }
  // More digits (leading zeros, or a number far too large): bound at every digit.
  for (; b < e; ++b)
    value = std::min<std::uint64_t>(value * 10 + static_cast<std::uint64_t>(*b - '0'), UINT32_MAX);
  return value;
}

void Builder::begin(std::uint64_t offset, std::uint32_t line, std::uint64_t max_record) {
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

void Builder::note_encoding(Diagnostic d) {
  if (encoding_) return;
  encoding_ = std::move(d);
  encoding_in_movetext_ = !last_line_tags_ && (has_tags_ || has_movetext_);
}

bool Builder::offer(const LineView& v) {
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
    head_line = continue_comment(v);
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

bool Builder::continue_comment(const LineView& v) {
  const void* close = std::memchr(v.data, '}', v.len);
  const char* end = close != nullptr ? static_cast<const char*>(close) : v.data + v.len;
  if (!overflow_ && !cur_.comments.empty()) {
    Comment& c = cur_.comments.back();
    if (v.starts_line) c.text += '\n';
    c.text.append(v.data, static_cast<std::size_t>(end - v.data));
    c.closed = close != nullptr;
  }
  if (close == nullptr) return false;
  in_comment_ = false;
  return scan(v, end + 1);
}

Record Builder::finish(const std::string& file, int index) {
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
  expected_plies_ = std::clamp<std::size_t>(
      std::max(cur_.plies.size(), expected_plies_ - expected_plies_ / 8), 16, 1024);
  Record out = std::move(cur_);
  begin(0, 1, max_record_);
  return out;
}

// ---------------------------------------------------------------- movetext items

void Builder::keep_comment(const SourceSpan& sp, std::string_view text, bool braced) {
  if (overflow_) return;
  Comment& c = cur_.comments.emplace_back();
  c.text.assign(text);
  c.braced = braced;
  c.after_ply = static_cast<int>(cur_.plies.size());
  c.before_tags = !started();
  c.span = sp;
}

void Builder::comment(MoveState& s, const char* b, const char* e, bool to_end_of_line) {
  if (has_tags_) separated_ = true;
  if (to_end_of_line && !s.line.ends_line) skip_rest_of_line_ = true;
  const std::size_t marks = to_end_of_line ? 1 : 2;  // `;`, or `{` and `}`
  keep_comment(span(s, b, e), std::string_view(b + 1, static_cast<std::size_t>(e - b) - marks),
               !to_end_of_line);
}

void Builder::open_comment(MoveState& s, const char* b, const char* e) {
  if (has_tags_) separated_ = true;
  in_comment_ = true;
  const SourceSpan sp = span(s, b, e);
  comment_open_ = SourceSpan{sp.line, sp.col, sp.offset, 1};
  keep_comment(sp, std::string_view(b + 1, static_cast<std::size_t>(e - b - 1)), true);
  if (!overflow_) cur_.comments.back().closed = false;
}

void Builder::roll(MoveState& s, const char* b, const char* e) {
  const SourceSpan sp = movetext(s, b, e);
  if (overflow_ || (static_cast<std::size_t>(e - b) > max_token_ && too_long(sp, e - b))) return;
  if (pending_roll_) stray_pending_roll();
  pending_roll_ = Roll{std::string(b + 1, e - 1), sp};
}

void Builder::stray_pending_roll() {
  cur_.stray_rolls.push_back(
      StrayRoll{std::move(*pending_roll_), static_cast<int>(cur_.plies.size()) + 1});
  pending_roll_.reset();
}

void Builder::unclosed_roll(MoveState& s, const char* b, const char* e) {
  if (!s.line.ends_line) skip_rest_of_line_ = true;
  while (e > b + 1 && is_blank(e[-1])) --e;
  const SourceSpan sp = movetext(s, b, e);
  if (!overflow_)
    add(cur_.movetext_diagnostics, "record.bad-token",
        "unclosed '(': no ')' follows on this line; the rest of the line is skipped", sp);
}

void Builder::stray_brace(MoveState& s, const char* b) {
  const SourceSpan sp = movetext(s, b, b + 1);
  if (!overflow_)
    add(cur_.movetext_diagnostics, "record.bad-token", "stray '}' outside a comment", sp);
}

void Builder::move_number(MoveState& s, const char* b, const char* e) {
  const char* dots = std::find(b, e, '.');
  add_move_number(movetext(s, b, e), static_cast<std::uint32_t>(number_value(b, dots)),
                  e - dots == 3);
}

void Builder::bad_move_number(MoveState& s, const char* b, const char* e) {
  const SourceSpan sp = movetext(s, b, e);
  if (overflow_) return;
  const std::string_view digits(b, static_cast<std::size_t>(std::find(b, e, '.') - b));
  add(cur_.movetext_diagnostics, "record.bad-token",
      "malformed move number '" + std::string(b, e) + "': write " + std::string(digits) + ". or " +
          std::string(digits) + "...",
      sp);
}

void Builder::ply(MoveState& s, const char* b, const char* e) {
  add_ply(movetext(s, b, e), static_cast<std::size_t>(e - b));
}

// ---------------------------------------------------------------- helpers

void Builder::show_substitutes_in_record() {
  for (auto& t : cur_.tags) show_substitutes(t.value);
  for (auto& c : cur_.comments) show_substitutes(c.text);
  for (auto* list : {&cur_.tag_diagnostics, &cur_.movetext_diagnostics})
    for (auto& d : *list) {
      show_substitutes(d.source_line);
      show_substitutes(d.message);
    }
}

// What the hand reading of a movetext line asks of a byte, as bits of one table look-up.
enum ByteClass : std::uint8_t { kBlankByte = 1, kSpecialByte = 2, kDigitByte = 4 };

// The class bits of every byte value (is_blank, starts_special, digits).
constexpr auto kByteClasses = [] {
  std::array<std::uint8_t, 256> t{};
  for (const char c : {' ', '\t', '\f', '\v'}) t[static_cast<unsigned char>(c)] = kBlankByte;
  for (const char c : {'{', '}', '(', ';'}) t[static_cast<unsigned char>(c)] = kSpecialByte;
  for (char c = '0'; c <= '9'; ++c) t[static_cast<unsigned char>(c)] = kDigitByte;
  return t;
}();

// The class bits of byte c.
inline std::uint8_t byte_class(char c) { return kByteClasses[static_cast<unsigned char>(c)]; }

bool Builder::scan(const LineView& v, const char* from) {
  const bool was_anchored = anchored_;
  MoveState s{*this, v, ColumnCounter(v.data, v.len, v.col_base + 1)};
  const char* p = from;
  const char* const end = v.data + v.len;
  // Blanks, move numbers, rolls closed on their line and ply tokens are read by hand, exactly
  // as g::movetext_item reads them; from the first comment, brace or unclosed roll on, the
  // grammar reads the rest of the line. (Savoya writes a roll before every ply: left to the
  // grammar, the rest of each line after its first roll took a fifth of reading Savoya.)
  while (p < end) {
    const std::uint8_t c = byte_class(*p);
    if (c & kSpecialByte) {
      if (*p != '(') break;
      const char* close = p + 1;
      while (close < end && *close != ')') ++close;
      if (close == end) break;
      roll(s, p, close + 1);
      p = close + 1;
      continue;
    }
    if (c & kBlankByte) {
      ++p;
      continue;
    }
    const char* b = p;
    if (c & kDigitByte) {
      while (p < end && (byte_class(*p) & kDigitByte)) ++p;
      const char* dots = p;
      const std::uint64_t value = number_value(b, dots);
      while (p < end && *p == '.') ++p;
      const auto n = p - dots;
      if (n == 1 || n == 3) {
        add_move_number(movetext(s, b, p), static_cast<std::uint32_t>(value), n == 3);
        continue;
      }
      if (n > 0) {
        bad_move_number(s, b, p);
        continue;
      }
    }
    p = find_token_end(v.data, p, end);
    add_ply(movetext(s, b, p), static_cast<std::size_t>(p - b));
  }
  if (p < end) {
    LineInput in(p, end, "");
    (void)pegtl::parse<g::movetext_line, MoveAction>(in, s);
  }
  return !was_anchored && anchored_;
}

bool Builder::too_long(const SourceSpan& sp, std::ptrdiff_t bytes) {
  if (static_cast<std::size_t>(bytes) <= max_token_) return false;
  add(cur_.movetext_diagnostics, "record.limit",
      "token is longer than the " + std::to_string(max_token_) +
          "-byte limit; it is skipped (raise it with --max-token-bytes)",
      SourceSpan{sp.line, sp.col, sp.offset, 1});
  return true;
}

void Builder::start_overflow() {
  overflow_ = true;
  std::vector<Ply>().swap(cur_.plies);
  std::vector<MoveNumber>().swap(cur_.move_numbers);
  std::vector<Comment>().swap(cur_.comments);
  std::vector<Diagnostic>().swap(cur_.movetext_diagnostics);
  pending_roll_.reset();
  cur_.text.resize(head_len_);
  cur_.text.shrink_to_fit();
}

void Builder::add(std::vector<Diagnostic>& list, std::string code, std::string message,
                  const SourceSpan& span) {
  Diagnostic& d = list.emplace_back();
  d.code = std::move(code);
  d.message = std::move(message);
  d.span = span;
  if (d.span.len == 0) d.span.len = 1;
}

}  // namespace scribe::notation::detail
