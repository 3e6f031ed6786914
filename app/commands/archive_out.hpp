// Where normalize and split write: the --out folder that keeps the input tree's file names,
// and a set of output files that are all written whole or not at all.
#pragma once

#include <cstdint>
#include <filesystem>
#include <list>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "app/commands/common.hpp"

namespace scribe::app {

// Whether --out names a folder: an existing directory, or a path that ends with '/'.
bool out_names_folder(const std::string& out);

// Makes the folder `dir` that `option` names (and its parents); a usage error when a file
// stands there or the folder cannot be made.
void make_out_folder(const std::filesystem::path& dir, std::string_view option = "--out");

// The file under `dir` that keeps `input`'s place: its folder relative to the directory named
// on the command line, then its file name (stdin.rec for standard input), each part made safe.
std::filesystem::path mirrored_path(const Input& input, const std::filesystem::path& dir);

// A set of output files written at the same time (split writes one per group). Each is
// appended to under a temporary name in its folder, with at most a few descriptors open at
// once; commit() renames them all into place, and a set destroyed without commit() removes
// its temporary files, so no output file is ever half written. Failures throw WriteError.
class OutputFiles {
 public:
  OutputFiles() = default;
  ~OutputFiles();
  OutputFiles(const OutputFiles&) = delete;
  OutputFiles& operator=(const OutputFiles&) = delete;

  // Appends `bytes` to the file `path` (its folder must exist), starting it when new.
  void append(const std::filesystem::path& path, std::string_view bytes);
  // Gives the file started as `from` the name `to` (not yet started) when it is committed.
  void rename(const std::filesystem::path& from, const std::filesystem::path& to);
  // The names the files get, in name order.
  std::vector<std::filesystem::path> paths() const;
  // Renames every file into place; returns how many.
  std::size_t commit();

 private:
  struct File {
    std::filesystem::path tmp;
    int fd = -1;
    std::list<File*>::iterator open_at;
  };
  // Opens `f` for appending, closing the least recently used file when too many are open.
  void open(const std::filesystem::path& path, File& f);
  void close_all();

  std::map<std::filesystem::path, File> files_;
  std::list<File*> open_;  // most recently used first
};

}  // namespace scribe::app
