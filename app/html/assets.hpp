// The script and style of the replay page, embedded at build time from app/html/assets/
// (page.js, page.css) by cmake/embed_assets.cmake.
#pragma once

#include <string_view>

namespace scribe::html {

// app/html/assets/page.js: the replay page's script (stepping, keys, #ply=N, flip).
extern const std::string_view kPageJs;
// app/html/assets/page.css: the replay page's style.
extern const std::string_view kPageCss;

}  // namespace scribe::html
