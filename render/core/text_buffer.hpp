// The text of an SVG document or a PDF content stream, built from many short pieces (a number,
// a space, an operator). Each std::string append of a few bytes is a call and a copy with its
// own capacity check; here a piece is one check and a store or a fixed-size copy, and numbers
// are formatted in place (number_text.hpp).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "render/core/number_text.hpp"

namespace scribe::render {

// A growing text with a cheap append of short pieces.
class TextBuffer {
 public:
  // Starts empty in `storage` (its old contents dropped, its memory kept for reuse).
  explicit TextBuffer(std::string storage = {}) : buf_(std::move(storage)) {}

  // Appends a character.
  void put(char c) {
    room(1);
    buf_[used_++] = c;
  }
  // Appends a string literal (its length known when compiling).
  template <std::size_t N>
  void put(const char (&literal)[N]) {
    room(N - 1);
    std::memcpy(buf_.data() + used_, literal, N - 1);
    used_ += N - 1;
  }
  // Appends `text`.
  void put(std::string_view text) {
    room(text.size());
    std::memcpy(buf_.data() + used_, text.data(), text.size());
    used_ += text.size();
  }
  // Appends `v` as write_number() writes it (hundredths, no trailing zeros).
  void number(double v) {
    room(kNumberChars);
    used_ = static_cast<std::size_t>(write_number(buf_.data() + used_, v) - buf_.data());
  }
  // Appends the decimal digits of `n`.
  void integer(std::size_t n) {
    char digits[24];
    char* const end = digits + sizeof digits;
    const char* start = number_text_detail::digits_before(end, n);
    put(std::string_view(start, static_cast<std::size_t>(end - start)));
  }
  // Appends `v` with `decimals` digits as printf("%.*f") writes it.
  void fixed(double v, int decimals) {
    room(kFixedChars);
    used_ = static_cast<std::size_t>(write_fixed(buf_.data() + used_, v, decimals) - buf_.data());
  }
  // Appends a text's matrix "a b c d x y" as SVG and PDF write it: the four glyph-unit numbers
  // with six decimals (hundredths would lose the shape of a font-size-1 matrix), the origin
  // with two.
  void text_matrix(double a, double b, double c, double d, double x, double y) {
    for (double v : {a, b, c, d}) {
      fixed(v, 6);
      put(' ');
    }
    fixed(x, 2);
    put(' ');
    fixed(y, 2);
  }

  // The text so far.
  std::string_view view() const { return {buf_.data(), used_}; }
  std::size_t size() const { return used_; }
  // Drops the text after the first `n` characters.
  void truncate(std::size_t n) { used_ = std::min(used_, n); }
  // Moves the text out; the buffer is empty after.
  std::string take() {
    buf_.resize(used_);
    used_ = 0;
    return std::move(buf_);
  }
  // Moves the memory out (for reuse by a later buffer); the buffer is empty after.
  std::string release() {
    used_ = 0;
    return std::move(buf_);
  }

 private:
  // Makes room for `n` more characters.
  void room(std::size_t n) {
    if (buf_.size() - used_ < n) buf_.resize(std::max(buf_.size() * 2, used_ + n + 4096));
  }

  std::string buf_;  // used_ characters of text, then room (its size is the capacity)
  std::size_t used_ = 0;
};

}  // namespace scribe::render
