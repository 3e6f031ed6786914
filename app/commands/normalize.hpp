// The canonical form of a record (scribe normalize, docs/archive.md): what one valid record
// becomes, kept apart from the command so the tests can replay it against the original.
#pragma once

#include <optional>
#include <string>

#include "engine/core/replay.hpp"
#include "notation/core/record.hpp"

namespace scribe::app {

// Which move numbers the canonical form writes: one before every ply (`1. a 2. b 3. c`), or
// one before the first ply of each round, as in chess (`1. a b 2. c`).
enum class NumberStyle { kPlies, kRounds };

// A record replayed by normalize: its replay, and its canonical text when it is valid.
struct NormalizedRecord {
  engine::ReplayResult rr;
  std::optional<std::string> text;  // ends with a blank line; none for an invalid record
};

// Replays `record` with `options` and, when it is valid (warnings allowed), writes it in
// canonical form: the tags Game, Options, Setup, Player1-4 and Result (canonical names and
// values), then the other tags as found; a blank line; the movetext with each ply in the
// game's canonical text, its roll before it as written, move numbers in `numbers` style, and
// every comment after the ply it follows; lines of at most 79 characters where the items
// allow. The text means the same game: it replays to the same position at every ply.
NormalizedRecord normalize_record(const notation::Record& record,
                                  const engine::ReplayOptions& options, NumberStyle numbers);

}  // namespace scribe::app
