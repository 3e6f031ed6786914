#include "app/commands/archive.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstring>

#include "app/catalog.hpp"
#include "notation/core/record_input.hpp"

namespace scribe::app {

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

__extension__ typedef unsigned __int128 U128;

// The hash's start value (FNV-1a 128's offset basis) and its odd multiplier (dense, so that a
// word's bits reach the whole state in one multiply).
constexpr U128 kBasis =
    (static_cast<U128>(0x6c62272e07bb0142ull) << 64) | static_cast<U128>(0x62b821756295c58dull);
constexpr U128 kMultiplier =
    (static_cast<U128>(0x9e3779b97f4a7c15ull) << 64) | static_cast<U128>(0xbf58476d1ce4e5b9ull);

// One step of the hash: the word is mixed into the state by a multiply by an odd number and a
// fold of the high half into the low one; each is invertible, so different words give
// different states.
inline U128 mix(U128 h, std::uint64_t word) {
  h = (h ^ word) * kMultiplier;
  return h ^ (h >> 64);
}

}  // namespace

Hasher::Hasher()
    : hi_(static_cast<std::uint64_t>(kBasis >> 64)), lo_(static_cast<std::uint64_t>(kBasis)) {}

void Hasher::add(std::string_view bytes) {
  // Eight bytes a step, the last few bytes padded with zeros, then a step with the length and
  // a separator byte, so that ("ab", "c") and ("a", "bc") differ, and so do "a" and "a\0".
  U128 h = (static_cast<U128>(hi_) << 64) | lo_;
  const std::size_t n = bytes.size();
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes.data() + i, 8);
    h = mix(h, word);
  }
  if (i < n) {
    std::uint64_t word = 0;
    std::memcpy(&word, bytes.data() + i, n - i);
    h = mix(h, word);
  }
  h = mix(h, (static_cast<std::uint64_t>(n) << 8) | 0xFF);
  hi_ = static_cast<std::uint64_t>(h >> 64);
  lo_ = static_cast<std::uint64_t>(h);
}

Hash128 Hasher::value() const {
  // A final mix so that the low half alone is a good hash too.
  std::uint64_t lo = lo_ ^ (hi_ >> 29) ^ (hi_ << 17);
  lo ^= lo >> 33;
  lo *= 0xff51afd7ed558ccdull;
  lo ^= lo >> 33;
  return {hi_, lo};
}

std::string canonical_ply(const engine::State& state, const std::string& token) {
  return state.canonical_move(token).value_or(token);
}

std::string canonical_options(const engine::ReplayResult& rr) {
  return rr.variant ? rr.variant->options_text() : std::string();
}

namespace {

// A sequence of pieces (texts) written one after another, each after its length (seven bits a
// byte, the lowest first, the high bit saying that more follow), so that no other sequence
// writes the same bytes. Grows by doubling.
class PieceText {
 public:
  explicit PieceText(std::size_t expected)
      : size_(std::max<std::size_t>(expected, 64)), text_(new char[size_]) {}

  void add(std::string_view piece) {
    const std::size_t n = piece.size();
    if (used_ + n + 10 > size_) grow(2 * (used_ + n + 10));
    char* out = text_.get() + used_;
    std::size_t len = n;
    while (len >= 0x80) {
      *out++ = static_cast<char>((len & 0x7F) | 0x80);
      len >>= 7;
    }
    *out++ = static_cast<char>(len);
    if (n != 0) std::memcpy(out, piece.data(), n);  // an empty view may have no address
    used_ = static_cast<std::size_t>(out - text_.get()) + n;
  }

  std::string_view view() const { return std::string_view(text_.get(), used_); }

 private:
  // Moves the bytes to a buffer of `size` bytes (not zeroed: only written bytes are read).
  void grow(std::size_t size) {
    std::unique_ptr<char[]> bigger(new char[size]);
    std::memcpy(bigger.get(), text_.get(), used_);
    text_ = std::move(bigger);
    size_ = size;
  }

  std::size_t size_;
  std::unique_ptr<char[]> text_;
  std::size_t used_ = 0;
};

}  // namespace

Hash128 replay_with_key(const notation::Record& record, const engine::ReplayOptions& options,
                        bool final_only, engine::ReplayResult* rr) {
  // The start position and each ply are written to one text as replay reaches them (the
  // position before each ply reads it), each after its length, and that text is hashed once:
  // hashing each short ply on its own took three hash steps a ply, a fifth of dedup's
  // instructions on Soccolot. The game and options, known once replay is done, are hashed with
  // it.
  PieceText plies(final_only ? 0 : 16 * record.plies.size() + 256);
  engine::ReplayOptions o = options;
  if (!final_only) {
    o.on_position = [&plies](const engine::ReplayResult&, const engine::State& state, int n) {
      if (n == 0) plies.add(state.position_text());
    };
    // Each legal ply's roll and canonical text, which replay takes from the game's own check of
    // the ply (State::apply_canonical) instead of reading the token again.
    o.on_canonical_ply = [&record, &plies](int n, std::string_view canonical,
                                           std::string_view inferred_roll) {
      const notation::Ply& ply = record.plies[static_cast<std::size_t>(n - 1)];
      // A roll in a game without dice makes the record invalid, so every roll can be hashed; a
      // missing roll that only one roll fits (lenient) counts as that roll.
      plies.add(ply.roll ? std::string_view(ply.roll->text) : inferred_roll);
      plies.add(canonical);
    };
  }
  *rr = engine::replay(catalog_games(), record, o);
  Hasher h;
  h.add(rr->game.value_or(""));
  h.add(canonical_options(*rr));
  if (final_only)
    h.add(rr->final_state ? rr->final_state->position_text() : std::string());
  else
    h.add(plies.view());
  return h.value();
}

std::string separated_text(const std::string& text) {
  std::string out = text;
  if (out.empty() || out.back() != '\n') out += '\n';
  const std::size_t last = out.find_last_not_of(" \t\r\n");
  if (last == std::string::npos || out.find("\n", out.find('\n', last) + 1) == std::string::npos)
    out += '\n';
  return out;
}

RecordShape shape_of(const notation::Record& record) {
  RecordShape s;
  const std::string_view first = record.source_line(record.line);
  s.tagless = first.empty() || first[0] != '[';
  s.tag_first = record.line == record.first_line &&
                notation::detail::well_formed_tag_line(record.source_line(record.first_line));
  // An unclosed `{` above the first tag line is ended by that tag line; one after it runs to
  // the end of the record (a tag line there would start the next record).
  s.ends_open = !record.comments.empty() && !record.comments.back().closed &&
                !record.comments.back().before_tags;
  for (const auto& d : record.tag_diagnostics) {
    s.cut = s.cut || d.code == "record.limit";
    s.recoded = s.recoded || d.code == "record.encoding";
  }
  return s;
}

std::string RecordStream::refusal(const RecordShape& shape) const {
  if (shape.cut)
    return "is larger than the record size limit, so its whole text is not held and it cannot "
           "be copied (raise --max-record-bytes)";
  // The reader keeps each byte that is not UTF-8 as 0x1A: a copy would not be the record (and
  // could even read back as a valid one).
  if (shape.recoded)
    return "holds bytes that are not UTF-8, which are not kept as they were, so it cannot be "
           "copied unchanged";
  if (!started_) return {};
  if (shape.tagless)
    return "has no tag line: written after another record it would read back as part of that "
           "record";
  if (open_ && !shape.tag_first)
    return "does not start with a well-formed tag line: written after the record before it, "
           "which ends inside an unclosed '{', its first lines would read back as part of "
           "that comment";
  return {};
}

std::string location_text(const std::string& file, std::uint32_t line, int index) {
  return file + ":" + std::to_string(line) + ": record " + std::to_string(index);
}

void check_out_path(const fs::path& path, bool force) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (fs::is_directory(st)) throw UsageError("--out " + path.string() + " is a directory");
  if (fs::exists(st) && !force)
    throw UsageError("--out " + path.string() +
                     " exists; give --force to overwrite it (it is replaced whole)");
  const fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
  if (!fs::is_directory(folder, ec))
    throw UsageError("--out " + path.string() + ": the folder " + folder.string() +
                     " does not exist");
}

void PositionTarget::known(const std::string& options, const engine::State& state) {
  std::lock_guard lock(mutex_);
  cache_.emplace(options, Text{state.position_text(), state.side_to_move(), state.position_digest(),
                               state.clone()});
  readable_ = true;
}

std::optional<PositionTarget::Text> PositionTarget::in(const engine::ReplayResult& rr) {
  if (!rr.variant || rr.game.value_or("") != game_) return std::nullopt;
  const std::string options = canonical_options(rr);
  std::lock_guard lock(mutex_);
  auto it = cache_.find(options);
  if (it == cache_.end()) {
    engine::PositionResult pr = rr.variant->parse_position(text_);
    std::optional<Text> canonical;
    if (pr.state)
      canonical = Text{pr.state->position_text(), pr.state->side_to_move(),
                       pr.state->position_digest(), std::move(pr.state)};
    readable_ = readable_ || canonical.has_value();
    it = cache_.emplace(options, std::move(canonical)).first;
  }
  return it->second;
}

bool PositionTarget::stands_in(const engine::State& state, const Text& target) {
  // The side to move first: it rules out half the plies of a two-sided game for the price of a
  // short string, where a game's may_be_position_of may fall back to two digests when the sides
  // differ (Savoya's does).
  if (state.side_to_move() != target.side) return false;
  const bool maybe = target.state ? state.may_be_position_of(*target.state)
                                  : state.position_digest() == target.digest;
  return maybe && state.position_text() == target.canonical;
}

bool PositionTarget::readable() {
  std::lock_guard lock(mutex_);
  return readable_;
}

std::shared_ptr<PositionTarget> position_target(const std::string& text,
                                                const CommonOptions& common) {
  const std::size_t start = text.find_first_not_of(' ');
  if (start == std::string::npos) throw UsageError("--position: the position text is empty");
  const std::string first = text.substr(start, text.find(' ', start) - start);
  const std::string name = common.game.empty() ? first : common.game;
  const CatalogEntry& entry = game_entry(name, common.game.empty() ? "--position" : "--game");
  auto target = std::make_shared<PositionTarget>(text, entry.game->info().name);
  const auto variant = usable_variant(entry, name, common.options, engine::Mode::kStrict);
  engine::PositionResult pr = variant->parse_position(text);
  if (pr.state)
    target->known(variant->options_text(), *pr.state);
  else if (common.options_given)
    throw UsageError("--position: invalid position text: " + pr.error);
  else
    target->error = pr.error;
  return target;
}

std::vector<std::string> read_moves_option(const std::string& text, const CommonOptions& common) {
  std::optional<notation::FileProblem> problem;
  const auto records = notation::read_records("--moves", text, &problem);
  if (problem || records.size() != 1 || records[0].plies.empty() || !records[0].tags.empty())
    throw UsageError("--moves \"" + text + "\": expected movetext such as \"1. b4 2. b5\"");
  const notation::Record& r = records[0];
  if (!r.tag_diagnostics.empty() || !r.movetext_diagnostics.empty())
    throw UsageError(
        "--moves \"" + text + "\": " +
        (r.tag_diagnostics.empty() ? r.movetext_diagnostics : r.tag_diagnostics).front().message);
  std::vector<std::string> moves;
  for (const auto& p : r.plies) moves.emplace_back(r.text_of(p));
  if (common.game.empty() || !common.options_given) return moves;
  const auto variant = usable_variant(game_entry(common.game, "--game"), common.game,
                                      common.options, engine::Mode::kStrict);
  auto state = variant->initial_state();
  if (variant->has_dice()) return moves;  // the rolls are the records' own
  for (std::size_t i = 0; i < r.plies.size(); ++i) {
    const engine::PlyOutcome o = state->apply(moves[i], nullptr, engine::Mode::kStrict);
    if (!o.applied)
      throw UsageError("--moves: ply " + std::to_string(i + 1) + " '" + moves[i] +
                       "' is not legal there" +
                       (o.findings.empty() ? std::string() : ": " + o.findings.front().message));
  }
  return moves;
}

void ArchiveOptions::add_to(po::options_description& desc, const char* out_help) {
  common.add_to(desc);
  desc.add_options()("out,o", po::value<std::string>(&out), out_help)(
      "force", po::bool_switch(&force), "overwrite the --out file when it exists");
  limits.add_to(desc);
}

ScanSettings ArchiveOptions::scan_settings() const {
  ScanSettings s;
  s.jobs = common.job_count();
  s.shard = common.shard();
  const ReadLimits::Checked checked = limits.checked();
  s.max_record_bytes = checked.max_record_bytes;
  s.max_token_bytes = checked.max_token_bytes;
  if (checked.segment_bytes) s.segment_bytes = *checked.segment_bytes;
  return s;
}

engine::ReplayOptions ArchiveOptions::replay() const {
  common.check_game_and_options();
  engine::ReplayOptions r = replay_options(common.game, common.options, common.lenient);
  r.max_plies = limits.checked().max_plies;
  return r;
}

ReadingRun ArchiveOptions::reading_run() const {
  ReadingRun r;
  r.replay = replay();
  r.scan = scan_settings();
  r.json = common.json;
  r.quiet = common.quiet;
  r.colour = common.colour_on(STDERR_FILENO);
  r.progress = progress_on();
  return r;
}

bool ArchiveOptions::progress_on() const {
  return !common.no_progress && !common.quiet && (common.progress || ::isatty(STDERR_FILENO) == 1);
}

}  // namespace scribe::app
