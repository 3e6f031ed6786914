# Warnings for every scribe target: on, and the code builds without any.
add_library(scribe_warnings INTERFACE)
target_compile_options(scribe_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wcast-align -Wunused
  -Woverloaded-virtual -Wimplicit-fallthrough)
# GCC 12 reports -Wrestrict inside libstdc++'s char_traits at -O3 for ordinary std::string
# appends (GCC bug 105329, a false positive); it is not about our code.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  target_compile_options(scribe_warnings INTERFACE -Wno-restrict)
endif()
option(SCRIBE_WERROR "Treat warnings as errors" OFF)
if(SCRIBE_WERROR)
  target_compile_options(scribe_warnings INTERFACE -Werror)
endif()
