// The manifest of a site folder (site.hpp): what the last build wrote, and from what, so that a
// rebuild rewrites only the pages whose inputs changed and removes those of records that went.
#include <cstdio>
#include <set>

#include "app/commands/archive.hpp"
#include "app/site/site.hpp"

namespace scribe::app::site {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kMagic = "scribe-site 1 ";

// Whether `c` may stand in a part of a site path.
bool path_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
         c == '_' || c == '-';
}

// Whether `s` is 32 lowercase hex digits.
bool is_hash(std::string_view s) {
  if (s.size() != 32) return false;
  for (const char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

}  // namespace

std::string manifest_text(const Manifest& m) {
  std::string o = std::string(kMagic) + m.version + "\n";
  for (const auto& [path, hash] : m.entries) o += hash + " " + path + "\n";
  return o;
}

std::optional<Manifest> parse_manifest(std::string_view text, std::string* error) {
  Manifest m;
  std::size_t line_no = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    if (end == std::string_view::npos) {
      *error = "line " + std::to_string(line_no + 1) + " does not end";
      return std::nullopt;
    }
    const std::string_view line = text.substr(0, end);
    text.remove_prefix(end + 1);
    ++line_no;
    if (line_no == 1) {
      if (line.substr(0, kMagic.size()) != kMagic || line.size() == kMagic.size()) {
        *error = "line 1 is not \"scribe-site 1 VERSION\"";
        return std::nullopt;
      }
      m.version = std::string(line.substr(kMagic.size()));
      continue;
    }
    const std::string_view hash = line.substr(0, 32);
    const std::string_view path = line.size() > 33 ? line.substr(33) : std::string_view();
    if (!is_hash(hash) || line.size() < 34 || line[32] != ' ' || !safe_site_path(path)) {
      *error = "line " + std::to_string(line_no) + " is not \"HASH PATH\"";
      return std::nullopt;
    }
    if (!m.entries.emplace(std::string(path), std::string(hash)).second) {
      *error = "line " + std::to_string(line_no) + " repeats " + std::string(path);
      return std::nullopt;
    }
  }
  if (line_no == 0) {
    *error = "it is empty";
    return std::nullopt;
  }
  return m;
}

bool safe_site_path(std::string_view path) {
  if (path.empty()) return false;
  std::size_t start = 0;
  for (;;) {
    const std::size_t slash = path.find('/', start);
    const std::string_view part = path.substr(start, slash - start);
    if (part.empty() || part == "." || part == "..") return false;
    for (const char c : part)
      if (!path_char(c)) return false;
    if (slash == std::string_view::npos) return true;
    start = slash + 1;
  }
}

FileAction plan_file(const fs::path& dir, const std::string& path, const std::string& hash,
                     const Manifest* old, bool force) {
  if (force || old == nullptr) return FileAction::kWritten;
  const auto it = old->entries.find(path);
  if (it == old->entries.end() || it->second != hash) return FileAction::kWritten;
  std::error_code ec;
  return fs::is_regular_file(dir / path, ec) ? FileAction::kUnchanged : FileAction::kWritten;
}

std::vector<std::string> stale_files(const Manifest& old, const Manifest& current) {
  std::vector<std::string> gone;
  for (const auto& [path, hash] : old.entries)
    if (!current.entries.contains(path) && safe_site_path(path)) gone.push_back(path);
  return gone;
}

std::string content_hash(std::string_view bytes) {
  Hasher h;
  h.add(bytes);
  const Hash128 v = h.value();
  char text[33];
  std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(v.hi),
                static_cast<unsigned long long>(v.lo));
  return std::string(text, 32);
}

std::string index_href_from(const std::string& page) {
  std::string href;
  for (const char c : page)
    if (c == '/') href += "../";
  return href + "index.html";
}

}  // namespace scribe::app::site
