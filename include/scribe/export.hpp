// SCRIBE_API marks what libscribe exports. The library is built with hidden visibility, so
// only the declarations marked here are visible to programs that link it.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define SCRIBE_API __attribute__((visibility("default")))
#else
#define SCRIBE_API
#endif
