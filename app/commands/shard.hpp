// --shard I/N: a deterministic share of a run, so that N runs (on N machines) together do the
// whole run once (docs/archive.md#more-than-one-machine).
//
// The rule: the items of the whole run are numbered 0..T-1 in input order (an item is a record,
// or the one report of a file that is unreadable or holds no record); shard I of N owns the
// items floor((I-1)*T/N) up to floor(I*T/N) - 1, one block in input order. So the per-record
// output of shards 1..N, concatenated in that order, is the whole run's. generate numbers its
// records the same way (T = --count). The rule depends on the inputs only, never on --jobs.
#pragma once

#include <cstdint>
#include <string>

namespace scribe::app {

// Which share of the run this process does; 1/1 (the default) is the whole run.
struct Shard {
  std::uint64_t index = 1;  // I, 1..count
  std::uint64_t count = 1;  // N

  // Whether only a share of the run is done (N > 1).
  bool on() const { return count > 1; }
  // The first item owned and one past the last one, out of `total` items.
  std::uint64_t first(std::uint64_t total) const;
  std::uint64_t end(std::uint64_t total) const;
};

// Reads the value of --shard ("I/N" with 1 <= I <= N); throws UsageError for anything else.
Shard parse_shard(const std::string& text);

// Hands out the items of a run in input order and says which belong to the shard: its first
// item's number in the whole run is `first`, and the shard owns [begin, end).
class ShardFilter {
 public:
  ShardFilter() = default;
  ShardFilter(std::uint64_t first, std::uint64_t begin, std::uint64_t end)
      : next_(first), begin_(begin), end_(end) {}

  // Whether the next item is owned; moves on to the item after it.
  bool take() {
    const std::uint64_t k = next_++;
    return k >= begin_ && k < end_;
  }
  // Whether every item from the next one on is past the share (reading can stop).
  bool past() const { return next_ >= end_; }

 private:
  std::uint64_t next_ = 0, begin_ = 0, end_ = UINT64_MAX;
};

}  // namespace scribe::app
