// Small text helpers every game and the replay share: case-blind comparison, the words of a
// text with their character offsets, splitting position text at a separator, padding and
// trimming the lines of a text board, and the check of a Result value against a game's names.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/game.hpp"

namespace scribe::engine {

// Returns `s` with ASCII letters in lower case.
std::string lower(std::string_view s);
// Whether `a` and `b` are equal when ASCII case is ignored.
bool iequals(std::string_view a, std::string_view b);

// A word of a text split at ASCII white space; offset and length count characters (UTF-8
// lead bytes), as Finding offsets do.
struct Word {
  std::string_view text;
  std::uint32_t offset = 0;
  std::uint32_t length = 0;
};
// Splits `text` at spaces, tabs and line breaks.
std::vector<Word> split_words(std::string_view text);

// Splits `text` at every `sep`, keeping empty parts ("a,,b" gives "a", "", "b"; "" gives "").
// The parts point into `text`.
std::vector<std::string_view> split(std::string_view text, char sep);

// Returns `s` padded with spaces on the right to `width` characters (bytes); a longer `s` is
// returned as it is.
std::string pad_right(std::string s, std::size_t width);
// Returns `s` without its trailing spaces.
std::string trim_right(std::string s);

// Returns the tag `name` among `tags` (null allowed), or nullptr; in lenient mode a tag of that
// name in another case when none has the exact name (C7).
const notation::Tag* find_tag(const std::vector<notation::Tag>* tags, std::string_view name,
                              Mode mode);

// An alias a game's spec lists for a Result value (lenient mode only), e.g. {"b", "Black"}.
struct ResultAlias {
  std::string_view alias;  // compared without regard to case
  std::string_view canonical;
};

// Checks a Result value: kOk when it is one of `names` (the side names of the configuration)
// or `draw` or `*`; in lenient mode kAlias when it equals one of those in another case or is a
// listed alias; else kBad.
ResultCheck check_result_name(std::string_view value, const std::vector<std::string>& names,
                              Mode mode, const std::vector<ResultAlias>& aliases = {});

}  // namespace scribe::engine
