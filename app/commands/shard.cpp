#include "app/commands/shard.hpp"

#include "app/commands/common.hpp"

namespace scribe::app {

namespace {

// A whole number 1..2^32 written with decimal digits only, or 0 when `text` is not one.
std::uint64_t shard_number(const std::string& text) {
  if (text.empty() || text.size() > 10 || text.find_first_not_of("0123456789") != std::string::npos)
    return 0;
  const std::uint64_t v = std::stoull(text);
  return v > (1ull << 32) ? 0 : v;
}

}  // namespace

// floor(total * k / n) without overflow, for k <= n <= 2^32: total = q*n + r, so the value is
// q*k + floor(r*k/n), and r*k < 2^64.
std::uint64_t Shard::first(std::uint64_t total) const {
  return total / count * (index - 1) + total % count * (index - 1) / count;
}

std::uint64_t Shard::end(std::uint64_t total) const {
  return total / count * index + total % count * index / count;
}

Shard parse_shard(const std::string& text) {
  const std::string help =
      "--shard must be I/N with 1 <= I <= N (e.g. --shard 2/4), not '" + text + "'";
  const std::size_t slash = text.find('/');
  if (slash == std::string::npos) throw UsageError(help);
  Shard s;
  s.index = shard_number(text.substr(0, slash));
  s.count = shard_number(text.substr(slash + 1));
  if (s.count == 0) throw UsageError(help + ": N must be a whole number from 1 to 4294967296");
  if (s.index == 0 || s.index > s.count)
    throw UsageError(help + ": I must be a whole number from 1 to N");
  return s;
}

}  // namespace scribe::app
