// The one reader of the Options tag (record-format.md C7, C8) over a game's option rows.
//
// Every game's Options value is read here, so every game reports the same mistake with the
// same words and the caret on the same word. Each word of the value is checked in C8's order:
//   1. unknown flag       unknown option '-bogus'; the options of Druid are -size=N, -hex, ...
//   2. case               option '-SIZE=8' must be written in lower case: '-size=8'
//                         (lenient mode: the warning option '-SIZE=8' read as '-size=8')
//   3. repeated flag      option -size is given twice (a word in another case gives its flag
//                         too, in strict mode as well: '-HEX -hex' is a case error, then this)
//   4. missing value      option -size needs a value: -size=N
//      malformed value    option -hex takes no value
//                         option -size=08: the value must be a decimal number without sign or
//                         leading zeros
//                         option -walkturn=x: the value must be both or either
//   5. range              option -size=14 is out of range: 3..13 with -hex
// and reports its first mistake at that word. Ranges are checked once every word is read (a
// range may depend on a switch written later). 6. Contradictions between flags are the game's
// own checks, written with option_conflict() and option_needs(), run only when the words hold
// no error, and reported at the later of the two words.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/option_rows.hpp"

namespace scribe::engine {

// A word of the Options value: its text and where it stands, in characters.
struct OptionWord {
  std::string_view text;
  std::uint32_t offset = 0;
  std::uint32_t length = 0;
};

// The flags an Options value gives (or a configuration stands for), with their values.
class OptionValues {
 public:
  // Records `flag` with `value` ("" for a switch), written as `word` (none for a configuration).
  void set(std::string_view flag, std::string value = {}, OptionWord word = {});

  // Whether `flag` is given.
  bool given(std::string_view flag) const { return find(flag) != nullptr; }
  // The value of `flag` as canonical text ("" for a switch), or nothing when not given.
  std::optional<std::string> value(std::string_view flag) const;
  // The value of a number flag, or nothing when not given.
  std::optional<int> number(std::string_view flag) const;
  // The word that gave `flag`; empty text for a flag not given or set by a configuration.
  OptionWord word(std::string_view flag) const;

 private:
  struct Entry {
    std::string_view flag;
    std::string value;
    OptionWord word;
  };
  const Entry* find(std::string_view flag) const;
  std::vector<Entry> entries_;
};

// What read_options() found: the values of the words that hold no error, and the findings
// (record.bad-option at the Options tag), in the order of the words.
struct OptionsRead {
  OptionValues values;
  std::vector<Finding> findings;
  // Whether no finding is an error (a configuration can be made).
  bool ok = true;
};

// Reads an Options value against `rows` (C7, C8 checks 1-5). `title` names the game in the
// unknown-flag message. Lenient mode makes a case slip a warning and reads the word.
OptionsRead read_options(const std::vector<OptionRow>& rows, std::string_view title,
                         std::string_view text, Mode mode);

// Makes the contradiction of two given flags, at the later of their words:
// "option <later word> cannot be used with <earlier word>" and ": <reason>" when given.
Finding option_conflict(const OptionValues& values, std::string_view flag_a,
                        std::string_view flag_b, std::string_view reason = {});
// Makes the contradiction of the given `flag` with something outside the Options words (the
// Game tag, a Player tag), at its word: "option <word> cannot be used with <other>[: reason]".
Finding option_conflict_with(const OptionValues& values, std::string_view flag,
                             std::string_view other, std::string_view reason = {});
// Makes the error of a given `flag` that needs `needed` (not given), at its word:
// "option <word> needs <needed>[: reason]".
Finding option_needs(const OptionValues& values, std::string_view flag, std::string_view needed,
                     std::string_view reason = {});

// Writes the normalised option text of a configuration: the flags of `values` in the order of
// `rows`, leaving out a value equal to its row's default_value ("-hex -size=5 -walk").
std::string format_options(const std::vector<OptionRow>& rows, const OptionValues& values);

// A Game whose facts are one GameInfo and whose configure() reads the Options tag over the
// info's option rows first (read_options): a game writes only its contradictions and how the
// values (and the record's other tags) make its Variant.
class RowsGame : public Game {
 public:
  const GameInfo& info() const final { return info_; }

  // Reads the Options words; when they hold no error, hands the values to make_variant().
  VariantResult configure(const VariantRequest& request) const final {
    VariantResult out;
    OptionsRead read = read_options(info_.options, info_.title, request.options, request.mode);
    out.findings = std::move(read.findings);
    if (read.ok) make_variant(read.values, request, out);
    return out;
  }

 protected:
  RowsGame() = default;
  explicit RowsGame(GameInfo info) : info_(std::move(info)) {}

  // Makes the Variant of `values` (words free of errors): sets out.variant, or appends the
  // error of a contradiction between flags (option_conflict(), ...) to out.findings.
  virtual void make_variant(const OptionValues& values, const VariantRequest& request,
                            VariantResult& out) const = 0;

  GameInfo info_;  // filled by the game's constructor
};

}  // namespace scribe::engine
