// Options as data: the rows a game declares for its Options tag (design.md, "The game kit").
//
// A game writes one OptionRow per flag. From the same rows come the reader of the Options tag
// (engine/core/options.hpp: every record-format.md C7/C8 check, one wording for every game),
// the normalised option text of a configuration, `scribe games` and the options table of the
// game's header comment. No list of flags is written twice.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace scribe::engine {

// What follows a flag: nothing, a decimal number, or one of a few words.
enum class OptionKind { kSwitch, kNumber, kChoice };

// A range of a number option that holds while the switch `when` is given (the first matching
// range of a row applies; the last range of a row has an empty `when` and holds otherwise).
struct OptionRange {
  std::string_view when;  // a switch flag such as "-hex", or "" for every other case
  int min = 0;
  int max = 0;
  std::string_view label;  // names the case in the values column ("hex"); "" for one range
};

// One flag of a game's Options tag.
struct OptionRow {
  std::string_view flag;  // as written, with its dash: "-size"
  OptionKind kind = OptionKind::kSwitch;
  std::string_view placeholder = {};           // kNumber, kChoice: "N" in "-size=N"
  std::vector<OptionRange> ranges = {};        // kNumber: at least one, the last with empty `when`
  std::vector<std::string_view> choices = {};  // kChoice: the values, in lower case
  std::string_view default_value = {};  // as written after '=' ("both"); "" when none or varying
  std::string_view default_text = {};   // for the docs when default_value does not say it all
  std::string_view meaning = {};        // one line
  std::string_view applies_to = {};     // the variants it applies to; "" for every variant
};

// Returns the flag as the docs write it: "-hex", "-size=N", "-walkturn=T".
std::string option_flag_text(const OptionRow& row);
// Returns the values column: "-" for a switch, "3..26" or "square 3..26, hex 3..13" for a
// number, "both, either" for a choice.
std::string option_values_text(const OptionRow& row);
// Returns the default column: default_text when set, else default_value, else "off" for a
// switch and "-" otherwise.
std::string option_default_text(const OptionRow& row);
// Returns the applies-to column: applies_to, or "every variant".
std::string option_applies_text(const OptionRow& row);
// Returns the flags for a message: "-size=N, -hex, -walkturn=both|either".
std::string option_flag_list(const std::vector<OptionRow>& rows);

}  // namespace scribe::engine
