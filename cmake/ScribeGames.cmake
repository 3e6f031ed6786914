# The games of this build. Adding a game: its name here and one row in app/catalog.cpp; its
# sources live in folders named after it and are picked up below.
set(SCRIBE_ALL_GAMES druid savoya sava soccolot)
set(SCRIBE_GAMES "${SCRIBE_ALL_GAMES}" CACHE STRING "Games to build (subset of ${SCRIBE_ALL_GAMES})")

foreach(g IN LISTS SCRIBE_GAMES)
  if(NOT g IN_LIST SCRIBE_ALL_GAMES)
    message(FATAL_ERROR "SCRIBE_GAMES: unknown game '${g}' (known: ${SCRIBE_ALL_GAMES})")
  endif()
  if(NOT IS_DIRECTORY "${CMAKE_SOURCE_DIR}/engine/games/${g}")
    message(FATAL_ERROR "SCRIBE_GAMES: engine/games/${g} does not exist")
  endif()
endforeach()

# scribe_game_sources(OUT layer): every .cpp under <layer>/games/<g>/ for the games of the build.
function(scribe_game_sources out layer)
  set(files "")
  foreach(g IN LISTS SCRIBE_GAMES)
    file(GLOB_RECURSE game_files CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/${layer}/games/${g}/*.cpp")
    list(APPEND files ${game_files})
  endforeach()
  set(${out} ${files} PARENT_SCOPE)
endfunction()

# scribe_game_definitions(target): SCRIBE_HAS_<GAME>=1 for the catalog.
function(scribe_game_definitions target)
  foreach(g IN LISTS SCRIBE_GAMES)
    string(TOUPPER "${g}" up)
    target_compile_definitions(${target} PUBLIC SCRIBE_HAS_${up}=1)
  endforeach()
endfunction()
