// The script and style of the site's index page: app/site/assets/site.js and site.css, embedded
// at build time (cmake/embed_assets.cmake writes them into site_assets.cpp).
#pragma once

#include <string_view>

namespace scribe::app::site {

extern const std::string_view kSiteJs;
extern const std::string_view kSiteCss;

}  // namespace scribe::app::site
