// The scribe library: reading, replaying, drawing and generating recorded games of Druid,
// Savoya (Savoy), Sava and Soccolot. Everything is in namespace scribe; see docs/library.md.
#pragma once

#include "scribe/diagnostic.hpp"
#include "scribe/game.hpp"
#include "scribe/generate.hpp"
#include "scribe/record.hpp"
#include "scribe/render.hpp"
#include "scribe/version.hpp"
