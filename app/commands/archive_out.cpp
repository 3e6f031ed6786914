#include "app/commands/archive_out.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace scribe::app {

namespace fs = std::filesystem;

namespace {

// The most output files kept open at once.
constexpr std::size_t kMostOpen = 32;

// Writes all of `bytes` to `fd`; returns 0 or the error number.
int write_bytes(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return errno;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return 0;
}

}  // namespace

bool out_names_folder(const std::string& out) {
  std::error_code ec;
  return (!out.empty() && out.back() == '/') || fs::is_directory(out, ec);
}

void make_out_folder(const fs::path& dir, std::string_view option) {
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
    throw UsageError(std::string(option) + " " + dir.string() + " is a file, not a folder");
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir, ec))
    throw UsageError(std::string(option) + " " + dir.string() + ": cannot make the folder" +
                     (ec ? ": " + ec.message() : std::string()));
}

fs::path mirrored_path(const Input& input, const fs::path& dir) {
  fs::path out = dir;
  for (const auto& part : input.relative) out /= sanitise_name(part.string());
  const std::string name = input.is_stdin || input.display == "-"
                               ? std::string("stdin.rec")
                               : sanitise_name(input.path.filename().string());
  return out / name;
}

OutputFiles::~OutputFiles() {
  close_all();
  for (auto& [path, f] : files_) ::unlink(f.tmp.c_str());
}

void OutputFiles::open(const fs::path& path, File& f) {
  if (open_.size() >= kMostOpen) {
    File* last = open_.back();
    ::close(last->fd);
    last->fd = -1;
    open_.pop_back();
  }
  const bool fresh = f.tmp.empty();
  if (fresh)
    f.tmp =
        path.parent_path() / ("." + path.filename().string() + ".tmp" + std::to_string(::getpid()));
  const int flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (fresh ? O_TRUNC : 0);
  f.fd = ::open(f.tmp.c_str(), flags, 0644);
  if (f.fd < 0) throw WriteError(path.string() + ": " + std::strerror(errno));
  open_.push_front(&f);
  f.open_at = open_.begin();
}

void OutputFiles::append(const fs::path& path, std::string_view bytes) {
  File& f = files_[path];
  if (f.fd < 0) {
    open(path, f);
  } else {
    open_.splice(open_.begin(), open_, f.open_at);
  }
  if (const int err = write_bytes(f.fd, bytes))
    throw WriteError(path.string() + ": " + std::strerror(err));
}

void OutputFiles::rename(const fs::path& from, const fs::path& to) {
  auto node = files_.extract(from);
  if (node.empty() || from == to) {
    if (!node.empty()) files_.insert(std::move(node));
    return;
  }
  node.key() = to;
  files_.insert(std::move(node));
}

std::vector<fs::path> OutputFiles::paths() const {
  std::vector<fs::path> out;
  for (const auto& [path, f] : files_) out.push_back(path);
  return out;
}

void OutputFiles::close_all() {
  for (File* f : open_) {
    ::close(f->fd);
    f->fd = -1;
  }
  open_.clear();
}

std::size_t OutputFiles::commit() {
  for (File* f : open_) {
    const int fd = std::exchange(f->fd, -1);
    if (::close(fd) != 0) throw WriteError(f->tmp.string() + ": " + std::strerror(errno));
  }
  open_.clear();
  std::size_t n = 0;
  for (auto& [path, f] : files_) {
    if (::rename(f.tmp.c_str(), path.c_str()) != 0)
      throw WriteError(path.string() + ": " + std::strerror(errno));
    f.tmp.clear();
    ++n;
  }
  files_.clear();
  return n;
}

}  // namespace scribe::app
