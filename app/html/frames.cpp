#include "app/html/frames.hpp"

#include <algorithm>

#include "app/commands/json.hpp"

namespace scribe::html {

namespace {

// Codes `now` as copies from `base` and new lines: `ref`, then for each run of lines found in
// `base` in a row, -(its start in base + 1) and its length, and for each other line its number.
std::vector<int> delta(const std::vector<int>& base, const std::vector<int>& now, int ref) {
  std::unordered_map<int, int> where;  // line number -> its first place in base
  for (std::size_t i = base.size(); i-- > 0;) where[base[i]] = static_cast<int>(i);
  std::vector<int> code = {ref};
  std::size_t i = 0;
  while (i < now.size()) {
    const auto it = where.find(now[i]);
    if (it == where.end()) {
      code.push_back(now[i++]);
      continue;
    }
    const int from = it->second;
    int length = 1;
    while (i + static_cast<std::size_t>(length) < now.size() &&
           static_cast<std::size_t>(from + length) < base.size() &&
           base[static_cast<std::size_t>(from + length)] ==
               now[i + static_cast<std::size_t>(length)])
      ++length;
    if (length == 1) {  // a single line costs less as itself
      code.push_back(now[i++]);
      continue;
    }
    code.push_back(-(from + 1));
    code.push_back(length);
    i += static_cast<std::size_t>(length);
  }
  return code;
}

}  // namespace

std::string json_quoted(const std::string& text) {
  std::string out;
  app::JsonWriter(out).value(text);
  return app::script_safe_json(out);
}

int FrameCoder::line_number(const std::string& line) {
  auto [it, fresh] = numbers_.emplace(line, static_cast<int>(lines_.size()));
  if (fresh) lines_.push_back(line);
  return it->second;
}

void FrameCoder::add(const std::string& svg) {
  std::size_t at = 0;
  if (svg.rfind("<?xml", 0) == 0) at = svg.find('\n') + 1;
  // The title and description name the ply: the page says it (the board's label) instead.
  const std::size_t title = svg.find("<title>", at), desc_end = svg.find("</desc>\n", at);
  if (title != std::string::npos && desc_end != std::string::npos && title < desc_end) {
    add_lines(svg.substr(at, title - at) + svg.substr(desc_end + 8));
  } else {
    add_lines(svg.substr(at));
  }
}

void FrameCoder::add_lines(const std::string& svg) {
  std::vector<int> now;
  std::size_t at = 0;
  while (at < svg.size()) {
    std::size_t end = svg.find('\n', at);
    if (end == std::string::npos) end = svg.size();
    now.push_back(line_number(svg.substr(at, end - at)));
    at = end + 1;
  }
  const std::size_t k = frames_.size();
  static const std::vector<int> kNone;
  std::vector<int> code = delta(k >= 2 ? frames_[k - 2] : kNone, now, 0);
  if (k % 2 == 1) {  // a flipped drawing: from the upright one when that codes it shorter
    std::vector<int> upright = delta(frames_[k - 1], now, 1);
    if (upright.size() < code.size()) code = std::move(upright);
  }
  if (!coded_.empty()) coded_ += ',';
  coded_ += '[';
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (i > 0) coded_ += ',';
    coded_ += std::to_string(code[i]);
  }
  coded_ += ']';
  frames_.push_back(std::move(now));
}

std::string FrameCoder::json_members() const {
  // The font of the texts is written once: every line names it (\u0001 in the lines).
  std::string font;
  for (const std::string& line : lines_) {
    const std::size_t at = line.find(" font-family=\"");
    if (at == std::string::npos) continue;
    const std::size_t end = line.find('"', at + 14);
    if (end != std::string::npos) font = line.substr(at, end + 1 - at);
    break;
  }
  std::string out = "\"font\":" + json_quoted(font) + ",\n\"lines\":[";
  for (std::size_t i = 0; i < lines_.size(); ++i) {
    if (i > 0) out += ",\n";
    const std::size_t at = font.empty() ? std::string::npos : lines_[i].find(font);
    out += json_quoted(at == std::string::npos
                           ? lines_[i]
                           : lines_[i].substr(0, at) + '\x01' + lines_[i].substr(at + font.size()));
  }
  out += "],\n\"frames\":[" + coded_ + "]";
  return out;
}

}  // namespace scribe::html
