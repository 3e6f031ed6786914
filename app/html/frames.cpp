#include "app/html/frames.hpp"

#include <algorithm>

#include "app/commands/json.hpp"

namespace scribe::html {

std::string json_quoted(const std::string& text) {
  std::string out;
  app::JsonWriter(out).value(text);
  return app::script_safe_json(out);
}

int FrameCoder::line_number(std::string_view line) {
  if (const auto it = numbers_.find(line); it != numbers_.end()) return it->second;
  const int n = static_cast<int>(lines_.size());
  lines_.emplace_back(line);
  numbers_.emplace(lines_.back(), n);
  where_.push_back(0);
  return n;
}

void FrameCoder::add(std::string_view svg) {
  if (svg.rfind("<?xml", 0) == 0) svg.remove_prefix(svg.find('\n') + 1);
  // The title and description name the ply: the page says it (the board's label) instead.
  std::string_view tail;
  const std::size_t title = svg.find("<title>"), desc_end = svg.find("</desc>\n");
  if (title != std::string_view::npos && desc_end != std::string_view::npos && title < desc_end) {
    tail = svg.substr(desc_end + 8);
    svg = svg.substr(0, title);
  }
  now_.clear();
  for (std::string_view part : {svg, tail}) {
    while (!part.empty()) {
      std::size_t end = part.find('\n');
      if (end == std::string_view::npos) end = part.size();
      now_.push_back(line_number(part.substr(0, end)));
      part.remove_prefix(std::min(part.size(), end + 1));
    }
  }
  // Coded as copies from the drawing before (each run of lines found there in a row: -(its
  // start + 1) and its length) and new lines (their numbers).
  for (std::size_t i = previous_.size(); i-- > 0;)
    where_[static_cast<std::size_t>(previous_[i])] = static_cast<int>(i) + 1;
  if (frames_ > 0) coded_ += ',';
  coded_ += '[';
  bool first = true;
  auto put = [&](int v) {
    if (!first) coded_ += ',';
    first = false;
    coded_ += std::to_string(v);
  };
  std::size_t i = 0;
  while (i < now_.size()) {
    const int at = where_[static_cast<std::size_t>(now_[i])];
    std::size_t length = 0;
    if (at > 0) {
      const std::size_t from = static_cast<std::size_t>(at - 1);
      while (i + length < now_.size() && from + length < previous_.size() &&
             previous_[from + length] == now_[i + length])
        ++length;
    }
    if (length < 2) {  // a single line costs less as itself
      put(now_[i++]);
      continue;
    }
    put(-at);
    put(static_cast<int>(length));
    i += length;
  }
  coded_ += ']';
  for (int line : previous_) where_[static_cast<std::size_t>(line)] = 0;
  previous_.swap(now_);
  ++frames_;
}

namespace {

// `text` with each `font` written \u0001.
std::string font_marked(const std::string& text, const std::string& font) {
  if (font.empty()) return text;
  std::string out;
  std::size_t at = 0;
  for (std::size_t hit; (hit = text.find(font, at)) != std::string::npos; at = hit + font.size())
    out.append(text, at, hit - at) += '\x01';
  return out.append(text, at);
}

}  // namespace

std::string FrameCoder::json_members() const {
  // The font of the texts is written once: nearly every text names it.
  std::string font;
  auto find_font = [&](const std::string& line) {
    const std::size_t at = line.find(" font-family=\"");
    if (at == std::string::npos) return false;
    const std::size_t end = line.find('"', at + 14);
    if (end != std::string::npos) font = line.substr(at, end + 1 - at);
    return true;
  };
  for (const std::string& line : lines_)
    if (find_font(line)) break;
  if (font.empty())
    for (const std::string& part : statics_.parts)
      if (find_font(part)) break;
  std::string out = "\"font\":" + json_quoted(font) + ",\n\"statics\":[";
  for (std::size_t i = 0; i < statics_.parts.size(); ++i) {
    std::string part = statics_.parts[i];
    if (!part.empty() && part.back() == '\n') part.pop_back();
    out += (i > 0 ? ",\n" : "") + json_quoted(font_marked(part, font));
  }
  out += "],\n\"lines\":[";
  for (std::size_t i = 0; i < lines_.size(); ++i)
    out += (i > 0 ? ",\n" : "") + json_quoted(font_marked(lines_[i], font));
  out += "],\n\"frames\":[" + coded_ + "]";
  return out;
}

}  // namespace scribe::html
