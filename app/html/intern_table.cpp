#include "app/html/intern_table.hpp"

#include <algorithm>
#include <cstring>

namespace scribe::html {
namespace {

constexpr std::uint64_t kMul = 0x9E3779B97F4A7C15ull;

std::uint64_t load(const char* p) {
  std::uint64_t w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

// One 64-bit lane step: the word mixed in by a multiply and a rotation.
std::uint64_t step(std::uint64_t h, std::uint64_t w) {
  h = (h ^ w) * kMul;
  return (h << 29) | (h >> 35);
}

// The final mix of a 64-bit value (splitmix64's).
std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace

std::uint64_t InternTable::hash(std::string_view bytes) {
  const char* p = bytes.data();
  std::size_t n = bytes.size();
  std::uint64_t a = n, b = kMul, c = ~kMul, d = n * kMul;
  for (; n >= 32; p += 32, n -= 32) {  // four independent lanes
    a = step(a, load(p));
    b = step(b, load(p + 8));
    c = step(c, load(p + 16));
    d = step(d, load(p + 24));
  }
  for (; n >= 8; p += 8, n -= 8) a = step(a, load(p));
  if (n > 0) {
    std::uint64_t w = 0;
    std::memcpy(&w, p, n);
    b = step(b, w);
  }
  return mix(a ^ mix(b) ^ (c * 3) ^ (d * 5));
}

std::size_t InternTable::slot_of(std::string_view bytes, std::uint64_t h) const {
  const std::size_t mask = slots_.size() - 1;
  const std::uint64_t tag = h >> 32;
  for (std::size_t i = static_cast<std::size_t>(h) & mask;; i = (i + 1) & mask) {
    const std::uint64_t slot = slots_[i];
    if (slot == 0) return i;
    if ((slot >> 32) != tag) continue;
    const auto k = static_cast<std::size_t>((slot & 0xFFFFFFFFu) - 1);
    if (starts_[k + 1] - starts_[k] == bytes.size() &&
        std::memcmp(pool_.data() + starts_[k], bytes.data(), bytes.size()) == 0)
      return i;
  }
}

int InternTable::find(std::string_view bytes) const {
  const std::uint64_t slot = slots_[slot_of(bytes, hash(bytes))];
  return slot == 0 ? -1 : static_cast<int>((slot & 0xFFFFFFFFu) - 1);
}

std::pair<int, bool> InternTable::intern(std::string_view bytes) {
  const std::uint64_t h = hash(bytes);
  const std::size_t i = slot_of(bytes, h);
  if (slots_[i] != 0) return {static_cast<int>((slots_[i] & 0xFFFFFFFFu) - 1), false};
  const int n = static_cast<int>(size());
  pool_.append(bytes);
  starts_.push_back(pool_.size());
  slots_[i] = (h >> 32 << 32) | static_cast<std::uint64_t>(n + 1);
  if (size() * 2 > slots_.size()) grow();  // at most half full
  return {n, true};
}

void InternTable::grow() {
  std::vector<std::uint64_t> old(slots_.size() * 2, 0);
  old.swap(slots_);
  const std::size_t mask = slots_.size() - 1;
  for (const std::uint64_t slot : old) {
    if (slot == 0) continue;
    const auto k = static_cast<std::size_t>((slot & 0xFFFFFFFFu) - 1);
    const std::string_view bytes = at(static_cast<int>(k));
    std::size_t i = static_cast<std::size_t>(hash(bytes)) & mask;
    while (slots_[i] != 0) i = (i + 1) & mask;
    slots_[i] = slot;
  }
}

void InternTable::clear() {
  pool_.clear();
  starts_.assign(1, 0);
  std::fill(slots_.begin(), slots_.end(), 0);
}

}  // namespace scribe::html
