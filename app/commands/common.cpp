#include "app/commands/common.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <iostream>
#include <system_error>
#include <utility>
#include <vector>

#include "app/catalog.hpp"
#include "app/commands/encoding.hpp"
#include "app/commands/options.hpp"

namespace scribe::app {

namespace fs = std::filesystem;

namespace {

// Whether `p` ends in .rec in another case (.REC, .Rec): not input, but worth a word when a
// walk finds nothing.
bool rec_in_other_case(const fs::path& p) {
  const std::string ext = p.extension().string();
  if (ext.size() != 4 || ext == ".rec") return false;
  std::string lower;
  for (char c : ext) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower == ".rec";
}

// Walks `dir` recursively, appending *.rec files in byte-wise sorted path order; files whose
// names end in .rec in another case go to `near_misses`.
void walk_directory(const fs::path& dir, std::vector<Input>& out,
                    std::vector<std::string>& near_misses) {
  std::vector<fs::path> entries;
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) {
    Input in;
    in.path = dir;
    in.display = dir.string();
    in.error = "cannot read directory: " + ec.message();
    out.push_back(std::move(in));
    return;
  }
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) break;
    entries.push_back(it->path());
  }
  std::sort(entries.begin(), entries.end(),
            [](const fs::path& a, const fs::path& b) { return a.string() < b.string(); });
  for (const auto& p : entries) {
    std::error_code sec;
    const auto link_status = fs::symlink_status(p, sec);
    if (sec) continue;
    if (fs::is_directory(link_status)) {
      walk_directory(p, out, near_misses);
      continue;
    }
    if (fs::is_symlink(link_status)) {
      // Symlinked directories are not followed; symlinked files are read.
      std::error_code tec;
      if (fs::is_directory(fs::status(p, tec))) continue;
    }
    if (p.extension() == ".rec") {
      Input in;
      in.path = p;
      in.display = p.string();
      out.push_back(std::move(in));
    } else if (rec_in_other_case(p)) {
      near_misses.push_back(p.string());
    }
  }
}

// Writes all of `bytes` to `fd`, retrying short and interrupted writes; returns 0, or the
// errno of the failure.
int write_all(int fd, std::string_view bytes) {
  for (std::size_t done = 0; done < bytes.size();) {
    const ssize_t w = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0) return errno;
    done += static_cast<std::size_t>(w);
  }
  return 0;
}

// The usage error for a directory that holds no *.rec file, naming what it does hold that looks
// like a record.
std::string empty_walk_message(const std::string& dir, std::vector<std::string> near_misses) {
  std::string m = "no *.rec files under " + dir;
  if (near_misses.empty()) return m;
  std::sort(near_misses.begin(), near_misses.end());
  m += " (not read, as only names ending in lower-case .rec are: ";
  for (std::size_t i = 0; i < near_misses.size() && i < 3; ++i)
    m += (i ? ", " : "") + near_misses[i];
  if (near_misses.size() > 3) m += " and " + std::to_string(near_misses.size() - 3) + " more";
  return m + "; name such a file on the command line to read it)";
}

}  // namespace

std::vector<Input> collect_inputs(const std::vector<std::string>& paths) {
  std::vector<Input> out;
  for (const auto& arg : paths) {
    if (arg == "-") {
      Input in;
      in.display = "-";
      in.is_stdin = true;
      out.push_back(std::move(in));
      continue;
    }
    fs::path p(arg);
    std::error_code ec;
    const auto st = fs::status(p, ec);
    if (!ec && fs::is_directory(st)) {
      // The files of a directory come in the byte-wise order of their whole paths (cli.md), so
      // "d/a-b.rec" and "d/a.rec" come before "d/a/x.rec" ('-' and '.' sort before '/').
      const std::size_t first = out.size();
      std::vector<std::string> near_misses;
      walk_directory(p, out, near_misses);
      if (out.size() == first) throw UsageError(empty_walk_message(arg, near_misses));
      for (std::size_t k = first; k < out.size(); ++k)
        out[k].relative = out[k].path.lexically_relative(p).parent_path();
      std::stable_sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
                       [](const Input& a, const Input& b) { return a.display < b.display; });
      continue;
    }
    Input in;
    in.path = p;
    in.display = arg;
    if (ec || !fs::exists(st)) in.error = std::string("cannot open: ") + std::strerror(ENOENT);
    out.push_back(std::move(in));
  }
  return out;
}

std::optional<notation::FileProblem> open_input(const Input& input,
                                                notation::RecordReader& reader) {
  if (input.error) {
    notation::FileProblem problem;
    problem.unreadable = true;
    problem.diagnostic.code = "record.io";
    problem.diagnostic.message = *input.error;
    problem.diagnostic.context = "";
    return problem;
  }
  if (!input_encoding().empty()) {
    if (!input.utf8_copy) {
      Input converted = input;
      convert_input(converted);
      return open_input(converted, reader);  // the reader keeps the copy open
    }
    reader.set_source_encoding(input_encoding());
  }
  if (input.is_stdin) {
    std::string error;
    if (const auto path = stdin_file(&error)) return reader.open_file(*path);
    notation::FileProblem problem;
    problem.unreadable = true;
    problem.diagnostic.code = "record.io";
    problem.diagnostic.message = "cannot read standard input: " + error;
    return problem;
  }
  return reader.open_file(input.path);
}

std::optional<fs::path> stdin_file(std::string* error) {
  // Made once: standard input can be read only once, and render reads its inputs twice.
  static const auto spooled = []() -> std::pair<std::optional<fs::path>, std::string> {
    std::error_code ec;
    fs::path dir = fs::temp_directory_path(ec);
    if (ec) dir = "/tmp";
    std::string name = (dir / "scribe-stdin-XXXXXX").string();
    const int fd = ::mkstemp(name.data());
    if (fd < 0) return {std::nullopt, "cannot make a temporary file in " + dir.string() + ": " +
                                          std::strerror(errno)};
    ::unlink(name.c_str());  // the open descriptor keeps the file until scribe exits
    std::vector<char> buf(std::size_t{1} << 20);
    for (;;) {
      const ssize_t n = ::read(STDIN_FILENO, buf.data(), buf.size());
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return {std::nullopt, std::strerror(errno)};
      if (n == 0) break;
      if (const int err = write_all(fd, std::string_view(buf.data(), static_cast<std::size_t>(n))))
        return {std::nullopt, "cannot write a temporary copy: " + std::string(std::strerror(err))};
    }
    return {fs::path("/proc/self/fd") / std::to_string(fd), std::string()};
  }();
  if (!spooled.first && error != nullptr) *error = spooled.second;
  return spooled.first;
}

namespace {

// What a thread of a ThreadGroup runs, and the CPUs it may run on once it runs.
struct ThreadStart {
  std::function<void()> fn;
  std::optional<cpu_set_t> allowed;
};

void* run_thread(void* arg) {
  const std::unique_ptr<ThreadStart> start(static_cast<ThreadStart*>(arg));
  if (start->allowed) ::sched_setaffinity(0, sizeof(cpu_set_t), &*start->allowed);
  start->fn();
  return nullptr;
}

// The CPUs a new thread is first allowed on: the `index`-th (round robin) of those this thread
// may use other than the one it runs on; nothing when there is no other (then `allowed` is
// left alone). Left to itself, the scheduler of this VM (Linux 6.18) puts a new thread on its
// starter's CPU, busy with the starter, and the thread waits there for the next clock tick (up
// to 4 ms, 2 ms on average) before it moves to the idle one, while --jobs 2 validates a 3 MB
// file in 13 ms. Started on another CPU, it runs within 0.1 ms.
std::optional<cpu_set_t> first_cpus(std::size_t index, cpu_set_t* allowed) {
  if (::pthread_getaffinity_np(::pthread_self(), sizeof(cpu_set_t), allowed) != 0)
    return std::nullopt;
  const int here = ::sched_getcpu();
  std::vector<int> others;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (cpu != here && CPU_ISSET(cpu, allowed)) others.push_back(cpu);
  if (others.empty()) return std::nullopt;
  cpu_set_t first;
  CPU_ZERO(&first);
  CPU_SET(others[index % others.size()], &first);
  return first;
}

}  // namespace

void ThreadGroup::start(std::function<void()> fn) {
  auto guarded = [this, fn = std::move(fn)] {
    try {
      fn();
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!failure_) failure_ = std::current_exception();
    }
  };
  auto start = std::make_unique<ThreadStart>();
  start->fn = std::move(guarded);
  pthread_attr_t attr;
  int error = ::pthread_attr_init(&attr);
  if (error == 0) {
    // Started on another CPU, the thread may run on all of this thread's CPUs again.
    cpu_set_t allowed;
    if (const auto first = first_cpus(threads_.size(), &allowed)) {
      if (::pthread_attr_setaffinity_np(&attr, sizeof(cpu_set_t), &*first) == 0)
        start->allowed = allowed;
    }
    threads_.reserve(threads_.size() + 1);
    pthread_t thread;
    error = ::pthread_create(&thread, &attr, run_thread, start.get());
    ::pthread_attr_destroy(&attr);
    if (error != 0 && start->allowed) {  // refused with the CPU: started as any thread
      start->allowed.reset();
      error = ::pthread_create(&thread, nullptr, run_thread, start.get());
    }
    if (error == 0) {
      start.release();  // the thread owns it
      threads_.push_back(thread);
      return;
    }
  }
  throw std::runtime_error("cannot start a worker thread (" + std::to_string(threads_.size()) +
                           " running): " + std::generic_category().message(error) +
                           "; try a smaller --jobs");
}

void ThreadGroup::start_all(int count, const std::function<void()>& fn) {
  // The gate: 0 closed, 1 open (run), 2 open (give up).
  struct Gate {
    std::mutex mutex;
    std::condition_variable opened;
    int state = 0;
    void open(int to) {
      {
        std::lock_guard lock(mutex);
        state = to;
      }
      opened.notify_all();
    }
  };
  auto gate = std::make_shared<Gate>();
  try {
    for (int i = 0; i < count; ++i)
      start([gate, fn] {
        std::unique_lock lock(gate->mutex);
        gate->opened.wait(lock, [&] { return gate->state != 0; });
        const bool run = gate->state == 1;
        lock.unlock();
        if (run) fn();
      });
  } catch (...) {
    gate->open(2);
    wait();
    throw;
  }
  gate->open(1);
}

void ThreadGroup::wait() {
  for (const pthread_t thread : threads_) ::pthread_join(thread, nullptr);
  threads_.clear();
}

void ThreadGroup::join() {
  wait();
  if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
}

const CatalogEntry& game_entry(const std::string& game, const std::string& what) {
  if (const CatalogEntry* entry = find_entry(game)) return *entry;
  std::string known;
  std::vector<std::string> names;
  for (const auto& e : catalog()) {
    known += (known.empty() ? "" : ", ") + e.game->info().name;
    for (const auto& n : e.game->info().names) names.push_back(n);
  }
  throw UsageError(what + ": unknown game '" + game + "'" + did_you_mean(game, names) +
                   " (known: " + known + ")");
}

std::unique_ptr<engine::Variant> usable_variant(const CatalogEntry& entry, const std::string& game,
                                                const std::string& options, engine::Mode mode) {
  static const std::vector<notation::Tag> kNoTags;
  engine::VariantRequest req;
  req.game_name = game;
  req.options = options;
  req.tags = &kNoTags;
  req.mode = mode;
  engine::VariantResult vr = entry.game->configure(req);
  for (const auto& f : vr.findings)
    if (f.severity == engine::Severity::kError)
      throw UsageError("--options \"" + options + "\": " + f.message);
  if (vr.variant == nullptr) throw UsageError("--options \"" + options + "\" is not usable");
  return std::move(vr.variant);
}

engine::ReplayOptions replay_options(const std::string& game, const std::string& options,
                                     bool lenient) {
  engine::ReplayOptions ro;
  ro.mode = lenient ? engine::Mode::kLenient : engine::Mode::kStrict;
  ro.final_position = false;  // what needs it asks ReplayResult::final_position_text()
  if (!options.empty() && game.empty())
    throw UsageError("--options needs --game: it gives the options of records of that game");
  if (!game.empty()) {
    usable_variant(game_entry(game, "--game"), game, options, ro.mode);
    ro.default_game = game;
    ro.default_options = options;
  }
  return ro;
}

SetupPosition setup_position(const std::string& game, const std::string& options,
                             const std::string& text) {
  // The game: --game, else the first word of the text (a position text starts with it).
  const std::size_t start = text.find_first_not_of(' ');
  if (start == std::string::npos) throw UsageError("--setup: the position text is empty");
  const std::string first = text.substr(start, text.find(' ', start) - start);
  const std::string name = game.empty() ? first : game;
  SetupPosition out;
  out.entry = &game_entry(name, game.empty() ? "--setup" : "--game");
  out.variant = usable_variant(*out.entry, name, options, engine::Mode::kStrict);
  engine::PositionResult pr = out.variant->parse_position(text);
  if (!pr.state) throw UsageError("--setup: invalid position text: " + pr.error);
  out.state = std::move(pr.state);
  return out;
}

std::string input_stem(const Input& input) {
  if (input.is_stdin) return "stdin";
  return sanitise_name(input.path.stem().string());
}

std::string sanitise_name(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  for (char c : name) {
    const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                    c == '.' || c == '_' || c == '-';
    out += ok ? c : '_';
  }
  if (out.empty() || out == "." || out == "..") out = "_" + out;
  return out;
}

AtomicFile::AtomicFile(fs::path path)
    : path_(std::move(path)),
      tmp_(path_.parent_path() /
           ("." + path_.filename().string() + ".tmp" + std::to_string(::getpid()))) {
  fd_ = ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) throw WriteError(path_.string() + ": " + std::strerror(errno));
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) {
    ::close(fd_);
    ::unlink(tmp_.c_str());
  }
}

void AtomicFile::write(std::string_view bytes) {
  if (buffer_.size() + bytes.size() <= kBuffer) {
    if (buffer_.capacity() < kBuffer) buffer_.reserve(kBuffer);
    buffer_.append(bytes);
    return;
  }
  flush();
  if (bytes.size() >= kBuffer) {
    if (const int err = write_all(fd_, bytes)) fail(err);
  } else {
    buffer_.append(bytes);
  }
}

void AtomicFile::flush() {
  if (buffer_.empty()) return;
  if (const int err = write_all(fd_, buffer_)) fail(err);
  buffer_.clear();
}

void AtomicFile::commit() {
  flush();
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail(errno);
  if (::rename(tmp_.c_str(), path_.c_str()) != 0) fail(errno);
}

void AtomicFile::fail(int err) {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  ::unlink(tmp_.c_str());
  throw WriteError(path_.string() + ": " + std::strerror(err));
}

void write_file_atomically(const fs::path& path, std::string_view bytes) {
  AtomicFile file(path);
  file.write(bytes);
  file.commit();
}

}  // namespace scribe::app
