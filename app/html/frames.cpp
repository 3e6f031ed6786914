#include "app/html/frames.hpp"

#include <algorithm>


namespace scribe::html {

void append_json_chars(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::size_t run = 0;  // runs that need no escape are appended whole
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const char* escape = nullptr;
    switch (c) {
      case '"': escape = "\\\""; break;
      case '\\': escape = "\\\\"; break;
      case '\n': escape = "\\n"; break;
      case '\r': escape = "\\r"; break;
      case '\t': escape = "\\t"; break;
      case '<': escape = "\\u003c"; break;
      case '>': escape = "\\u003e"; break;
      case '&': escape = "\\u0026"; break;
      default:
        if (c >= 0x20 && c != 0x7F) continue;
    }
    out.append(text.data() + run, i - run);
    run = i + 1;
    if (escape != nullptr) {
      out += escape;
    } else {
      out += "\\u00";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  out.append(text.data() + run, text.size() - run);
}

void append_json_quoted(std::string& out, std::string_view text) {
  out += '"';
  append_json_chars(out, text);
  out += '"';
}

std::string json_quoted(const std::string& text) {
  std::string out;
  append_json_quoted(out, text);
  return out;
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
  for (std::size_t i = previous_.size(); i-- > 0;)
    where_[static_cast<std::size_t>(previous_[i])] = static_cast<int>(i) + 1;
  // Most lines are those of the drawing before, in the same order: each line is first
  // compared with the one after the last line found there, and looked up only when it differs.
  now_.clear();
  std::size_t next = 0;  // the place in previous_ after the last line found there
  for (std::string_view part : {svg, tail}) {
    while (!part.empty()) {
      std::size_t end = part.find('\n');
      if (end == std::string_view::npos) end = part.size();
      const std::string_view line = part.substr(0, end);
      part.remove_prefix(std::min(part.size(), end + 1));
      if (next < previous_.size() &&
          lines_[static_cast<std::size_t>(previous_[next])] == line) {
        now_.push_back(previous_[next++]);
        continue;
      }
      const int n = line_number(line);
      now_.push_back(n);
      if (const int at = where_[static_cast<std::size_t>(n)]; at > 0)
        next = static_cast<std::size_t>(at);
    }
  }
  // Coded as copies from the drawing before (each run of lines found there in a row: -(its
  // start + 1) and its length) and new lines (their numbers).
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

// Appends `text` as a JSON string with each `font` in it written \u0001.
void append_font_marked(std::string& out, std::string_view text, std::string_view font) {
  out += '"';
  if (!font.empty()) {
    for (std::size_t hit; (hit = text.find(font)) != std::string_view::npos;) {
      append_json_chars(out, text.substr(0, hit));
      out += "\\u0001";
      text.remove_prefix(hit + font.size());
    }
  }
  append_json_chars(out, text);
  out += '"';
}

}  // namespace

void FrameCoder::append_json_members(std::string& out) const {
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
  std::size_t size = coded_.size() + 64;
  for (const std::string& line : lines_) size += line.size() + 16;
  for (const std::string& part : statics_.parts) size += part.size() + part.size() / 8;
  out.reserve(out.size() + size + size / 8);
  out += "\"font\":";
  append_json_quoted(out, font);
  out += ",\n\"statics\":[";
  for (std::size_t i = 0; i < statics_.parts.size(); ++i) {
    std::string_view part = statics_.parts[i];
    if (!part.empty() && part.back() == '\n') part.remove_suffix(1);
    if (i > 0) out += ",\n";
    append_font_marked(out, part, font);
  }
  out += "],\n\"lines\":[";
  for (std::size_t i = 0; i < lines_.size(); ++i) {
    if (i > 0) out += ",\n";
    append_font_marked(out, lines_[i], font);
  }
  out += "],\n\"frames\":[";
  out += coded_;
  out += ']';
}

}  // namespace scribe::html
