# Writes the help2man include file for scribe's manual page: one subsection per command with
# that command's own --help, a FILES-free SEE ALSO, all taken from the program at build time.
#   cmake -DSCRIBE=path/to/scribe -DOUT=path/to/scribe.h2m -P make_man_include.cmake
cmake_minimum_required(VERSION 3.20)
if(NOT SCRIBE OR NOT OUT)
  message(FATAL_ERROR "make_man_include.cmake needs -DSCRIBE=... and -DOUT=...")
endif()

execute_process(COMMAND "${SCRIBE}" --help OUTPUT_VARIABLE usage RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "'${SCRIBE} --help' failed (${rc})")
endif()
set(commands "")
string(REPLACE "\n" ";" usage_lines "${usage}")
set(in_commands FALSE)
foreach(line IN LISTS usage_lines)
  if(line MATCHES "^commands:")
    set(in_commands TRUE)
  elseif(in_commands AND line MATCHES "^  ([a-z]+)( |$)")
    list(APPEND commands "${CMAKE_MATCH_1}")
  elseif(in_commands AND NOT line MATCHES "^ ")
    set(in_commands FALSE)
  endif()
endforeach()

# roff: a backslash is written \e, and a line may not start with . or ' (a request).
function(roff_escape text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

set(body "[COMMANDS]\n")
foreach(cmd IN LISTS commands)
  execute_process(COMMAND "${SCRIBE}" ${cmd} --help OUTPUT_VARIABLE help ERROR_QUIET)
  roff_escape("${help}" help)
  string(APPEND body ".SS \"scribe ${cmd}\"\n.nf\n${help}.fi\n")
endforeach()
string(APPEND body "[SEE ALSO]
The record format, every diagnostic code and the rules of each game as scribe checks them:
docs/record-format.md and docs/games/*.md in scribe's source tree.
")
file(WRITE "${OUT}" "${body}")
