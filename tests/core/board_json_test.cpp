// The board data reader (engine/board/json.hpp): nlohmann-json reads the text, Value gives the
// board readers a read-only view in document order, and malformed data throws.
#include <gtest/gtest.h>

#include <stdexcept>

#include "engine/board/json.hpp"

namespace scribe::engine::json {
namespace {

TEST(BoardJson, ValuesInDocumentOrder) {
  const Value doc =
      parse(R"({"b": [1, 2.5, "x\u00e9\n"], "a": {"t": true, "f": false, "n": null}})");
  ASSERT_TRUE(doc.is_object());
  ASSERT_EQ(doc.size(), 2u);
  EXPECT_EQ(doc.items()[0].first, "b");
  EXPECT_EQ(doc.items()[1].first, "a");
  const Value& b = doc["b"];
  ASSERT_TRUE(b.is_array());
  EXPECT_EQ(b[0].integer(), 1);
  EXPECT_DOUBLE_EQ(b[1].number(), 2.5);
  EXPECT_EQ(b[2].string(), "x\xC3\xA9\n");
  EXPECT_TRUE(doc["a"]["t"].boolean());
  EXPECT_TRUE(doc["a"]["f"].is_bool());
  EXPECT_FALSE(doc["a"]["f"].boolean());
  EXPECT_TRUE(doc["a"]["n"].is_null());
  EXPECT_TRUE(doc["a"].contains("n"));
  // Missing members and elements read as null.
  EXPECT_TRUE(doc["missing"]["deeper"].is_null());
  EXPECT_TRUE(b[7].is_null());
  EXPECT_EQ(doc["missing"].size(), 0u);
}

TEST(BoardJson, MalformedDataThrows) {
  for (const char* bad : {"", "{", "[1,]", "{\"a\" 1}", "[1] x", "\"open", "tru"}) {
    try {
      (void)parse(bad);
      ADD_FAILURE() << bad << " was read";
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()).rfind("json: ", 0), 0u) << e.what();
    }
  }
}

}  // namespace
}  // namespace scribe::engine::json
