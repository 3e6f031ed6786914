# How the libraries of pictures (Cairo, libpng, libdeflate, ISA-L, giflib) and of the command
# line (Boost.Program_options) are linked: scribe_picture_deps and scribe_option_deps.
#
# Start-up: linked to the shared libraries, the scribe program loads 27 of them (libcairo.so
# brings pixman, fontconfig, freetype, X11, xcb, expat, brotli, ...), and finding, mapping and
# relocating them was about three quarters of the CPU time of `scribe games` (perf; 3.6 ms of
# task-clock, 0.7 ms of it the exec itself). A target whose property SCRIBE_STATIC_DEPS is true
# links the static archives instead, and libstdc++ and libgcc statically too (only the scribe
# program does: app/CMakeLists.txt); it then loads libc, libm and libisal only (ISA-L ships no
# archive). Every other target (libscribe.so, the Python module, the tests) links the shared
# libraries as before. The archives are the same versions as the shared libraries, so the
# pictures are byte for byte the same.
option(SCRIBE_STATIC_DEPS
  "Link the scribe program with the static archives of its libraries (faster start-up)" ON)

# The archives in link order (each after the archives that use it).
set(_scribe_picture_archives cairo pixman-1 fontconfig freetype png16 expat brotlidec brotlicommon
  z deflate gif)
set(SCRIBE_STATIC_DEPS_USABLE OFF)
if(SCRIBE_STATIC_DEPS AND NOT SCRIBE_SANITIZE)
  set(_scribe_archive_paths "")
  set(_scribe_archives_missing "")
  foreach(name IN LISTS _scribe_picture_archives ITEMS boost_program_options)
    find_library(SCRIBE_ARCHIVE_${name} NAMES lib${name}.a)
    if(SCRIBE_ARCHIVE_${name})
      list(APPEND _scribe_archive_paths ${SCRIBE_ARCHIVE_${name}})
    else()
      list(APPEND _scribe_archives_missing lib${name}.a)
    endif()
  endforeach()
  if(_scribe_archives_missing)
    message(STATUS "scribe: ${_scribe_archives_missing} not found; the scribe program links the "
                   "shared libraries (slower start-up)")
  else()
    # A program drawing text through Cairo (fontconfig and freetype) must link from the archives.
    include(CheckCXXSourceCompiles)
    set(CMAKE_REQUIRED_INCLUDES ${CAIRO_INCLUDE_DIRS})
    set(CMAKE_REQUIRED_LIBRARIES ${_scribe_archive_paths} m pthread)
    set(CMAKE_REQUIRED_LINK_OPTIONS -static-libstdc++ -static-libgcc)
    check_cxx_source_compiles([=[
      #include <cairo.h>
      int main() {
        cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 8, 8);
        cairo_t* c = cairo_create(s);
        cairo_select_font_face(c, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
        cairo_show_text(c, "x");
        cairo_surface_write_to_png(s, "/dev/null");
        cairo_destroy(c);
        cairo_surface_destroy(s);
      }]=] SCRIBE_STATIC_ARCHIVES_LINK)
    unset(CMAKE_REQUIRED_INCLUDES)
    unset(CMAKE_REQUIRED_LIBRARIES)
    unset(CMAKE_REQUIRED_LINK_OPTIONS)
    if(SCRIBE_STATIC_ARCHIVES_LINK)
      set(SCRIBE_STATIC_DEPS_USABLE ON)
    else()
      message(STATUS "scribe: Cairo's static archives do not link here; the scribe program "
                     "links the shared libraries (slower start-up)")
    endif()
  endif()
endif()

# True for a consuming target that links statically (its SCRIBE_STATIC_DEPS property); compiling
# evaluates it on the library itself (unset), so include directories come from the shared targets.
set(_scribe_static "$<BOOL:$<TARGET_PROPERTY:SCRIBE_STATIC_DEPS>>")
set(_scribe_shared "$<NOT:${_scribe_static}>")

add_library(scribe_picture_deps INTERFACE)
target_link_libraries(scribe_picture_deps INTERFACE
  "$<${_scribe_shared}:PkgConfig::CAIRO;PkgConfig::LIBPNG;PkgConfig::LIBDEFLATE;GIF::GIF>"
  PkgConfig::ISAL)
add_library(scribe_option_deps INTERFACE)
target_link_libraries(scribe_option_deps INTERFACE
  "$<${_scribe_shared}:Boost::program_options>")
if(SCRIBE_STATIC_DEPS_USABLE)
  foreach(name IN LISTS _scribe_picture_archives)
    target_link_libraries(scribe_picture_deps INTERFACE
      "$<${_scribe_static}:${SCRIBE_ARCHIVE_${name}}>")
  endforeach()
  target_link_libraries(scribe_picture_deps INTERFACE "$<${_scribe_static}:m;pthread>")
  target_link_libraries(scribe_option_deps INTERFACE
    "$<${_scribe_static}:${SCRIBE_ARCHIVE_boost_program_options}>")
endif()

# Makes `target` (an executable) link the archives, when they are usable here.
function(scribe_link_static_deps target)
  if(SCRIBE_STATIC_DEPS_USABLE)
    set_target_properties(${target} PROPERTIES SCRIBE_STATIC_DEPS ON)
    target_link_options(${target} PRIVATE -static-libstdc++ -static-libgcc)
  endif()
endfunction()
