#include "engine/core/names.hpp"

#include <cctype>

#include "engine/core/kit.hpp"

namespace scribe::engine {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t at = text.find(sep, start);
    if (at == std::string_view::npos) {
      out.push_back(text.substr(start));
      return out;
    }
    out.push_back(text.substr(start, at - start));
    start = at + 1;
  }
}

std::string pad_right(std::string s, std::size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

std::string trim_right(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

std::vector<Word> split_words(std::string_view text) {
  std::vector<Word> out;
  auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  auto is_lead = [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; };
  std::uint32_t chars = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    if (is_space(text[i])) {
      ++i;
      ++chars;
      continue;
    }
    const std::size_t start = i;
    const std::uint32_t start_chars = chars;
    while (i < text.size() && !is_space(text[i])) {
      if (is_lead(text[i])) ++chars;
      ++i;
    }
    out.push_back({text.substr(start, i - start), start_chars, chars - start_chars});
  }
  return out;
}

const notation::Tag* find_tag(const std::vector<notation::Tag>* tags, std::string_view name,
                              Mode mode) {
  if (tags == nullptr) return nullptr;
  for (const auto& t : *tags)
    if (t.name == name) return &t;
  if (mode == Mode::kLenient)
    for (const auto& t : *tags)
      if (iequals(t.name, name)) return &t;
  return nullptr;
}

std::optional<int> read_decimal(std::string_view text, std::size_t max_digits) {
  if (text.empty() || text.size() > max_digits || (text.size() > 1 && text[0] == '0'))
    return std::nullopt;
  int n = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  return n;
}

std::string tag_value(const std::vector<notation::Tag>* tags, std::string_view name, Mode mode) {
  const notation::Tag* t = find_tag(tags, name, mode);
  return t == nullptr ? std::string() : t->value;
}

ResultCheck check_result_name(std::string_view value, const std::vector<std::string>& names,
                              Mode mode, const std::vector<ResultAlias>& aliases) {
  ResultCheck rc;
  auto found = [&](ResultCheck::Kind kind, std::string_view canonical) {
    rc.kind = kind;
    rc.canonical = std::string(canonical);
    return rc;
  };
  for (std::string_view fixed : {"draw", "*"})
    if (value == fixed) return found(ResultCheck::Kind::kOk, fixed);
  for (const auto& n : names)
    if (value == n) return found(ResultCheck::Kind::kOk, n);
  if (mode != Mode::kLenient) return rc;
  if (iequals(value, "draw")) return found(ResultCheck::Kind::kAlias, "draw");
  for (const auto& n : names)
    if (iequals(value, n)) return found(ResultCheck::Kind::kAlias, n);
  for (const auto& a : aliases)
    if (iequals(value, a.alias)) return found(ResultCheck::Kind::kAlias, a.canonical);
  return rc;
}

}  // namespace scribe::engine
