// Reading records through the public API: a thin layer over notation::RecordReader.
#include "scribe/record.hpp"

#include <istream>
#include <iterator>
#include <sstream>

#include "api/internal.hpp"

namespace scribe {

Record::Record(std::shared_ptr<const Data> data) : data_(std::move(data)) {}

const std::string& Record::file() const { return data_->record->file; }
int Record::index() const { return data_->record->index; }
int Record::line() const { return static_cast<int>(data_->record->line); }
std::size_t Record::ply_count() const { return data_->record->plies.size(); }
const std::string& Record::text() const { return data_->record->text; }

std::vector<Tag> Record::tags() const {
  std::vector<Tag> out;
  out.reserve(data_->record->tags.size());
  for (const auto& t : data_->record->tags) out.push_back({t.name, t.value});
  return out;
}

std::optional<std::string> Record::tag(std::string_view name) const {
  const notation::Tag* t = data_->record->find_tag(name);
  if (t == nullptr) return std::nullopt;
  return t->value;
}

std::vector<Ply> Record::plies() const {
  std::vector<Ply> out;
  out.reserve(data_->record->plies.size());
  const notation::Record& record = *data_->record;
  for (const auto& p : record.plies) {
    Ply ply;
    ply.text = record.text_of(p);
    if (p.roll) ply.roll = p.roll->text;
    ply.line = static_cast<int>(p.span.line);
    ply.col = static_cast<int>(p.span.col);
    out.push_back(std::move(ply));
  }
  return out;
}

// The reader and the problem of its input once known.
struct Reader::Impl {
  explicit Impl(std::string display) : reader(display), name(std::move(display)) {}
  notation::RecordReader reader;
  std::string name;
  std::optional<notation::FileProblem> problem;
  bool done = false;
};

Reader::Reader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Reader::Reader(Reader&&) noexcept = default;
Reader& Reader::operator=(Reader&&) noexcept = default;
Reader::~Reader() = default;

Reader Reader::open_file(const std::filesystem::path& path) {
  auto impl = std::make_unique<Impl>(path.string());
  impl->problem = impl->reader.open_file(path);
  impl->done = impl->problem.has_value();
  return Reader(std::move(impl));
}

Reader Reader::from_string(std::string text, std::string name) {
  auto impl = std::make_unique<Impl>(std::move(name));
  impl->problem = impl->reader.open_text(std::move(text));
  impl->done = impl->problem.has_value();
  return Reader(std::move(impl));
}

Reader Reader::from_stream(std::istream& in, std::string name) {
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) {
    auto impl = std::make_unique<Impl>(name);
    notation::FileProblem problem;
    problem.unreadable = true;
    problem.diagnostic.code = "record.io";
    problem.diagnostic.message = "cannot read " + name + ": the stream failed";
    impl->problem = problem;
    impl->done = true;
    return Reader(std::move(impl));
  }
  return from_string(std::move(text), std::move(name));
}

std::optional<Record> Reader::next() {
  if (impl_->done) return std::nullopt;
  std::optional<notation::Record> r = impl_->reader.next();
  if (!r) {
    impl_->done = true;
    impl_->problem = impl_->reader.finish();
    return std::nullopt;
  }
  return Record(std::make_shared<const Record::Data>(std::move(*r)));
}

std::optional<Diagnostic> Reader::problem() const {
  if (!impl_->problem) return std::nullopt;
  return api::to_public(impl_->problem->diagnostic, impl_->name);
}

bool Reader::unreadable() const { return impl_->problem && impl_->problem->unreadable; }

namespace {

// Every record of `reader`, and its problem.
Records read_all(Reader reader) {
  Records out;
  while (auto r = reader.next()) out.records.push_back(std::move(*r));
  out.problem = reader.problem();
  out.unreadable = reader.unreadable();
  return out;
}

}  // namespace

Records read_file(const std::filesystem::path& path) { return read_all(Reader::open_file(path)); }

Records read_string(std::string text, std::string name) {
  return read_all(Reader::from_string(std::move(text), std::move(name)));
}

Records read_stream(std::istream& in, std::string name) {
  return read_all(Reader::from_stream(in, std::move(name)));
}

namespace api {

Record borrow(const notation::Record& record) {
  return Record(std::make_shared<const Record::Data>(&record));
}

}  // namespace api
}  // namespace scribe
