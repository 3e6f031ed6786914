// PEGTL rules of the record container (record-format.md): tag lines and the items of one
// movetext line. Include only from the reader's own files (record_builder.hpp and the
// record_*.cpp that read with it).
//
// The reader cuts the input into lines by hand (record_input.hpp) and runs these rules over one line
// at a time, without its line ending: tag_line over a line that begins with `[`, movetext_line
// over the rest. A `{` comment that runs past its line (open_comment) is carried over by the
// reader, which looks for its `}` on the next lines.
#pragma once

#include "notation/core/pegtl_common.hpp"

namespace scribe::notation::record_grammar {

namespace pegtl = tao::pegtl;
using pegtl_common::blanks;
using pegtl_common::digits;
using pegtl_common::opt_blanks;
using pegtl_common::rest_of_input;
using pegtl_common::through_byte;

// clang-format off

// ---- Tag lines: [Name "value"] [Name "value"] ...

// The `[` that opens a tag.
struct tag_open : pegtl::one<'['> {};
// A tag name: one or more letters, digits and underscores.
struct tag_name : pegtl::plus<pegtl::identifier_other> {};
// The name ends at a blank, the opening quote, the closing bracket or the end of the line; any other character cannot stand in a name.
struct name_end : pegtl::at<pegtl::sor<pegtl::one<' ', '\t', '\f', '\v', '"', ']'>, pegtl::eof>> {};
// The double quote that opens a value.
struct open_quote : pegtl::one<'"'> {};
// The character after a backslash: only `"` and `\` make an escape.
struct escaped_char : pegtl::one<'"', '\\'> {};
// An escape: a backslash, then one of the two escapable characters.
struct escape : pegtl::if_must<pegtl::one<'\\'>, escaped_char> {};
// A run of value characters that need no escape.
struct plain_chars : pegtl::plus<pegtl::not_one<'"', '\\'>> {};
// The raw text of a value between its quotes, escapes still written.
struct value_text : pegtl::star<pegtl::sor<plain_chars, escape>> {};
// The double quote that closes a value.
struct close_quote : pegtl::one<'"'> {};
// The `]` that closes a tag.
struct tag_close : pegtl::one<']'> {};
// One tag: `[`, a name, a quoted value and `]`; blanks may stand around the name and the value.
struct tag : pegtl::seq<tag_open, opt_blanks, pegtl::must<tag_name, name_end>, opt_blanks, pegtl::must<open_quote>, value_text, pegtl::must<close_quote>, opt_blanks, pegtl::must<tag_close>> {};
// After the last tag only blanks may stand on the line.
struct tags_end : pegtl::eof {};
// A tag line: one or more tags, with or without blanks between them, and nothing after them.
struct tag_line : pegtl::seq<tag, pegtl::star<opt_blanks, tag>, opt_blanks, pegtl::must<tags_end>> {};

// ---- Movetext: the items of one line

// A `;` comment: everything up to the end of the line.
struct line_comment : pegtl::seq<pegtl::one<';'>, rest_of_input> {};
// A `{ ... }` comment that closes on the same line (comments do not nest).
struct brace_comment : pegtl::seq<pegtl::one<'{'>, through_byte<'}'>> {};
// A `{` whose comment runs past the end of the line.
struct open_comment : pegtl::seq<pegtl::one<'{'>, rest_of_input> {};
// A roll: from `(` to the first `)` on the same line.
struct roll : pegtl::seq<pegtl::one<'('>, through_byte<')'>> {};
// A `(` with no `)` after it on its line: junk up to the end of the line.
struct unclosed_roll : pegtl::seq<pegtl::one<'('>, rest_of_input> {};
// A `}` outside a comment.
struct stray_brace : pegtl::one<'}'> {};
// The dots of a move number: exactly one or exactly three.
struct number_dots : pegtl::seq<pegtl::sor<pegtl::rep<3, pegtl::one<'.'>>, pegtl::one<'.'>>, pegtl::not_at<pegtl::one<'.'>>> {};
// A move number, `12.` or `12...`; text right after the dots is the next token.
struct move_number : pegtl::seq<digits, number_dots> {};
// Digits followed by a wrong number of dots, such as `12..` or `12....`.
struct bad_move_number : pegtl::seq<digits, pegtl::plus<pegtl::one<'.'>>> {};
// The characters of a ply token: anything but a blank and the self-delimiting `{`, `}`, `(` and `;`.
using token_chars = pegtl_common::byte_set<true, ' ', '\t', '\f', '\v', '{', '}', '(', ';'>;
// A ply token: a maximal run of token characters; the game reads it.
struct ply_token : pegtl_common::run_of<token_chars> {};
// One item of a movetext line; every character of a line starts exactly one of them.
struct movetext_item : pegtl::sor<blanks, line_comment, brace_comment, open_comment, roll, unclosed_roll, stray_brace, move_number, bad_move_number, ply_token> {};
// A movetext line without its line ending: items up to the end.
struct movetext_line : pegtl::seq<pegtl::star<movetext_item>, pegtl::eof> {};

// clang-format on

// ---- The must<> error table of the tag grammar

// Why a tag line is malformed (record.bad-tag); kNone for rules that never raise.
enum class TagError {
  kNone,
  kNoName,          // `[` not followed by a name
  kBadNameChar,     // a character that cannot stand in a name
  kNoOpenQuote,     // the value is not in double quotes
  kBadEscape,       // `\` followed by something other than `"` or `\`
  kNoCloseQuote,    // the value runs to the end of the line
  kNoCloseBracket,  // no `]` after the value
  kTextAfterTags,   // text after the last tag of the line
};

// The TagError that a failing must<Rule> reports.
template <typename Rule>
inline constexpr TagError kTagError = TagError::kNone;
template <>
inline constexpr TagError kTagError<tag_name> = TagError::kNoName;
template <>
inline constexpr TagError kTagError<name_end> = TagError::kBadNameChar;
template <>
inline constexpr TagError kTagError<open_quote> = TagError::kNoOpenQuote;
template <>
inline constexpr TagError kTagError<escaped_char> = TagError::kBadEscape;
template <>
inline constexpr TagError kTagError<close_quote> = TagError::kNoCloseQuote;
template <>
inline constexpr TagError kTagError<tag_close> = TagError::kNoCloseBracket;
template <>
inline constexpr TagError kTagError<tags_end> = TagError::kTextAfterTags;

}  // namespace scribe::notation::record_grammar
