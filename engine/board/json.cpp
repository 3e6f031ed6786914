#include "engine/board/json.hpp"

#include <nlohmann/json.hpp>
#include <stdexcept>

namespace scribe::engine::json {
namespace {

const Value& null_value() {
  static const Value v;
  return v;
}

}  // namespace

const Value& Value::operator[](std::string_view key) const {
  if (kind_ == Kind::kObject)
    for (const auto& [k, v] : object_)
      if (k == key) return v;
  return null_value();
}

const Value& Value::operator[](std::size_t i) const {
  if (kind_ == Kind::kArray && i < array_.size()) return array_[i];
  return null_value();
}

bool Value::contains(std::string_view key) const {
  if (kind_ != Kind::kObject) return false;
  for (const auto& item : object_)
    if (item.first == key) return true;
  return false;
}

std::size_t Value::size() const {
  if (kind_ == Kind::kArray) return array_.size();
  if (kind_ == Kind::kObject) return object_.size();
  return 0;
}

// Copies a document read by nlohmann-json into Values (objects keep document order).
class Converter {
 public:
  static Value convert(const nlohmann::ordered_json& j) {
    Value v;
    switch (j.type()) {
      case nlohmann::ordered_json::value_t::object:
        v.kind_ = Value::Kind::kObject;
        for (const auto& [key, member] : j.items()) v.object_.emplace_back(key, convert(member));
        break;
      case nlohmann::ordered_json::value_t::array:
        v.kind_ = Value::Kind::kArray;
        for (const auto& element : j) v.array_.push_back(convert(element));
        break;
      case nlohmann::ordered_json::value_t::string:
        v.kind_ = Value::Kind::kString;
        v.string_ = j.get<std::string>();
        break;
      case nlohmann::ordered_json::value_t::boolean:
        v.kind_ = Value::Kind::kBool;
        v.bool_ = j.get<bool>();
        break;
      case nlohmann::ordered_json::value_t::number_integer:
      case nlohmann::ordered_json::value_t::number_unsigned:
      case nlohmann::ordered_json::value_t::number_float:
        v.kind_ = Value::Kind::kNumber;
        v.number_ = j.get<double>();
        break;
      default:  // null (and nlohmann's discarded, which parse() never returns)
        break;
    }
    return v;
  }
};

Value parse(std::string_view text) {
  try {
    return Converter::convert(nlohmann::ordered_json::parse(text));
  } catch (const nlohmann::ordered_json::exception& e) {
    throw std::runtime_error(std::string("json: ") + e.what());
  }
}

}  // namespace scribe::engine::json
