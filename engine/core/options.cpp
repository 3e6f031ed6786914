#include "engine/core/options.hpp"

#include <algorithm>
#include <cstdint>

#include "engine/core/names.hpp"

namespace scribe::engine {

// ---- the rows as text ----

std::string option_flag_text(const OptionRow& row) {
  if (row.kind == OptionKind::kSwitch) return std::string(row.flag);
  return std::string(row.flag) + "=" + std::string(row.placeholder);
}

namespace {

std::string range_text(const OptionRange& r) {
  return std::to_string(r.min) + ".." + std::to_string(r.max);
}

// Joins `items` with `sep`.
template <typename Items>
std::string join(const Items& items, std::string_view sep) {
  std::string out;
  for (const auto& item : items) {
    if (!out.empty()) out += sep;
    out += item;
  }
  return out;
}

// "both or either", "a, b or c".
std::string choices_or(const OptionRow& row) {
  std::string out;
  for (std::size_t i = 0; i < row.choices.size(); ++i) {
    if (i > 0) out += i + 1 == row.choices.size() ? " or " : ", ";
    out += row.choices[i];
  }
  return out;
}

// Whether `value` is a decimal number without sign or leading zeros.
bool is_decimal(std::string_view value) {
  if (value.empty() || (value.size() > 1 && value[0] == '0')) return false;
  return std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The value of a decimal number, saturated far above any option's range.
int decimal_value(std::string_view value) {
  constexpr std::int64_t kCap = 1000000000;
  std::int64_t n = 0;
  for (char c : value) n = std::min<std::int64_t>(n * 10 + (c - '0'), kCap);
  return static_cast<int>(n);
}

}  // namespace

std::string option_values_text(const OptionRow& row) {
  switch (row.kind) {
    case OptionKind::kSwitch:
      return "-";
    case OptionKind::kNumber: {
      std::vector<std::string> parts;
      for (const auto& r : row.ranges)
        parts.push_back(r.label.empty() ? range_text(r)
                                        : std::string(r.label) + " " + range_text(r));
      return join(parts, ", ");
    }
    case OptionKind::kChoice:
      return join(row.choices, ", ");
  }
  return {};
}

std::string option_default_text(const OptionRow& row) {
  if (!row.default_text.empty()) return std::string(row.default_text);
  if (!row.default_value.empty()) return std::string(row.default_value);
  return row.kind == OptionKind::kSwitch ? "off" : "-";
}

std::string option_applies_text(const OptionRow& row) {
  return row.applies_to.empty() ? "every variant" : std::string(row.applies_to);
}

std::string option_flag_list(const std::vector<OptionRow>& rows) {
  std::vector<std::string> parts;
  for (const auto& row : rows)
    parts.push_back(row.kind == OptionKind::kChoice
                        ? std::string(row.flag) + "=" + join(row.choices, "|")
                        : option_flag_text(row));
  return join(parts, ", ");
}

// ---- the values ----

void OptionValues::set(std::string_view flag, std::string value, OptionWord word) {
  entries_.push_back({flag, std::move(value), word});
}

const OptionValues::Entry* OptionValues::find(std::string_view flag) const {
  for (const auto& e : entries_)
    if (e.flag == flag) return &e;
  return nullptr;
}

std::optional<std::string> OptionValues::value(std::string_view flag) const {
  const Entry* e = find(flag);
  if (e == nullptr) return std::nullopt;
  return e->value;
}

std::optional<int> OptionValues::number(std::string_view flag) const {
  const Entry* e = find(flag);
  if (e == nullptr || e->value.empty()) return std::nullopt;
  return decimal_value(e->value);
}

OptionWord OptionValues::word(std::string_view flag) const {
  const Entry* e = find(flag);
  return e == nullptr ? OptionWord{} : e->word;
}

// ---- the reader ----

namespace {

Finding at_word(Severity severity, std::string message, const OptionWord& w) {
  Finding f = tag_finding(severity, "record.bad-option", std::move(message), "Options");
  f.offset = w.offset;
  f.length = w.length;
  return f;
}

// Reads the words of an Options value; the checks of one word stop at its first error.
class Reader {
 public:
  Reader(const std::vector<OptionRow>& rows, std::string_view title, Mode mode)
      : rows_(rows), title_(title), mode_(mode), seen_(rows.size(), false) {}

  void word(const Word& w) {
    const OptionWord ow{w.text, w.offset, w.length};
    const std::size_t eq = w.text.find('=');
    const std::string_view name = w.text.substr(0, eq);
    const bool has_value = eq != std::string_view::npos;
    const std::string_view value = has_value ? w.text.substr(eq + 1) : std::string_view();
    // 1. An unknown flag.
    const OptionRow* row = nullptr;
    std::size_t index = 0;
    for (std::size_t i = 0; i < rows_.size() && row == nullptr; ++i)
      if (iequals(name, rows_[i].flag)) row = &rows_[i], index = i;
    if (row == nullptr)
      return error("unknown option '" + std::string(w.text) + "'; the options of " +
                       std::string(title_) + " are " + option_flag_list(rows_),
                   ow);
    // 2. Case, of the flag or of a choice's value.
    std::string canonical_value(value);
    if (row->kind == OptionKind::kChoice)
      for (std::string_view c : row->choices)
        if (iequals(value, c)) canonical_value = std::string(c);
    const std::string canonical =
        std::string(row->flag) + (has_value ? "=" + canonical_value : std::string());
    const bool repeated = seen_[index];
    seen_[index] = true;  // a word in another case still gives its flag (C7: the same flag)
    if (w.text != canonical) {
      if (mode_ != Mode::kLenient)
        return error("option '" + std::string(w.text) + "' must be written in lower case: '" +
                         canonical + "'",
                     ow);
      findings_.push_back(
          at_word(Severity::kWarning,
                  "option '" + std::string(w.text) + "' read as '" + canonical + "'", ow));
    }
    // 3. A repeated flag.
    const std::string flag(row->flag);
    if (repeated) return error("option " + flag + " is given twice", ow);
    // 4. A missing or malformed value.
    if (row->kind == OptionKind::kSwitch) {
      if (has_value) return error("option " + flag + " takes no value", ow);
    } else if (value.empty()) {
      const std::string form = row->kind == OptionKind::kNumber ? std::string(row->placeholder)
                                                                : join(row->choices, "|");
      return error("option " + flag + " needs a value: " + flag + "=" + form, ow);
    } else if (row->kind == OptionKind::kNumber && !is_decimal(value)) {
      return error("option " + flag + "=" + std::string(value) +
                       ": the value must be a decimal number without sign or leading zeros",
                   ow);
    } else if (row->kind == OptionKind::kChoice &&
               std::find(row->choices.begin(), row->choices.end(), canonical_value) ==
                   row->choices.end()) {
      return error(
          "option " + flag + "=" + std::string(value) + ": the value must be " + choices_or(*row),
          ow);
    }
    values_.set(row->flag, canonical_value, ow);
    if (row->kind == OptionKind::kNumber) numbers_.push_back(row);
  }

  // 5. The ranges of the numbers read, once every switch is known.
  void ranges() {
    for (const OptionRow* row : numbers_) {
      const OptionRange* range = &row->ranges.back();
      for (const auto& r : row->ranges)
        if (r.when.empty() || values_.given(r.when)) {
          range = &r;
          break;
        }
      const std::string value = *values_.value(row->flag);
      const int n = decimal_value(value);
      if (n >= range->min && n <= range->max) continue;
      std::string message = "option " + std::string(row->flag) + "=" + value +
                            " is out of range: " + range_text(*range);
      if (!range->when.empty()) message += " with " + std::string(range->when);
      error(std::move(message), values_.word(row->flag));
    }
    std::stable_sort(findings_.begin(), findings_.end(),
                     [](const Finding& a, const Finding& b) { return a.offset < b.offset; });
  }

  OptionsRead result() && {
    const bool ok = std::none_of(findings_.begin(), findings_.end(),
                                 [](const Finding& f) { return f.severity == Severity::kError; });
    return OptionsRead{std::move(values_), std::move(findings_), ok};
  }

 private:
  void error(std::string message, const OptionWord& w) {
    findings_.push_back(at_word(Severity::kError, std::move(message), w));
  }

  const std::vector<OptionRow>& rows_;
  std::string_view title_;
  Mode mode_;
  std::vector<bool> seen_;
  std::vector<const OptionRow*> numbers_;
  OptionValues values_;
  std::vector<Finding> findings_;
};

// The flag of `values` as canonical text ("-size=5"), whatever case its word had.
std::string canonical_word(const OptionValues& values, std::string_view flag) {
  const std::string v = values.value(flag).value_or("");
  return std::string(flag) + (v.empty() ? "" : "=" + v);
}

std::string with_reason(std::string message, std::string_view reason) {
  if (!reason.empty()) message += ": " + std::string(reason);
  return message;
}

}  // namespace

OptionsRead read_options(const std::vector<OptionRow>& rows, std::string_view title,
                         std::string_view text, Mode mode) {
  Reader reader(rows, title, mode);
  for (const Word& w : split_words(text)) reader.word(w);
  reader.ranges();
  return std::move(reader).result();
}

Finding option_conflict(const OptionValues& values, std::string_view flag_a,
                        std::string_view flag_b, std::string_view reason) {
  if (values.word(flag_b).offset < values.word(flag_a).offset) std::swap(flag_a, flag_b);
  return at_word(Severity::kError,
                 with_reason("option " + canonical_word(values, flag_b) + " cannot be used with " +
                                 canonical_word(values, flag_a),
                             reason),
                 values.word(flag_b));
}

Finding option_conflict_with(const OptionValues& values, std::string_view flag,
                             std::string_view other, std::string_view reason) {
  return at_word(Severity::kError,
                 with_reason("option " + canonical_word(values, flag) + " cannot be used with " +
                                 std::string(other),
                             reason),
                 values.word(flag));
}

Finding option_needs(const OptionValues& values, std::string_view flag, std::string_view needed,
                     std::string_view reason) {
  return at_word(
      Severity::kError,
      with_reason("option " + canonical_word(values, flag) + " needs " + std::string(needed),
                  reason),
      values.word(flag));
}

std::string format_options(const std::vector<OptionRow>& rows, const OptionValues& values) {
  std::string out;
  for (const auto& row : rows) {
    const std::optional<std::string> v = values.value(row.flag);
    if (!v || (row.kind != OptionKind::kSwitch && *v == row.default_value)) continue;
    if (!out.empty()) out += ' ';
    out += row.flag;
    if (row.kind != OptionKind::kSwitch) out += "=" + *v;
  }
  return out;
}

}  // namespace scribe::engine
