// validate_record FILE: validates every record of FILE with the scribe library. Exits 0 when
// every record is valid; otherwise prints each diagnostic (as `scribe validate` does) and
// exits 1, or 2 when the file cannot be read or holds no record.
#include <iostream>

#include "scribe/scribe.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: validate_record FILE\n";
    return 2;
  }
  scribe::Reader reader = scribe::Reader::open_file(argv[1]);
  int records = 0, invalid = 0;
  while (std::optional<scribe::Record> record = reader.next()) {
    ++records;
    const scribe::Game game = scribe::replay(*record);
    if (!game.valid()) ++invalid;
    for (const scribe::Diagnostic& d : game.diagnostics()) std::cerr << d.full_text();
  }
  if (std::optional<scribe::Diagnostic> problem = reader.problem()) {
    std::cerr << problem->full_text();
    return 2;
  }
  std::cout << argv[1] << ": " << records << " records, " << invalid << " invalid (scribe "
            << scribe::version() << ")\n";
  return invalid == 0 ? 0 : 1;
}
