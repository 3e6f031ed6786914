# Warnings for every scribe target: on, and the code builds without any.
add_library(scribe_warnings INTERFACE)
target_compile_options(scribe_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wcast-align -Wunused
  -Woverloaded-virtual -Wimplicit-fallthrough)
option(SCRIBE_WERROR "Treat warnings as errors" OFF)
if(SCRIBE_WERROR)
  target_compile_options(scribe_warnings INTERFACE -Werror)
endif()
