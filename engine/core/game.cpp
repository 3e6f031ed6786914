#include "engine/core/game.hpp"

namespace scribe::engine {

Finding token_error(std::string code, std::string message) {
  Finding f;
  f.severity = Severity::kError;
  f.code = std::move(code);
  f.message = std::move(message);
  f.anchor = Anchor::kToken;
  return f;
}

Finding tag_finding(Severity severity, std::string code, std::string message, std::string tag) {
  Finding f;
  f.severity = severity;
  f.code = std::move(code);
  f.message = std::move(message);
  f.anchor = Anchor::kTag;
  f.tag = std::move(tag);
  return f;
}

}  // namespace scribe::engine
