// The board data compiled into scribe (Savoya, Sava) as JSON values. nlohmann-json reads the
// text; Value is the small read-only view the board readers use (a missing member reads as
// null). The data ships inside the binary, so malformed input is a programming error: parse()
// throws std::runtime_error with nlohmann-json's reason, and tests load every board once.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace scribe::engine::json {

// One JSON value. Objects keep their keys in document order.
class Value {
 public:
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject };

  Value() = default;

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::kNull; }
  bool is_bool() const { return kind_ == Kind::kBool; }
  bool is_number() const { return kind_ == Kind::kNumber; }
  bool is_string() const { return kind_ == Kind::kString; }
  bool is_array() const { return kind_ == Kind::kArray; }
  bool is_object() const { return kind_ == Kind::kObject; }

  // Returns the member `key` of an object, or a null value when absent or not an object.
  const Value& operator[](std::string_view key) const;
  // Returns element `i` of an array, or a null value when out of range or not an array.
  const Value& operator[](std::size_t i) const;
  // Whether an object has member `key`.
  bool contains(std::string_view key) const;
  // Number of elements (array) or members (object); 0 otherwise.
  std::size_t size() const;

  bool boolean() const { return bool_; }
  double number() const { return number_; }
  // The number as an int (truncated).
  int integer() const { return static_cast<int>(number_); }
  const std::string& string() const { return string_; }
  const std::vector<Value>& elements() const { return array_; }
  const std::vector<std::pair<std::string, Value>>& items() const { return object_; }

 private:
  friend class Converter;
  Kind kind_ = Kind::kNull;
  bool bool_ = false;
  double number_ = 0;
  std::string string_;
  std::vector<Value> array_;
  std::vector<std::pair<std::string, Value>> object_;
};

// Parses a JSON document; throws std::runtime_error("json: ... at byte N") when malformed.
Value parse(std::string_view text);

}  // namespace scribe::engine::json
