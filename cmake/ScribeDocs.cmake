# The manual page scribe.1 (help2man) and the bash completion scribe.bash, both made at build
# time from the built scribe's own --help, so they cannot drift from the program. The scripts
# live in completion/. (Installing them comes with the install step.)
set(_scribe_docs_env ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0)

add_custom_command(
  OUTPUT ${CMAKE_BINARY_DIR}/scribe.bash
  COMMAND ${_scribe_docs_env} ${CMAKE_COMMAND} -DSCRIBE=$<TARGET_FILE:scribe>
          -DOUT=${CMAKE_BINARY_DIR}/scribe.bash -P ${CMAKE_SOURCE_DIR}/completion/make_completion.cmake
  DEPENDS scribe ${CMAKE_SOURCE_DIR}/completion/make_completion.cmake
  COMMENT "Generating the bash completion scribe.bash"
  VERBATIM)
add_custom_target(scribe_completion ALL DEPENDS ${CMAKE_BINARY_DIR}/scribe.bash)

find_program(HELP2MAN_EXECUTABLE help2man)
if(HELP2MAN_EXECUTABLE)
  add_custom_command(
    OUTPUT ${CMAKE_BINARY_DIR}/scribe.1
    COMMAND ${_scribe_docs_env} ${CMAKE_COMMAND} -DSCRIBE=$<TARGET_FILE:scribe>
            -DOUT=${CMAKE_BINARY_DIR}/scribe.h2m -P ${CMAKE_SOURCE_DIR}/completion/make_man_include.cmake
    COMMAND ${_scribe_docs_env} ${HELP2MAN_EXECUTABLE} --no-info
            "--name=validate, show and draw recorded games of Druid, Savoya, Sava and Soccolot"
            --include=${CMAKE_BINARY_DIR}/scribe.h2m --output=${CMAKE_BINARY_DIR}/scribe.1
            $<TARGET_FILE:scribe>
    DEPENDS scribe ${CMAKE_SOURCE_DIR}/completion/make_man_include.cmake
    COMMENT "Generating the manual page scribe.1 with help2man"
    VERBATIM)
  add_custom_target(scribe_man ALL DEPENDS ${CMAKE_BINARY_DIR}/scribe.1)
else()
  message(STATUS "help2man not found: the manual page scribe.1 is not built "
                 "(install the help2man package; scripts/setup does)")
endif()

if(SCRIBE_BUILD_TESTS)
  add_test(NAME Completion.CompletesCommandsFlagsGamesAndStyles
           COMMAND bash ${CMAKE_SOURCE_DIR}/completion/completion_test.sh
                   ${CMAKE_BINARY_DIR}/scribe.bash $<TARGET_FILE:scribe>)
  if(HELP2MAN_EXECUTABLE)
    add_test(NAME ManPage.HasEveryCommand
             COMMAND bash ${CMAKE_SOURCE_DIR}/completion/man_test.sh ${CMAKE_BINARY_DIR}/scribe.1
                     $<TARGET_FILE:scribe>)
  endif()
endif()
