// 64-bit digests of positions (State::position_digest): FNV-1a over bytes, for the default
// digest and for games that digest their own arrays.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace scribe::engine {

// The FNV-1a 64 offset basis: the digest of nothing.
inline constexpr std::uint64_t kDigestBasis = 0xcbf29ce484222325ull;

// Adds `n` bytes at `data` to the digest `h` and returns it.
inline std::uint64_t digest_add(std::uint64_t h, const void* data, std::size_t n) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < n; ++i) {
    h ^= p[i];
    h *= 0x100000001b3ull;
  }
  return h;
}

// Adds `n` bytes at `data` to the digest `h` eight at a time (for arrays: several times faster
// than digest_add, and as good for comparing positions) and returns it.
inline std::uint64_t digest_words(std::uint64_t h, const void* data, std::size_t n) {
  const auto* p = static_cast<const unsigned char*>(data);
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, p + i, 8);
    h = (h ^ w) * 0x9e3779b97f4a7c15ull;
    h ^= h >> 32;
  }
  return digest_add(h, p + i, n - i);
}

// The digest of `bytes` alone.
inline std::uint64_t digest_bytes(std::string_view bytes) {
  return digest_add(kDigestBasis, bytes.data(), bytes.size());
}

}  // namespace scribe::engine
