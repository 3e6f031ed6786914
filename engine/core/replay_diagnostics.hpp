// How replay places and gathers its diagnostics: the span a game's Finding points to inside a
// ply, its roll or a tag value, and the Collector that keeps one record's diagnostics in the
// three sections of record-format.md C2 and writes them out in that order. Internal to
// engine/core (replay.cpp); what the replay checks is there.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/replay.hpp"
#include "notation/core/record.hpp"

namespace scribe::engine {

// Returns the span of `length` characters (0: to the end of `text`, at least one) starting
// `offset` characters into `text`, which starts at `base`.
notation::SourceSpan sub_span(const notation::SourceSpan& base, std::string_view text,
                              std::uint32_t offset, std::uint32_t length);

// Returns where a finding points: into the ply token, its roll, or the stray roll `stray`
// written before it (for Anchor::kStrayRoll); the ply is one of `record`.
notation::SourceSpan finding_span(const Finding& f, const notation::Record& record,
                                  const notation::Ply& ply, const notation::Roll* stray = nullptr);
// Returns a finding's place in a roll `(...)`: offsets count from the text inside the
// parentheses; offset and length 0 give the whole roll with its parentheses.
notation::SourceSpan roll_span(const Finding& f, const notation::Roll& roll);

// Collects the diagnostics of one record in the three sections of C2.
class Collector {
 public:
  Collector(const notation::Record& record, ReplayResult& out);

  void at_tags(notation::Diagnostic d) { tags_.push_back(std::move(d)); }
  void in_movetext(notation::Diagnostic d) { movetext_.push_back(std::move(d)); }
  void at_result(notation::Diagnostic d) { result_.push_back(std::move(d)); }

  // Makes a diagnostic at `span`, with the source line and the context line filled.
  notation::Diagnostic make(Severity severity, std::string code, std::string message,
                            const notation::SourceSpan& span, std::optional<int> ply,
                            std::string context) const;

  // Writes everything into the result in C2 order and counts errors and warnings.
  void finish();

 private:
  const notation::Record& record_;
  ReplayResult& out_;
  std::vector<notation::Diagnostic> tags_, movetext_, result_;
  bool spoiled_ = false;  // the record holds a bad byte (record.encoding)
};

}  // namespace scribe::engine
