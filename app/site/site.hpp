// scribe site: an archive site of records - index.html (every record in a table that sorts and
// filters, per-game summaries and charts, the invalid records), one replay page per record
// (app/html/page.hpp) and a manifest that lets a rebuild rewrite only what changed.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/commands/stats.hpp"

namespace scribe::app::site {

// The manifest's file name inside the site folder.
inline constexpr std::string_view kManifestName = ".scribe-site";

// What a site folder holds, as the last build left it: each file scribe wrote (its path
// relative to the folder) and the hash of what it was made from (a page: its record, the
// reading options and scribe's version; the index and charts: their own bytes).
struct Manifest {
  std::string version;                         // the scribe that wrote it
  std::map<std::string, std::string> entries;  // relative path -> 32 hex digits
};

// The manifest's text: a first line "scribe-site 1 VERSION", then "HASH PATH" per file, in
// path order.
std::string manifest_text(const Manifest& m);

// Reads a manifest's text; nothing when it is not one (then `error` says where it is wrong).
std::optional<Manifest> parse_manifest(std::string_view text, std::string* error);

// Whether `path` may name a file of the site: relative, '/'-separated parts of
// [A-Za-z0-9._-] that are neither "", "." nor "..". Only such paths are written or removed.
bool safe_site_path(std::string_view path);

// How a rebuild treats a file of the site.
enum class FileAction { kWritten, kUnchanged };

// Decides whether the file `path` (relative to `dir`) made from inputs hashed as `hash` must be
// written: when --force, when the manifest has another hash (or none), or when the file is
// missing.
FileAction plan_file(const std::filesystem::path& dir, const std::string& path,
                     const std::string& hash, const Manifest* old, bool force);

// The files of `old` that `current` no longer has (the pages of records that disappeared, the
// charts of groups that are gone), safe paths only, in path order.
std::vector<std::string> stale_files(const Manifest& old, const Manifest& current);

// The hash of `bytes` as 32 hex digits.
std::string content_hash(std::string_view bytes);

// One row of the index: a record and where its page is.
struct IndexRow {
  std::string game, variant, players, date, result, status;  // status: valid or invalid
  int plies = 0;
  std::string page;   // the page's path relative to the site folder
  std::string label;  // "FILE #N": the record's file and number
  int warnings = 0;
  // An invalid record: its first error ("LINE:COL: code: message") and the ply its page opens
  // at to show it.
  std::string error;
  int error_ply = 0;
};

// A file that gave no record (unreadable, or holding none): its name and its diagnostic.
struct FileProblemRow {
  std::string file, status, message;  // status: unreadable or invalid
};

// One group of records (game and options) with its charts (paths relative to the site
// folder, with their titles and text alternatives).
struct IndexGroup {
  StatsGroup stats;
  struct Picture {
    std::string path, title, alt;
  };
  std::vector<Picture> charts;
};

// Everything index.html shows.
struct IndexContent {
  std::string title = "Game archive";
  std::vector<IndexRow> rows;
  std::vector<IndexGroup> groups;
  std::vector<FileProblemRow> problems;
  long records = 0, valid = 0, invalid = 0, unreadable = 0;
};

// The rows as compact JSON (an array of arrays: game, variant, players, date, result, plies,
// status, page, label), safe inside a <script> element (every '<' written as \u003c).
std::string rows_json(const std::vector<IndexRow>& rows);

// The whole index page: self-contained (its script and style inside it, charts as relative
// images), with headings, a labelled filter and keyboard-usable column headers.
std::string index_html(const IndexContent& content);

// The relative link from the page at `page` (a path in the site folder) to index.html.
std::string index_href_from(const std::string& page);

}  // namespace scribe::app::site
