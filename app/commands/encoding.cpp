// --encoding: conversion of inputs to UTF-8 through iconv (encoding.hpp).
#include "app/commands/encoding.hpp"

#include <fcntl.h>
#include <iconv.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <vector>

#include "notation/core/record.hpp"

namespace scribe::app {

namespace fs = std::filesystem;

namespace {

std::string& encoding_setting() {
  static std::string name;
  return name;
}

// The size of a code unit of `encoding`: a byte that cannot be converted is skipped with the
// rest of its unit, so a UTF-16 or UTF-32 text stays in step.
std::size_t unit_of(const std::string& encoding) {
  std::string up;
  for (char c : encoding)
    if (c != '-' && c != '_') up += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (up.rfind("UTF32", 0) == 0 || up.rfind("UCS4", 0) == 0) return 4;
  if (up.rfind("UTF16", 0) == 0 || up.rfind("UCS2", 0) == 0 || up.rfind("UNICODE", 0) == 0)
    return 2;
  return 1;
}

// Writes all of `n` bytes; returns 0 or the errno of the failure.
int write_bytes(int fd, const char* p, std::size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0) return errno;
    p += w;
    n -= static_cast<std::size_t>(w);
  }
  return 0;
}

// Appends the three-byte mark of each of `n` unconvertible bytes at p (record.hpp).
void mark_bytes(std::string& out, const char* p, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const auto b = static_cast<unsigned char>(p[i]);
    out += static_cast<char>(notation::kUnconvertibleMark);
    out += static_cast<char>(0x80 | (b >> 4));
    out += static_cast<char>(0x80 | (b & 15));
  }
}

// iconv_t that closes itself.
struct Converter {
  iconv_t cd;
  explicit Converter(const std::string& from) : cd(::iconv_open("UTF-8", from.c_str())) {}
  ~Converter() {
    if (ok()) ::iconv_close(cd);
  }
  bool ok() const { return cd != reinterpret_cast<iconv_t>(-1); }
};

// Converts what stands in `in` (the bytes read so far, not yet converted) into `out`. With
// `last`, bytes of an unfinished sequence at the end are unconvertible; otherwise they stay in
// `in` for the next read.
void convert_some(Converter& conv, std::size_t unit, std::vector<char>& in, std::size_t& have,
                  bool last, std::string& out) {
  char* src = in.data();
  std::size_t left = have;
  char buf[1 << 16];
  while (left > 0) {
    char* dst = buf;
    std::size_t room = sizeof buf;
    const std::size_t r = ::iconv(conv.cd, &src, &left, &dst, &room);
    const int err = errno;
    out.append(buf, static_cast<std::size_t>(dst - buf));
    if (r != static_cast<std::size_t>(-1) || err == E2BIG) continue;
    if (err == EINVAL && !last) break;  // finished by the next read
    const std::size_t skip = std::min(left, err == EINVAL ? left : unit);
    mark_bytes(out, src, skip);
    src += skip;
    left -= skip;
  }
  std::memmove(in.data(), src, left);
  have = left;
  if (last) {
    char* dst = buf;
    std::size_t room = sizeof buf;
    ::iconv(conv.cd, nullptr, nullptr, &dst, &room);  // the end of a stateful encoding
    out.append(buf, static_cast<std::size_t>(dst - buf));
  }
}

}  // namespace

void set_input_encoding(const std::string& name) {
  if (name.empty()) throw UsageError("--encoding: the encoding name is empty");
  Converter conv(name);
  if (!conv.ok())
    throw UsageError("--encoding: iconv does not know the encoding '" + name +
                     "' (for example latin1, cp1252, utf-16; 'iconv --list' lists them all)");
  encoding_setting() = name;
}

const std::string& input_encoding() { return encoding_setting(); }

Utf8Copy::Utf8Copy(int fd, std::uint64_t size)
    : fd_(fd), size_(size), path_(fs::path("/proc/self/fd") / std::to_string(fd)) {}

Utf8Copy::~Utf8Copy() { ::close(fd_); }

std::shared_ptr<const Utf8Copy> convert_to_utf8(const fs::path& source, const std::string& encoding,
                                                std::string* error) {
  Converter conv(encoding);
  if (!conv.ok()) {
    *error = "cannot convert from " + encoding + ": " + std::strerror(errno);
    return nullptr;
  }
  const int in_fd = ::open(source.c_str(), O_RDONLY | O_CLOEXEC);
  if (in_fd < 0) {
    *error = std::string("cannot open: ") + std::strerror(errno);
    return nullptr;
  }
  std::error_code ec;
  fs::path dir = fs::temp_directory_path(ec);
  if (ec) dir = "/tmp";
  std::string name = (dir / "scribe-utf8-XXXXXX").string();
  const int out_fd = ::mkostemp(name.data(), O_CLOEXEC);
  if (out_fd < 0) {
    *error = "cannot make a temporary file in " + dir.string() + ": " + std::strerror(errno);
    ::close(in_fd);
    return nullptr;
  }
  ::unlink(name.c_str());  // the descriptor keeps the file while the copy lives
  auto fail = [&](std::string why) {
    *error = std::move(why);
    ::close(in_fd);
    ::close(out_fd);
    return nullptr;
  };
  const std::size_t unit = unit_of(encoding);
  std::vector<char> in(std::size_t{1} << 20);
  std::size_t have = 0;
  std::uint64_t written = 0;
  std::string out;
  for (bool last = false; !last;) {
    const ssize_t n = ::read(in_fd, in.data() + have, in.size() - have);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return fail(std::string("cannot read: ") + std::strerror(errno));
    last = n == 0;
    have += static_cast<std::size_t>(n);
    out.clear();
    convert_some(conv, unit, in, have, last, out);
    if (const int err = write_bytes(out_fd, out.data(), out.size()))
      return fail("cannot write a temporary UTF-8 copy: " + std::string(std::strerror(err)));
    written += out.size();
  }
  ::close(in_fd);
  return std::make_shared<Utf8Copy>(out_fd, written);
}

void convert_input(Input& input) {
  const std::string& encoding = input_encoding();
  if (encoding.empty() || input.utf8_copy || input.error) return;
  fs::path source = input.path;
  if (input.is_stdin) {
    std::string error;
    const auto spooled = stdin_file(&error);
    if (!spooled) {
      input.error = "cannot read standard input: " + error;
      return;
    }
    source = *spooled;
  }
  std::string error;
  auto copy = convert_to_utf8(source, encoding, &error);
  if (!copy) {
    input.error = error;
    return;
  }
  input.path = copy->path();
  input.is_stdin = false;
  input.utf8_copy = std::move(copy);
}

}  // namespace scribe::app
