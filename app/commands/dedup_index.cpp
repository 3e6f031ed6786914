// dedup's compact table of games and groups of duplicates (dedup_index.hpp).
#include "app/commands/dedup_index.hpp"

#include <algorithm>
#include <stdexcept>

namespace scribe::app {

namespace {

constexpr std::size_t kSlices = 256;
constexpr std::size_t kFirstSlots = 16;

// The slice of the table a key belongs to (the key's low half is well mixed: Hasher::value).
std::size_t slice_of(const Hash128& key) { return static_cast<std::size_t>(key.lo >> 56); }

// The byte of the key each slot keeps to skip other entries without reading them.
std::uint8_t check_of(const Hash128& key) { return static_cast<std::uint8_t>(key.lo >> 32); }

// The slot where a key's probe starts in a slice of `capacity` slots.
std::size_t home_of(const Hash128& key, std::size_t capacity) {
  return static_cast<std::size_t>(
      (static_cast<std::uint64_t>(static_cast<std::uint32_t>(key.lo)) * capacity) >> 32);
}

}  // namespace

DedupIndex::DedupIndex(bool count_tags) : count_tags_(count_tags), slices_(kSlices) {
  for (Slice& s : slices_) {
    s.slots.assign(kFirstSlots, 0);
    s.checks.assign(kFirstSlots, 0);
  }
}

DedupIndex::Entry DedupIndex::entry_of(const Hash128& key, const RecordPlace& place) {
  DedupIndex::Entry e{};
  const auto index = static_cast<std::uint32_t>(place.index);
  const std::uint64_t lo = key.lo, top = key.hi >> 48, line = place.line;
  const std::uint64_t words[9] = {lo,    lo >> 16,    lo >> 32, lo >> 48,  top,
                                  index, index >> 16, line,     line >> 16};
  for (int i = 0; i < 9; ++i) e.words[i] = static_cast<std::uint16_t>(words[i]);
  return e;
}

std::uint64_t DedupIndex::low_key(const DedupIndex::Entry& e) {
  std::uint64_t lo = 0;
  for (int i = 3; i >= 0; --i) lo = (lo << 16) | e.words[i];
  return lo;
}

std::uint32_t DedupIndex::number_at(const DedupIndex::Entry& e, int w) {
  return static_cast<std::uint32_t>(e.words[w]) |
         (static_cast<std::uint32_t>(e.words[w + 1]) << 16);
}

bool DedupIndex::same_key(std::uint32_t entry, const Hash128& key) const {
  const Entry& e = entries_[entry];
  return low_key(e) == key.lo && e.words[4] == static_cast<std::uint16_t>(key.hi >> 48);
}

void DedupIndex::grow(Slice& slice) {
  const std::size_t capacity = slice.slots.size() + slice.slots.size() / 4;
  std::vector<std::uint32_t> slots(capacity, 0);
  std::vector<std::uint8_t> checks(capacity, 0);
  for (std::size_t i = 0; i < slice.slots.size(); ++i) {
    if (slice.slots[i] == 0) continue;
    const Entry& e = entries_[slice.slots[i] - 1];
    const Hash128 key{0, low_key(e)};
    std::size_t at = home_of(key, capacity);
    while (slots[at] != 0) at = at + 1 == capacity ? 0 : at + 1;
    slots[at] = slice.slots[i];
    checks[at] = slice.checks[i];
  }
  slice.slots.swap(slots);
  slice.checks.swap(checks);
}

std::uint32_t DedupIndex::find_or_insert(const Hash128& key, bool& fresh) {
  Slice& slice = slices_[slice_of(key)];
  // Linear probing, at most 90 % full: a probe reads the check bytes in a row (about 50 for a
  // new game) and an entry only when its check byte matches (one in 256 of the others).
  if ((slice.used + 1) * 10 > slice.slots.size() * 9) grow(slice);
  const std::size_t capacity = slice.slots.size();
  const std::uint8_t check = check_of(key);
  std::size_t at = home_of(key, capacity);
  while (slice.slots[at] != 0) {
    if (slice.checks[at] == check && same_key(slice.slots[at] - 1, key)) {
      fresh = false;
      return slice.slots[at] - 1;
    }
    at = at + 1 == capacity ? 0 : at + 1;
  }
  fresh = true;
  const auto entry = static_cast<std::uint32_t>(entries_.size());
  slice.slots[at] = entry + 1;
  slice.checks[at] = check;
  ++slice.used;
  return entry;
}

bool DedupIndex::add(const Hash128& key, const RecordPlace& place, std::uint32_t tags) {
  if (entries_.size() + members_.size() >= 0xFFFFFFF0u)
    throw std::runtime_error("dedup counts at most 4 billion records in one run");
  while (file_first_entry_.size() <= place.file)
    file_first_entry_.push_back(static_cast<std::uint32_t>(entries_.size()));
  bool fresh = false;
  const std::uint32_t entry = find_or_insert(key, fresh);
  if (fresh) {
    entries_.push_back(entry_of(key, place));
    if (count_tags_) entry_tags_.push_back(tags);
    return true;
  }
  members_.push_back(Member{place, tags, entry});
  return false;
}

RecordPlace DedupIndex::place_of_entry(std::uint32_t entry) const {
  // The file is the last one whose first entry is at or before this one (a file without a
  // first record of its own starts where the next file starts).
  const auto after = std::upper_bound(file_first_entry_.begin(), file_first_entry_.end(), entry);
  const auto file = static_cast<std::uint32_t>(after - file_first_entry_.begin() - 1);
  const Entry& e = entries_[entry];
  return RecordPlace{file, static_cast<int>(number_at(e, 5)), number_at(e, 7)};
}

const std::vector<std::uint32_t>& DedupIndex::by_game() const {
  if (sorted_) return by_game_;
  by_game_.resize(members_.size());
  for (std::size_t i = 0; i < by_game_.size(); ++i) by_game_[i] = static_cast<std::uint32_t>(i);
  // Entry numbers follow the input order of the first records; member numbers that of the rest.
  std::sort(by_game_.begin(), by_game_.end(), [this](std::uint32_t a, std::uint32_t b) {
    const std::uint32_t ea = members_[a].entry, eb = members_[b].entry;
    return ea != eb ? ea < eb : a < b;
  });
  sorted_ = true;
  return by_game_;
}

std::size_t DedupIndex::groups() const {
  std::size_t n = 0;
  for_each_group([&n](const Group&) { ++n; });
  return n;
}

DedupIndex::Group DedupIndex::group(const std::vector<std::uint32_t>& order, std::size_t begin,
                                    std::size_t end) const {
  const std::uint32_t entry = members_[order[begin]].entry;
  Group out;
  out.records.push_back(place_of_entry(entry));
  std::uint32_t most = count_tags_ ? entry_tags_[entry] : 0;
  for (std::size_t i = begin; i < end; ++i) {
    const Member& m = members_[order[i]];
    if (count_tags_ && m.tags > most) {
      most = m.tags;
      out.kept = out.records.size();
    }
    out.records.push_back(m.place);
  }
  return out;
}

std::vector<std::pair<std::uint32_t, int>> DedupIndex::dropped() const {
  std::vector<std::pair<std::uint32_t, int>> out;
  for_each_group([&out](const Group& g) {
    for (std::size_t i = 0; i < g.records.size(); ++i)
      if (i != g.kept) out.emplace_back(g.records[i].file, g.records[i].index);
  });
  std::sort(out.begin(), out.end());
  return out;
}

std::size_t DedupIndex::bytes() const {
  std::size_t n = sizeof(*this) + slices_.capacity() * sizeof(Slice);
  for (const Slice& s : slices_) n += s.slots.capacity() * 4 + s.checks.capacity();
  n += entries_.bytes() + entry_tags_.bytes() + members_.bytes();
  n += file_first_entry_.capacity() * 4 + by_game_.capacity() * 4;
  return n;
}

}  // namespace scribe::app
