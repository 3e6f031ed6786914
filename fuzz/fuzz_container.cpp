// libFuzzer target: the record container reader on arbitrary bytes. Every record must come out
// with spans inside the text, and the reader must never crash, hang or leak.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "notation/core/record.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  scribe::notation::RecordReader reader("fuzz.rec");
  reader.set_max_record_bytes(1 << 16);
  if (reader.open_text(text)) return 0;
  while (auto record = reader.next()) {
    for (const auto& ply : record->plies)
      if (ply.span.offset + record->text_of(ply).size() > size) std::abort();
    for (const auto& d : record->movetext_diagnostics)
      if (d.span.line == 0) std::abort();
  }
  (void)reader.finish();
  return 0;
}
