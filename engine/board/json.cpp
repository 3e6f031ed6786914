#include "engine/board/json.hpp"

#include <charconv>
#include <stdexcept>

namespace scribe::engine::json {
namespace {

const Value& null_value() {
  static const Value v;
  return v;
}

}  // namespace

const Value& Value::operator[](std::string_view key) const {
  if (kind_ == Kind::kObject)
    for (const auto& [k, v] : object_)
      if (k == key) return v;
  return null_value();
}

const Value& Value::operator[](std::size_t i) const {
  if (kind_ == Kind::kArray && i < array_.size()) return array_[i];
  return null_value();
}

bool Value::contains(std::string_view key) const {
  if (kind_ != Kind::kObject) return false;
  for (const auto& item : object_)
    if (item.first == key) return true;
  return false;
}

std::size_t Value::size() const {
  if (kind_ == Kind::kArray) return array_.size();
  if (kind_ == Kind::kObject) return object_.size();
  return 0;
}

// Recursive-descent reader over the whole text.
class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Value document() {
    Value v = value(0);
    skip_space();
    if (pos_ != text_.size()) fail("trailing text");
    return v;
  }

 private:
  [[noreturn]] void fail(const char* what) const {
    throw std::runtime_error(std::string("json: ") + what + " at byte " + std::to_string(pos_));
  }

  void skip_space() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' ||
                                   text_[pos_] == '\r' || text_[pos_] == '\t'))
      ++pos_;
  }

  bool take(char c) {
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  void expect(char c) {
    if (!take(c)) fail("unexpected character");
  }

  bool take_word(std::string_view w) {
    if (text_.substr(pos_, w.size()) == w) {
      pos_ += w.size();
      return true;
    }
    return false;
  }

  Value value(int depth) {
    if (depth > 64) fail("nesting too deep");
    skip_space();
    if (pos_ >= text_.size()) fail("unexpected end");
    Value v;
    const char c = text_[pos_];
    if (c == '{') {
      ++pos_;
      v.kind_ = Value::Kind::kObject;
      if (take('}')) return v;
      do {
        skip_space();
        std::string key = string_literal();
        expect(':');
        v.object_.emplace_back(std::move(key), value(depth + 1));
      } while (take(','));
      expect('}');
    } else if (c == '[') {
      ++pos_;
      v.kind_ = Value::Kind::kArray;
      if (take(']')) return v;
      do {
        v.array_.push_back(value(depth + 1));
      } while (take(','));
      expect(']');
    } else if (c == '"') {
      v.kind_ = Value::Kind::kString;
      v.string_ = string_literal();
    } else if (take_word("true")) {
      v.kind_ = Value::Kind::kBool;
      v.bool_ = true;
    } else if (take_word("false")) {
      v.kind_ = Value::Kind::kBool;
    } else if (take_word("null")) {
    } else {
      v.kind_ = Value::Kind::kNumber;
      v.number_ = number();
    }
    return v;
  }

  double number() {
    const std::size_t start = pos_;
    while (pos_ < text_.size() && (std::string_view("+-0123456789.eE").find(text_[pos_]) !=
                                   std::string_view::npos))
      ++pos_;
    double d = 0;
    auto [ptr, ec] = std::from_chars(text_.data() + start, text_.data() + pos_, d);
    if (ec != std::errc() || ptr != text_.data() + pos_ || start == pos_) fail("bad number");
    return d;
  }

  std::string string_literal() {
    if (pos_ >= text_.size() || text_[pos_] != '"') fail("expected a string");
    ++pos_;
    std::string out;
    while (pos_ < text_.size() && text_[pos_] != '"') {
      char c = text_[pos_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size()) fail("unterminated escape");
      c = text_[pos_++];
      switch (c) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {
          if (pos_ + 4 > text_.size()) fail("bad \\u escape");
          unsigned code = 0;
          auto [ptr, ec] = std::from_chars(text_.data() + pos_, text_.data() + pos_ + 4, code, 16);
          if (ec != std::errc() || ptr != text_.data() + pos_ + 4) fail("bad \\u escape");
          pos_ += 4;
          // Board data is ASCII; encode the BMP code point as UTF-8.
          if (code < 0x80) {
            out += static_cast<char>(code);
          } else if (code < 0x800) {
            out += static_cast<char>(0xC0 | (code >> 6));
            out += static_cast<char>(0x80 | (code & 0x3F));
          } else {
            out += static_cast<char>(0xE0 | (code >> 12));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (code & 0x3F));
          }
          break;
        }
        default: out += c; break;  // \" \\ \/
      }
    }
    if (pos_ >= text_.size()) fail("unterminated string");
    ++pos_;
    return out;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

Value parse(std::string_view text) { return Parser(text).document(); }

}  // namespace scribe::engine::json
