// Generating records: random legal games, the same for the same seed on every platform, as
// `scribe generate` writes them.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "scribe/export.hpp"

namespace scribe {

// Makes the records of one `scribe generate` run. Record i depends only on the game, the
// options, the seed, the count and i, so records may be made in any order, on any thread.
class SCRIBE_API Generator {
 public:
  // Throws scribe::Error for an unknown game or unusable options.
  Generator(std::string_view game, std::string_view options, std::uint64_t seed, long count);
  Generator(Generator&&) noexcept;
  Generator& operator=(Generator&&) noexcept;
  ~Generator();

  // The text of record i (0 <= i < count): its tags, movetext and a blank line. Thread-safe.
  std::string record(long i) const;
  // The number of records of the run.
  long count() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Returns the text of `count` records of `game` with `options` from `seed`: exactly what
// `scribe generate --game G --options O --count N --seed S` writes.
SCRIBE_API std::string generate(std::string_view game, std::string_view options = "",
                                long count = 1, std::uint64_t seed = 1);

}  // namespace scribe
