// Positions, replays and the list of games of the public API, over engine::replay() and the
// game catalog.
#include "scribe/game.hpp"

#include <algorithm>
#include <stdexcept>

#include "api/internal.hpp"

namespace scribe {

namespace api {

const app::CatalogEntry& entry_of(std::string_view name) {
  if (const app::CatalogEntry* e = app::find_entry(name)) return *e;
  std::string known;
  for (const auto& e : app::catalog()) known += (known.empty() ? "" : ", ") + e.game->info().name;
  throw Error("unknown game '" + std::string(name) + "' (known: " + known + ")");
}

std::unique_ptr<engine::Variant> variant_of(const app::CatalogEntry& entry, std::string_view name,
                                            std::string_view options) {
  static const std::vector<notation::Tag> kNoTags;
  engine::VariantRequest request;
  request.game_name = name;
  request.options = options;
  request.tags = &kNoTags;
  engine::VariantResult vr = entry.game->configure(request);
  for (const auto& f : vr.findings)
    if (f.severity == engine::Severity::kError)
      throw Error("options \"" + std::string(options) + "\": " + f.message);
  if (vr.variant == nullptr) throw Error("options \"" + std::string(options) + "\" are not usable");
  return std::move(vr.variant);
}

engine::ReplayOptions engine_options(const ReplayOptions& options) {
  engine::ReplayOptions out;
  out.mode = options.mode == Mode::kLenient ? engine::Mode::kLenient : engine::Mode::kStrict;
  out.default_game = options.game;
  out.default_options = options.options;
  out.keep_positions = options.keep_positions;
  out.final_position = false;  // Game::final_position() works it out when asked
  return out;
}

ReplayOptions public_options(const engine::ReplayOptions& options) {
  ReplayOptions out;
  out.mode = options.mode == engine::Mode::kLenient ? Mode::kLenient : Mode::kStrict;
  out.game = options.default_game;
  out.options = options.default_options;
  out.keep_positions = options.keep_positions;
  return out;
}

}  // namespace api

namespace {

// A position that owns its variant and state (start, from_text).
Position owned_position(const app::CatalogEntry& entry, std::unique_ptr<engine::Variant> variant,
                        std::unique_ptr<engine::State> state) {
  auto data = std::make_shared<Position::Data>();
  std::shared_ptr<const engine::Variant> keep(std::move(variant));
  data->entry = &entry;
  data->variant = keep.get();
  data->keep = std::move(keep);
  data->owned = std::move(state);
  data->state = data->owned.get();
  data->last_move = data->state->last_move_text();
  data->last_mover = data->state->last_mover();
  return Position(std::move(data));
}

// The game's listing converted to groups.
std::vector<MoveGroup> to_groups(const std::vector<engine::MoveSection>& listing) {
  std::vector<MoveGroup> out;
  for (const auto& s : listing) out.push_back({s.title, s.moves});
  return out;
}

}  // namespace

Position::Position(std::shared_ptr<const Data> data) : data_(std::move(data)) {}

Position Position::start(std::string_view game, std::string_view options) {
  const app::CatalogEntry& entry = api::entry_of(game);
  std::unique_ptr<engine::Variant> variant = api::variant_of(entry, game, options);
  std::unique_ptr<engine::State> state = variant->initial_state();
  return owned_position(entry, std::move(variant), std::move(state));
}

Position Position::from_text(std::string_view text, std::string_view game,
                             std::string_view options) {
  std::string_view name = game;
  if (name.empty()) {  // a position text starts with its game's name
    const std::size_t first = text.find_first_not_of(' ');
    if (first == std::string_view::npos) throw Error("the position text is empty");
    const std::size_t end = text.find(' ', first);
    name = text.substr(first, end == std::string_view::npos ? end : end - first);
  }
  const app::CatalogEntry& entry = api::entry_of(name);
  std::unique_ptr<engine::Variant> variant = api::variant_of(entry, name, options);
  engine::PositionResult pr = variant->parse_position(text);
  if (!pr.state) throw Error("invalid position text: " + pr.error);
  return owned_position(entry, std::move(variant), std::move(pr.state));
}

std::string Position::game() const { return data_->entry->game->info().name; }
std::string Position::options() const { return data_->variant->options_text(); }
std::string Position::text() const { return data_->state->position_text(); }
std::string Position::board() const { return data_->state->text_board(); }
std::string Position::facts() const { return data_->state->text_facts(); }
std::string Position::side_to_move() const { return data_->state->side_to_move(); }
int Position::ply() const { return data_->state->plies_played(); }
std::string Position::last_move() const { return data_->last_move; }
std::string Position::last_mover() const { return data_->last_mover; }
bool Position::has_dice() const { return data_->variant->has_dice(); }

std::optional<std::string> Position::result() const {
  if (auto r = data_->state->result()) return r;
  return data_->record_result;
}

std::vector<std::string> Position::rolls() const {
  std::vector<std::string> out;
  for (const auto& o : data_->state->chance_outcomes())
    if (!o.roll.empty()) out.push_back(o.roll);
  return out;
}

std::vector<std::string> Position::legal_moves(std::optional<std::string_view> roll) const {
  if (result()) return {};
  return data_->state->legal_moves(roll.value_or(""));
}

std::vector<MoveGroup> Position::move_groups(std::optional<std::string_view> roll) const {
  if (result()) return {};
  return to_groups(data_->state->move_listing(roll.value_or("")));
}

Position Position::apply(std::string_view move, std::optional<std::string_view> roll,
                         Mode mode) const {
  std::unique_ptr<engine::State> next = data_->state->clone();
  const std::string side = data_->state->side_to_move();
  engine::RollText roll_text{roll.value_or("")};
  const engine::PlyOutcome outcome =
      next->apply(move, roll ? &roll_text : nullptr,
                  mode == Mode::kLenient ? engine::Mode::kLenient : engine::Mode::kStrict);
  if (!outcome.applied) {
    Diagnostic d;
    d.code = "record.illegal";
    d.message = "the move '" + std::string(move) + "' cannot be played here";
    for (const auto& f : outcome.findings)
      if (f.severity == engine::Severity::kError) {
        d.code = f.code;
        d.message = f.message;
        d.col = static_cast<int>(f.offset) + 1;
        const int chars = static_cast<int>(notation::count_chars(move));
        d.length = f.length != 0 ? static_cast<int>(f.length) : std::max(1, chars - d.col + 1);
        break;
      }
    d.ply = data_->state->plies_played() + 1;
    d.context = "ply " + std::to_string(*d.ply) + ", " + (side.empty() ? "*" : side) + " to move" +
                (roll ? ", roll " + std::string(*roll) : "");
    throw IllegalMove(std::move(d));
  }
  auto data = std::make_shared<Data>();
  data->keep = data_->keep;
  data->entry = data_->entry;
  data->variant = data_->variant;
  data->owned = std::move(next);
  data->state = data->owned.get();
  data->last_move = std::string(move);
  data->last_mover = side;
  data->players = data_->players;
  return Position(std::move(data));
}

Game::Game(std::shared_ptr<const Data> data) : data_(std::move(data)) {}

const Record& Game::record() const { return data_->record; }
bool Game::valid() const { return data_->result.valid(); }
int Game::errors() const { return data_->result.errors; }
int Game::warnings() const { return data_->result.warnings; }
std::optional<std::string> Game::game() const { return data_->result.game; }
std::optional<std::string> Game::options() const { return data_->result.options; }
bool Game::replayed() const { return data_->result.replayed; }
int Game::plies() const { return data_->result.plies; }
std::string Game::result() const { return data_->result.result; }
std::optional<std::string> Game::termination() const { return data_->result.termination; }
std::optional<std::string> Game::final_position() const {
  return data_->result.final_position_text();
}

std::vector<Diagnostic> Game::diagnostics() const {
  std::vector<Diagnostic> out;
  out.reserve(data_->result.diagnostics.size());
  for (const auto& d : data_->result.diagnostics)
    out.push_back(api::to_public(d, data_->record.file()));
  return out;
}

std::vector<Diagnostic> Game::diagnostics_of_ply(int ply) const {
  std::vector<Diagnostic> out;
  for (const auto& d : data_->result.diagnostics)
    if (d.ply == ply) out.push_back(api::to_public(d, data_->record.file()));
  return out;
}

std::size_t Game::position_count() const {
  if (data_->kept_positions) return data_->result.positions.size();
  return data_->result.final_state ? 1 : 0;
}

Position Game::position(std::size_t i) const {
  const std::size_t count = position_count();
  if (i >= count)
    throw std::out_of_range("position " + std::to_string(i) + " of a game with " +
                            std::to_string(count) + " positions");
  const engine::ReplayResult& rr = data_->result;
  const notation::Record& record = *data_->record.data().record;
  auto p = std::make_shared<Position::Data>();
  p->keep = data_;
  p->entry = data_->entry;
  p->variant = rr.variant.get();
  p->state = data_->kept_positions ? rr.positions[i].get() : rr.final_state.get();
  const std::size_t index = data_->kept_positions ? i : static_cast<std::size_t>(rr.plies);
  if (index > 0 && index <= record.plies.size()) {
    p->last_move = record.text_of(record.plies[index - 1]);
    p->last_mover = p->state->last_mover();
  }
  // The last position stands at the record's result (C6): the one the game reached, or one
  // that the Termination tag or the game's spec lets stand after the last ply.
  if (i + 1 == count && rr.result != "*") p->record_result = rr.result;
  for (int n = 1; n <= 9; ++n)
    if (const notation::Tag* t = record.find_tag("Player" + std::to_string(n))) {
      p->players.resize(static_cast<std::size_t>(n));
      p->players.back() = t->value;
    }
  return Position(std::move(p));
}

Game replay(const Record& record, const ReplayOptions& options) {
  auto data = std::make_shared<Game::Data>(Game::Data{record, {}, nullptr, options.keep_positions});
  data->result =
      engine::replay(app::catalog_games(), *record.data().record, api::engine_options(options));
  if (data->result.game) data->entry = app::find_entry(*data->result.game);
  if (data->entry == nullptr) {  // not replayed: no position to draw, none kept
    data->result.positions.clear();
    data->result.final_state.reset();
  }
  return Game(std::move(data));
}

std::vector<GameInfo> games() {
  std::vector<GameInfo> out;
  for (const auto& e : app::catalog()) {
    const engine::GameInfo& info = e.game->info();
    out.push_back({info.name, info.names, info.title, info.has_dice, e.drawer->styles()});
  }
  return out;
}

}  // namespace scribe
