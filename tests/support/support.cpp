#include "tests/support/support.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <sstream>

namespace scribe::test {

namespace fs = std::filesystem;

fs::path source_dir() { return fs::path(SCRIBE_SOURCE_DIR); }
fs::path scribe_binary() { return fs::path(SCRIBE_BINARY); }

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void write_file(const fs::path& path, const std::string& text) {
  if (path.has_parent_path()) fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out << text;
  ASSERT_TRUE(out.good()) << "cannot write " << path;
}

TempDir::TempDir() {
  static std::atomic<int> counter{0};
  path_ = fs::temp_directory_path() /
          ("scribe-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  fs::remove_all(path_);
  fs::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  // Restore permissions a test may have removed, then delete.
  for (auto it = fs::recursive_directory_iterator(path_, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
    fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ec);
  fs::remove_all(path_, ec);
}

namespace {
RunResult run(const std::vector<std::string>& args, const std::string& input,
              const std::filesystem::path* input_file);
}  // namespace

RunResult run_scribe(const std::vector<std::string>& args, const std::string& input) {
  return run(args, input, nullptr);
}

RunResult run_scribe_from_file(const std::vector<std::string>& args,
                               const std::filesystem::path& input_file) {
  return run(args, "", &input_file);
}

namespace {

RunResult run(const std::vector<std::string>& args, const std::string& input,
              const std::filesystem::path* input_file) {
  RunResult result;
  int in_pipe[2], out_pipe[2], err_pipe[2];
  if (pipe(in_pipe) != 0 || pipe(out_pipe) != 0 || pipe(err_pipe) != 0) {
    ADD_FAILURE() << "pipe failed";
    return result;
  }
  const pid_t pid = fork();
  if (pid == 0) {
    if (input_file != nullptr) {
      const int fd = open(input_file->c_str(), O_RDONLY);
      if (fd < 0) _exit(127);
      dup2(fd, in_pipe[0]);
      close(fd);
    }
    dup2(in_pipe[0], 0);
    dup2(out_pipe[1], 1);
    dup2(err_pipe[1], 2);
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]})
      close(fd);
    if (chdir(source_dir().c_str()) != 0) _exit(127);
    std::vector<std::string> storage;
    storage.push_back(scribe_binary().string());
    for (const auto& a : args) storage.push_back(a);
    std::vector<char*> argv;
    for (auto& s : storage) argv.push_back(s.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(in_pipe[0]);
  close(out_pipe[1]);
  close(err_pipe[1]);
  // Feed input and read both outputs without deadlocking.
  std::size_t written = 0;
  bool in_open = true;
  if (input.empty()) {
    close(in_pipe[1]);
    in_open = false;
  } else {
    fcntl(in_pipe[1], F_SETFL, O_NONBLOCK);
  }
  bool out_open = true, err_open = true;
  char buf[65536];
  while (out_open || err_open) {
    pollfd fds[3];
    int n = 0;
    int out_i = -1, err_i = -1, in_i = -1;
    if (out_open) { fds[n] = {out_pipe[0], POLLIN, 0}; out_i = n++; }
    if (err_open) { fds[n] = {err_pipe[0], POLLIN, 0}; err_i = n++; }
    if (in_open) { fds[n] = {in_pipe[1], POLLOUT, 0}; in_i = n++; }
    if (poll(fds, static_cast<nfds_t>(n), -1) < 0) break;
    if (in_i >= 0 && (fds[in_i].revents & (POLLOUT | POLLERR | POLLHUP))) {
      const ssize_t w = write(in_pipe[1], input.data() + written, input.size() - written);
      if (w > 0) written += static_cast<std::size_t>(w);
      if (w < 0 || written == input.size()) {
        close(in_pipe[1]);
        in_open = false;
      }
    }
    for (auto [idx, fd, target, open] :
         {std::tuple{out_i, out_pipe[0], &result.out, &out_open},
          std::tuple{err_i, err_pipe[0], &result.err, &err_open}}) {
      if (idx < 0 || !(fds[idx].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const ssize_t r = read(fd, buf, sizeof buf);
      if (r <= 0) {
        *open = false;
      } else {
        target->append(buf, static_cast<std::size_t>(r));
      }
    }
  }
  if (in_open) close(in_pipe[1]);
  close(out_pipe[0]);
  close(err_pipe[0]);
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  result.peak_rss_kib = usage.ru_maxrss;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

}  // namespace

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

}  // namespace scribe::test
