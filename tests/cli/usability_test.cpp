// Issue 16: what a new user touches - each numbered problem of the issue, the help and messages,
// show's new facts, and the one JSON writer (checked by an independent parser, nlohmann-json).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>

#include "app/catalog.hpp"
#include "app/commands/json.hpp"
#include "tests/support/support.hpp"

namespace scribe {
namespace {

namespace fs = std::filesystem;
using test::lines_of;
using test::run_scribe;
using test::TempDir;
using test::write_file;

const char* kSampleGame =
    "[Game \"druid\"]\n[Options \"-size=8\"]\n[Result \"V\"]\n"
    "1. b4 2. b5 3. b6 4. a5 5. b4-b6 6. c5 7. d4 8. d5 9. d4 10. e5 11. b4-d4\n"
    "12. f5 13. b7 14. g5 15. b8 16. h5 17. d3 18. f4 19. d2 20. b1 21. c1 22. d1\n"
    "23. e1 24. f1 25. c1-e1\n";

// D3: an illegal lintel shape at ply 5.
const char* kBadShape =
    "[Game \"druid\"]\n[Options \"-size=8\"]\n\n1. b2 2. h8 3. c3 4. h7 5. b2-c3\n";

// How a run under unusual conditions ended.
struct Ended {
  bool exited = false;  // false: killed by a signal (e.g. abort from std::terminate)
  int code = -1;
  std::string err;
};

// Runs scribe with its address space limited to `address_bytes` (0: no limit) and, with
// `tty`, its standard error on a pseudo-terminal; standard output goes to /dev/null.
Ended run_special(const std::vector<std::string>& args, rlim_t address_bytes, bool tty) {
  Ended ended;
  int master = -1;
  std::string slave_name;
  TempDir dir;
  const fs::path err_file = dir.path() / "err";
  if (tty) {
    master = ::posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0) return ended;
    slave_name = ::ptsname(master);
  }
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (address_bytes > 0) {
      const rlimit lim{address_bytes, address_bytes};
      ::setrlimit(RLIMIT_AS, &lim);
    }
    const int null_fd = ::open("/dev/null", O_RDWR);
    const int err_fd = tty ? ::open(slave_name.c_str(), O_RDWR | O_NOCTTY)
                           : ::open(err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(null_fd, 0);
    ::dup2(null_fd, 1);
    ::dup2(err_fd, 2);
    if (::chdir(test::source_dir().c_str()) != 0) ::_exit(127);
    std::vector<std::string> storage{test::scribe_binary().string()};
    storage.insert(storage.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& s : storage) argv.push_back(s.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  if (tty) {
    char buf[4096];
    for (ssize_t n; (n = ::read(master, buf, sizeof buf)) > 0;)
      ended.err.append(buf, static_cast<std::size_t>(n));  // EIO once the child has gone
    ::close(master);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  ended.exited = WIFEXITED(status);
  ended.code = ended.exited ? WEXITSTATUS(status) : -1;
  if (!tty) ended.err = test::read_file(err_file);
  return ended;
}

// 1. --jobs is capped for every command (and --help says so).
TEST(Issue16, JobsAreCappedForEveryCommand) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  write_file(dir.path() / "a.rec", kSampleGame);
  const std::string in = (dir.path() / "a.rec").string();
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"validate", in, "-j", "40000"},
        std::vector<std::string>{"render", in, "--out", (dir.path() / "o").string(), "-j", "40000"},
        std::vector<std::string>{"generate", "--game", "druid", "--jobs", "40000"}}) {
    const auto r = run_scribe(args);
    EXPECT_EQ(r.exit_code, 2) << args[0] << ": " << r.err;
    EXPECT_NE(r.err.find("--jobs must be 0 (all cores) to 256, not 40000"), std::string::npos)
        << r.err;
    const std::string help =
        std::regex_replace(run_scribe({args[0], "--help"}).out, std::regex("\\s+"), " ");
    EXPECT_NE(help.find("at most 256"), std::string::npos) << help;
  }
  EXPECT_FALSE(fs::exists(dir.path() / "o"));
}

// 1. A thread that cannot start is an error message, never std::terminate: with too little
// address space for 256 thread stacks, every threaded command says so and exits 2.
TEST(Issue16, ThreadThatCannotStartIsAMessageNotAnAbort) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  std::string twelve;  // 12 records of 26 positions: 312 files, enough for 256 threads
  for (int i = 0; i < 12; ++i) twelve += std::string(kSampleGame) + "\n";
  write_file(dir.path() / "a.rec", twelve);
  write_file(dir.path() / "b.rec", twelve);
  const std::string in = (dir.path() / "a.rec").string();
  const rlim_t limit = rlim_t{400} << 20;  // room for scribe, not for 256 stacks of 8 MiB
  // validate reads a single small file on its own thread, so it gets two files here.
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"validate", in, (dir.path() / "b.rec").string(), "-j", "256"},
        std::vector<std::string>{"generate", "--game", "druid", "--count", "20000", "-j", "256"},
        std::vector<std::string>{"render", in, "--all", "-j", "256", "--out",
                                 (dir.path() / "o").string()}}) {
#if defined(__SANITIZE_ADDRESS__)
    // AddressSanitizer reserves terabytes of shadow address space at start-up, so no address
    // space limit can be set under it; there the 256 threads must start and finish cleanly.
    (void)limit;
    const auto r = run_scribe(args);
    EXPECT_EQ(r.exit_code, 0) << args[0] << ": " << r.err;
#else
    const Ended e = run_special(args, limit, false);
    EXPECT_TRUE(e.exited) << args[0] << " was killed: " << e.err;
    EXPECT_EQ(e.code, 2) << args[0] << ": " << e.err;
    EXPECT_NE(e.err.find("cannot start a worker thread"), std::string::npos) << e.err;
#endif
  }
}

// 2. A style is checked against the game being drawn, and `scribe games` lists the styles.
TEST(Issue16, StyleIsCheckedAgainstTheGameDrawn) {
  SCRIBE_REQUIRE_GAME("druid");
  SCRIBE_REQUIRE_GAME("soccolot");
  TempDir dir;
  write_file(dir.path() / "a.rec", kSampleGame);
  const fs::path out = dir.path() / "o";
  for (const char* style : {"a", "print,full"}) {  // Soccolot's styles, not Druid's
    const auto r = run_scribe(
        {"render", (dir.path() / "a.rec").string(), "--style", style, "--out", out.string()});
    EXPECT_EQ(r.exit_code, 2) << style;
    EXPECT_NE(r.err.find(std::string("druid has no style '") + style +
                         "'; druid's styles are flat, iso, full, print, iso-print"),
              std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(out / "a-r1-p25.png"));
  }
  const auto unknown = run_scribe(
      {"render", (dir.path() / "a.rec").string(), "--style", "flta", "--out", out.string()});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("no game has a style 'flta' (did you mean 'flat'?) (druid: flat, "),
            std::string::npos)
      << unknown.err;
  const auto games = run_scribe({"games"});
  EXPECT_NE(games.out.find("  styles: flat iso full print iso-print\n"), std::string::npos);
  EXPECT_NE(games.out.find("  styles: a b c print a,full b,full c,full print,full\n"),
            std::string::npos)
      << games.out;
  const auto json = run_scribe({"games", "--json"});
  const auto druid = nlohmann::json::parse(lines_of(json.out).at(0));
  EXPECT_EQ(druid["styles"], nlohmann::json({"flat", "iso", "full", "print", "iso-print"}));
}

// 3. render of an invalid record prints the diagnostic as validate does and says where the
// diagram stops.
TEST(Issue16, RenderOfAnInvalidRecordSaysWhyAndWhereItStops) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const std::string file = (dir.path() / "bad.rec").string();
  write_file(file, kBadShape);
  const auto r = run_scribe({"render", file, "--out", (dir.path() / "o").string()});
  EXPECT_EQ(r.exit_code, 1);
  const auto v = run_scribe({"validate", file});
  EXPECT_EQ(r.err.rfind(v.err, 0), 0u) << r.err;  // validate's report first
  EXPECT_NE(r.err.find(file + ": record 1: the diagram stops before ply 5, the first ply in "
                              "error; the last position drawn is after ply 4\n"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(fs::exists(dir.path() / "o" / "bad-r1-p4.png"));
}

// 4. A game sheet wraps a long ply instead of cutting it.
TEST(Issue16, SheetWrapsLongPlies) {
  SCRIBE_REQUIRE_GAME("savoya");
  TempDir dir;
  const fs::path in = dir.path() / "long.rec";
  write_file(in,
             "[Game \"savoya\"]\n[Options \"-players=4\"]\n\n"
             "1. (6) o10-i10 2. (5-3) j1-j4,j1-j6 3. (3-1) f15-f12,f15-f14\n"
             "4. (6-2) a6-c6,a6-g6 5. (6-1) o10-n10,o10-i10 6. (6-5) j1-j12\n"
             "7. (5-4) f15-f11,f12-j11 8. (6-4) a6-k6 9. (2-2) o10-k10,o10-m10,i10-k10\n");
  const auto r =
      run_scribe({"render", in.string(), "--sheet", "--out", (dir.path() / "o").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const fs::path pdf = dir.path() / "o" / "long-r1.pdf";
  const fs::path txt = dir.path() / "long.txt";
  ASSERT_EQ(std::system(("pdftotext -raw '" + pdf.string() + "' '" + txt.string() + "'").c_str()),
            0);
  std::string text = test::read_file(txt);
  text = std::regex_replace(text, std::regex("\\s+"), "");
  for (const char* ply :
       {"9.(2-2)o10-k10,o10-m10,i10-k10", "3.(3-1)f15-f12,f15-f14", "7.(5-4)f15-f11,f12-j11"})
    EXPECT_NE(text.find(ply), std::string::npos) << ply << " missing from " << text;
  EXPECT_EQ(text.find("..."), std::string::npos) << text;
}

// 5. A directory walk that finds nothing is a usage error saying what was looked for.
TEST(Issue16, EmptyWalkIsAUsageError) {
  TempDir dir;
  write_file(dir.path() / "d" / "bad.REC", kSampleGame);
  write_file(dir.path() / "d" / "notes.txt", "");
  const std::string d = (dir.path() / "d").string();
  for (const char* command : {"validate", "render"}) {
    std::vector<std::string> args = {command, d};
    if (std::string(command) == "render")
      args.insert(args.end(), {"--out", (dir.path() / "o").string()});
    const auto r = run_scribe(args);
    EXPECT_EQ(r.exit_code, 2) << command;
    EXPECT_NE(r.err.find("no *.rec files under " + d +
                         " (not read, as only names ending in "
                         "lower-case .rec are: " +
                         d + "/bad.REC;"),
              std::string::npos)
        << r.err;
  }
  fs::create_directory(dir.path() / "e");
  const auto r = run_scribe({"validate", (dir.path() / "e").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no *.rec files under " + (dir.path() / "e").string() + "\n"),
            std::string::npos)
      << r.err;
}

// 6. The summary line counts unreadable files (cli.md).
TEST(Issue16, SummaryLineCountsUnreadableFiles) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  write_file(dir.path() / "a.rec", kSampleGame);
  const auto r =
      run_scribe({"validate", (dir.path() / "a.rec").string(), (dir.path() / "nosuch.rec").string(),
                  (dir.path() / "nosuch2.rec").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(std::regex_match(
      r.out, std::regex("1 records: 1 valid, 0 invalid \\(2 errors, 0 warnings\\), 2 files "
                        "unreadable; 25 plies in [0-9.]+ s\n")))
      << r.out;
}

// 7. validate -q --stats prints no empty key: a file with no record has the result "*".
TEST(Issue16, QuietStatsHaveNoEmptyKey) {
  TempDir dir;
  write_file(dir.path() / "empty.rec", "");
  const auto r = run_scribe({"validate", "-q", "--stats", (dir.path() / "empty.rec").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("results: *=1\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(" =1"), std::string::npos) << r.out;
  const auto j = run_scribe({"validate", "--json", "--stats", (dir.path() / "empty.rec").string()});
  EXPECT_NE(j.out.find("\"results\":{\"*\":1}"), std::string::npos) << j.out;
}

// 8. Flags that cannot apply in the combination given are usage errors.
TEST(Issue16, FlagsThatCannotApplyAreUsageErrors) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  write_file(dir.path() / "a.rec", kSampleGame);
  const std::string in = (dir.path() / "a.rec").string(), out = (dir.path() / "o").string();
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"render", in, "--sheet", "--format", "png", "--out", out}, "--sheet writes PDF"},
      {{"render", in, "--name", "x", "--out", out}, "--name applies only with --setup"},
      {{"render", in, "--paper", "letter", "--out", out}, "--paper applies only with --sheet"},
      {{"render", in, "--every", "3", "--out", out}, "--every applies only with --sheet"},
      {{"render", in, "--delay", "100", "--out", out}, "--delay applies only with --format gif"},
      {{"render", in, "--format", "svg", "--png-compression", "3", "--out", out},
       "--png-compression applies only to PNG"},
      {{"render", in, "--setup", "druid square:5 - - - V 0 -", "--out", out}, "give no PATH"},
      {{"render", "--setup", "druid square:5 - - - V 0 -", "--all", "--out", out},
       "--setup draws one position"},
      {{"show", in, "--setup", "druid square:5 - - - V 0 -"}, "give no PATH"},
      {{"show", in, "--roll", "3"}, "--roll applies only to a game with dice"},
      {{"generate", "--game", "druid", "--force"}, "--force applies only with --out"},
  };
  for (const auto& [args, message] : cases) {
    const auto r = run_scribe(args);
    EXPECT_EQ(r.exit_code, 2) << args[1] << " " << args[2];
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  }
  EXPECT_FALSE(fs::exists(out));
}

// 9. generate --out needs --force to overwrite.
TEST(Issue16, GenerateOutNeedsForce) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path f = dir.path() / "g.rec";
  write_file(f, "keep me");
  auto r = run_scribe({"generate", "--game", "druid", "--out", f.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(f.string() + " already exists (use --force to overwrite)"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(test::read_file(f), "keep me");
  r = run_scribe({"generate", "--game", "druid", "--out", f.string(), "--force"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::read_file(f).rfind("[Game \"druid\"]", 0), 0u);
}

// 10. render of a tree keeps the tree under --out; a clash that remains names both inputs.
TEST(Issue16, RenderKeepsTheTreeAndNamesBothInputsOfAClash) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  write_file(dir.path() / "arch" / "2006" / "game.rec", kSampleGame);
  write_file(dir.path() / "arch" / "2007" / "game.rec", kSampleGame);
  const fs::path out = dir.path() / "o";
  auto r = run_scribe({"render", (dir.path() / "arch").string(), "--out", out.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(out / "2006" / "game-r1-p25.png"));
  EXPECT_TRUE(fs::exists(out / "2007" / "game-r1-p25.png"));
  const std::string a = (dir.path() / "arch" / "2006" / "game.rec").string();
  const std::string b = (dir.path() / "arch" / "2007" / "game.rec").string();
  const fs::path out2 = dir.path() / "o2";
  r = run_scribe({"render", a, b, "--out", out2.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(
      r.err.find(a + " and " + b + " would both write " + (out2 / "game-r1-p25.png").string()),
      std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(out2 / "game-r1-p25.png"));
}

// 11. scribe help COMMAND, each command's own options, scribe's own usage errors.
TEST(Issue16, HelpAndUsageErrorsInScribesOwnWords) {
  for (const char* command : {"validate", "show", "render", "games", "generate"}) {
    const auto help = run_scribe({"help", command});
    EXPECT_EQ(help.exit_code, 0) << command;
    EXPECT_EQ(help.out, run_scribe({command, "--help"}).out) << command;
    EXPECT_NE(help.out.find("scribe " + std::string(command)), std::string::npos);
    if (std::string(command) != "games") {
      EXPECT_NE(help.out.find("Examples:"), std::string::npos) << command;
    }
  }
  const auto show = run_scribe({"show", "--help"}).out;
  for (const char* absent : {"--jobs", "--progress", "--no-progress"})
    EXPECT_EQ(show.find(absent), std::string::npos) << absent;
  EXPECT_NE(run_scribe({"help"}).out.find("help [COMMAND]"), std::string::npos);
  auto r = run_scribe({"show", "a.rec", "b.rec"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.find("positional"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("show takes one PATH"), std::string::npos) << r.err;
  r = run_scribe({"games", "extra"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("scribe games: this command takes no PATH argument\n"), std::string::npos)
      << r.err;
  r = run_scribe({"validate", "--jobs", "many", "x.rec"});
  EXPECT_NE(r.err.find("option '--jobs': 'many' is not a valid value"), std::string::npos) << r.err;
  r = run_scribe({"validate", "x.rec", "--game"});
  EXPECT_NE(r.err.find("option '--game' needs a value"), std::string::npos) << r.err;
  r = run_scribe({"help", "bogus"});
  EXPECT_EQ(r.exit_code, 2);
}

// "Did you mean" for a misspelt subcommand, flag, game name and style.
TEST(Issue16, DidYouMean) {
  SCRIBE_REQUIRE_GAME("druid");
  auto r = run_scribe({"vaildate", "x.rec"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("unknown command 'vaildate' (did you mean 'validate'?)"), std::string::npos);
  r = run_scribe({"validate", "--jbos", "2", "x.rec"});
  EXPECT_NE(r.err.find("unknown option '--jbos' (did you mean '--jobs'?)"), std::string::npos)
      << r.err;
  r = run_scribe({"validate", "--game", "druud", "x.rec"});
  EXPECT_NE(r.err.find("unknown game 'druud' (did you mean 'druid'?)"), std::string::npos) << r.err;
  r = run_scribe({"help", "rendr"});
  EXPECT_NE(r.err.find("(did you mean 'render'?)"), std::string::npos) << r.err;
  TempDir dir;
  r = run_scribe({"render", "--setup", "druid square:5 - - - V 0 -", "--style", "iso-prnt", "--out",
                  dir.path().string()});
  EXPECT_NE(r.err.find("(did you mean 'iso-print'?)"), std::string::npos) << r.err;
  r = run_scribe({"validate", "--color", "allways", "x.rec"});
  EXPECT_NE(r.err.find("(did you mean 'always'?)"), std::string::npos) << r.err;
  // Nothing is suggested when nothing is close.
  r = run_scribe({"xyzzy"});
  EXPECT_EQ(r.err.find("did you mean"), std::string::npos) << r.err;
}

// Colour on a terminal only: --color=auto|always|never, NO_COLOR, never in pipes or JSON.
TEST(Issue16, ColourOnATerminalOnly) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const std::string file = (dir.path() / "bad.rec").string();
  write_file(file, kBadShape);
  const std::string red = "\x1b[1;31merror\x1b[0m";
  auto r = run_scribe({"validate", file});  // a pipe
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r.err;
  r = run_scribe({"validate", file, "--color=always"});
  EXPECT_NE(r.err.find(red), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("\x1b[1;32m^~~~~\x1b[0m"), std::string::npos) << r.err;
  EXPECT_EQ(run_scribe({"validate", file, "--json", "--color=blue"}).exit_code, 2);
  EXPECT_EQ(run_scribe({"show", file, "--color=blue"}).exit_code, 2);
  r = run_scribe({"validate", file, "--color=always", "--json"});
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos);
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos);
  Ended e = run_special({"validate", file}, 0, true);  // a terminal
  EXPECT_NE(e.err.find(red), std::string::npos) << e.err;
  e = run_special({"validate", file, "--color=never"}, 0, true);
  EXPECT_EQ(e.err.find("\x1b[1"), std::string::npos) << e.err;
  ::setenv("NO_COLOR", "1", 1);
  e = run_special({"validate", file}, 0, true);
  const Ended forced = run_special({"validate", file, "--color=always"}, 0, true);
  ::unsetenv("NO_COLOR");
  EXPECT_EQ(e.err.find("\x1b[1"), std::string::npos) << e.err;
  EXPECT_NE(forced.err.find(red), std::string::npos) << forced.err;
}

// record.bad-result names the game's sides.
TEST(Issue16, BadResultNamesTheSides) {
  SCRIBE_REQUIRE_GAME("druid");
  const auto r = run_scribe({"validate", "-"},
                            "[Game \"druid\"]\n[Options \"-hex -players=3\"]\n"
                            "[Result \"Q\"]\n1. c3\n");
  EXPECT_NE(r.err.find("Result \"Q\" is not a side of druid (X, O, Y), draw or *"),
            std::string::npos)
      << r.err;
}

// show: tags, the last ply and who played it; --roll; --setup; --json with status.
TEST(Issue16, ShowTagsLastPlyRollSetupAndJsonStatus) {
  SCRIBE_REQUIRE_GAME("druid");
  SCRIBE_REQUIRE_GAME("savoya");
  TempDir dir;
  const std::string file = (dir.path() / "t.rec").string();
  write_file(file,
             "[Game \"druid\"]\n[Event \"Club night\"]\n[Date \"2004.05.06\"]\n"
             "[Player1 \"camb\"]\n[Player2 \"rognlie\"]\n1. c3 2. d4\n");
  auto r = run_scribe({"show", file});
  EXPECT_NE(r.out.find("last ply: 2. d4 by H\nevent: Club night\ndate: 2004.05.06\n"),
            std::string::npos)
      << r.out;
  const std::string sv = (dir.path() / "s.rec").string();
  write_file(sv, "[Game \"savoya\"]\n\n1. (5) a6-f6 2. (6-3) f15-f6\n");
  r = run_scribe({"show", sv, "--ply", "1", "--roll", "6-3"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("last ply: 1. (5) a6-f6 by Horz\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nf15-f6\n"), std::string::npos) << r.out;  // the ply the record played
  // After the last ply no roll is known; --roll lists the plies of the roll given.
  const auto one_roll = run_scribe({"show", sv, "--roll", "4-1"});
  const auto no_roll = run_scribe({"show", sv, "--moves"});
  EXPECT_EQ(one_roll.exit_code, 0) << one_roll.err;
  EXPECT_EQ(one_roll.out.rfind(no_roll.out, 0), 0u);  // the same board, then the plies
  EXPECT_GT(lines_of(one_roll.out).size(), lines_of(no_roll.out).size()) << one_roll.out;
  r = run_scribe({"show", sv, "--ply", "1", "--roll", "6-7"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("'6-7' is not a roll of this position"), std::string::npos) << r.err;
  r = run_scribe({"show", "--setup", "druid square:10 c3=vv,d4=h - - H 0 -"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("position: druid square:10 c3=vv,d4=h - - H 0 -\nto move: H\n"),
            std::string::npos)
      << r.out;
  r = run_scribe({"show", "--setup", "druid square:10 zz9=v - - H 0 -"});
  EXPECT_EQ(r.exit_code, 2);
  const std::string bad = (dir.path() / "bad.rec").string();
  write_file(bad, kBadShape);
  r = run_scribe({"show", bad, "--json"});
  EXPECT_EQ(r.exit_code, 1);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["status"], "invalid");
  EXPECT_EQ(j["diagnostics"][0]["code"], "druid.lintel-shape");
  EXPECT_EQ(j["diagnostics"][0]["ply"], 5);
  EXPECT_EQ(j["last_ply"], "4. h7");
  EXPECT_EQ(j["last_mover"], "H");
}

// render --setup takes the game from the position text.
TEST(Issue16, RenderSetupTakesTheGameFromTheText) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const auto r = run_scribe(
      {"render", "--setup", "druid square:10 c3=vv,d4=h - - H 0 -", "--out", dir.path().string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir.path() / "position.png"));
}

// The one JSON writer: every byte escaped so that a JSON parser reads the same text back.
TEST(JsonWriter, EscapesEveryByteSoAParserReadsItBack) {
  std::string all;
  for (int c = 1; c < 0x80; ++c) all += static_cast<char>(c);
  all += std::string(1, '\0') + "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8e\xb2 \"q\" \\b\\";
  std::string out;
  app::JsonWriter w(out);
  w.begin_object().key(all).value(all).key("n").value(-7).key("t").value(true);
  w.key("o").value(std::optional<std::string>()).key("a").strings({"x", all, ""});
  w.key("e").begin_object().end_object().key("f").number_text("1.50").end_object();
  const auto j = nlohmann::json::parse(out);
  EXPECT_EQ(j[all], all);
  EXPECT_EQ(j["n"], -7);
  EXPECT_EQ(j["t"], true);
  EXPECT_TRUE(j["o"].is_null());
  EXPECT_EQ(j["a"], nlohmann::json({"x", all, ""}));
  EXPECT_TRUE(j["e"].is_object() && j["e"].empty());
  EXPECT_DOUBLE_EQ(j["f"].get<double>(), 1.5);
  EXPECT_EQ(out.find('\n'), std::string::npos);  // control characters never appear raw
  EXPECT_EQ(out.find('\x7f'), std::string::npos);
}

// Every JSON line scribe writes parses, with the fields cli.md gives, for every command.
TEST(JsonWriter, EveryCommandWritesJsonAParserReads) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  write_file(dir.path() / "a.rec",
             std::string("[Game \"druid\"]\n[Event \"tab\there \\\"quoted\\\" \\\\ done\"]\n") +
                 "1. c3\n\n" + kBadShape);
  const std::string in = (dir.path() / "a.rec").string();
  std::vector<std::string> lines;
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"validate", "--json", "--stats", "corpus"},
        std::vector<std::string>{"validate", "--json", in},
        std::vector<std::string>{"show", "--json", "--moves", in},
        std::vector<std::string>{"render", "--json", in, "--out", (dir.path() / "o").string()},
        std::vector<std::string>{"games", "--json"}}) {
    const auto r = run_scribe(args);
    const auto got = lines_of(r.out);
    EXPECT_FALSE(got.empty()) << args[0];
    for (const auto& line : got) EXPECT_TRUE(nlohmann::json::accept(line)) << line;
    lines.insert(lines.end(), got.begin(), got.end());
  }
  const auto rec =
      nlohmann::json::parse(lines_of(run_scribe({"validate", "--json", in}).out).at(0));
  EXPECT_EQ(rec["tags"]["Event"], "tab\there \"quoted\" \\ done");
}

}  // namespace
}  // namespace scribe
