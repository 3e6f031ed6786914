// scribe validate (cli.md): settings and entry point.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/commands/shard.hpp"
#include "engine/core/replay.hpp"

namespace scribe::app {

struct ValidateSettings {
  engine::ReplayOptions replay;
  bool json = false;
  bool quiet = false;
  bool stats = false;
  bool progress = false;
  bool colour = false;  // human diagnostics in colour (--color)
  int jobs = 1;
  std::uint64_t max_record_bytes = 64ull << 20;
  std::uint64_t max_token_bytes = 1ull << 20;
  // A file of at least 16 segments' size is cut into segments of about this many bytes that
  // workers read at once; 0 reads every file whole; unset, the size suits the file and the
  // jobs (ScanSettings).
  std::optional<std::uint64_t> segment_bytes;
  Shard shard;  // --shard: this share of the run only
};

// Validates every record of `paths`; returns the exit status.
int run_validate(const std::vector<std::string>& paths, const ValidateSettings& settings);

}  // namespace scribe::app
