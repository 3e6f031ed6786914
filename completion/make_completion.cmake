# Writes the bash completion script for scribe from scribe's own output, so that it never lists
# a command, flag, game or style the program does not have. Run at build time:
#   cmake -DSCRIBE=path/to/scribe -DOUT=path/to/scribe.bash -P make_completion.cmake
# Commands come from `scribe --help`, each command's flags from `scribe COMMAND --help`, game
# names from `scribe games --json` ("names"), and styles from the "styles" lists of
# `scribe games --json` when it has them, else from the list `render` gives for an unknown style.
cmake_minimum_required(VERSION 3.20)
if(NOT SCRIBE OR NOT OUT)
  message(FATAL_ERROR "make_completion.cmake needs -DSCRIBE=... and -DOUT=...")
endif()

execute_process(COMMAND "${SCRIBE}" --help OUTPUT_VARIABLE usage RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "'${SCRIBE} --help' failed (${rc})")
endif()

# The commands: the indented words of the lines after "commands:" in the general help.
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
if(NOT commands)
  message(FATAL_ERROR "no commands found in '${SCRIBE} --help'")
endif()

# Each command's long and short flags, in the order its help lists them.
set(cases "")
foreach(cmd IN LISTS commands)
  execute_process(COMMAND "${SCRIBE}" ${cmd} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc
                  ERROR_QUIET)
  set(flags "")
  string(REPLACE "\n" ";" help_lines "${help}")
  foreach(line IN LISTS help_lines)
    # An option line starts with two spaces and a dash ("  -j [ --jobs ] arg   worker ..."); its
    # option column ends where two spaces start the description.
    if(line MATCHES "^  (-.*)$")
      set(column "${CMAKE_MATCH_1}")
      string(FIND "${column}" "  " end)
      if(end GREATER 0)
        string(SUBSTRING "${column}" 0 ${end} column)
      endif()
      string(REGEX MATCHALL "--?[a-zA-Z][-a-zA-Z0-9]*" found "${column}")
      list(APPEND flags ${found})
    endif()
  endforeach()
  list(REMOVE_DUPLICATES flags)
  list(JOIN flags " " flags_text)
  string(APPEND cases "    ${cmd}) flags=\"${flags_text}\" ;;\n")
endforeach()

# Game names (every name a Game tag accepts) and styles.
execute_process(COMMAND "${SCRIBE}" games --json OUTPUT_VARIABLE games_json RESULT_VARIABLE rc)
set(games "")
string(REGEX MATCHALL "\"names\":\\[[^]]*\\]" name_lists "${games_json}")
foreach(item IN LISTS name_lists)
  string(REGEX MATCHALL "\"[a-z0-9_-]+\"" names "${item}")
  foreach(n IN LISTS names)
    string(REPLACE "\"" "" n "${n}")
    if(NOT n STREQUAL "names")
      list(APPEND games "${n}")
    endif()
  endforeach()
endforeach()
set(styles "")
string(REGEX MATCHALL "\"styles\":\\[[^]]*\\]" style_lists "${games_json}")
foreach(item IN LISTS style_lists)
  string(REGEX MATCHALL "\"[^\"]+\"" names "${item}")
  foreach(n IN LISTS names)
    string(REPLACE "\"" "" n "${n}")
    if(NOT n STREQUAL "styles")
      list(APPEND styles "${n}")
    endif()
  endforeach()
endforeach()
if(NOT styles)
  execute_process(COMMAND "${SCRIBE}" render --style "?" --out "?" "?"
                  OUTPUT_VARIABLE ignored ERROR_VARIABLE style_error)
  if(style_error MATCHES "known: ([^)]*)\\)")
    string(REPLACE ", " ";" styles "${CMAKE_MATCH_1}")
  endif()
endif()
list(REMOVE_DUPLICATES games)
list(REMOVE_DUPLICATES styles)
list(JOIN commands " " commands_text)
list(JOIN games " " games_text)
list(JOIN styles " " styles_text)

file(WRITE "${OUT}" "# bash completion for scribe. Generated at build time from scribe's own help
# (completion/make_completion.cmake); do not edit. Use: source scribe.bash
_scribe() {
  local cur=\"\${COMP_WORDS[COMP_CWORD]}\"
  local prev=\"\${COMP_WORDS[COMP_CWORD-1]}\"
  local commands=\"${commands_text}\"
  local games=\"${games_text}\"
  local styles=\"${styles_text}\"
  COMPREPLY=()
  if [[ \$COMP_CWORD -eq 1 ]]; then
    COMPREPLY=(\$(compgen -W \"\$commands --help --version\" -- \"\$cur\"))
    return
  fi
  local cmd=\"\${COMP_WORDS[1]}\" flags=\"\"
  case \"\$cmd\" in
${cases}  esac
  case \"\$prev\" in
    --game) COMPREPLY=(\$(compgen -W \"\$games\" -- \"\$cur\")); return ;;
    --style) COMPREPLY=(\$(compgen -W \"\$styles\" -- \"\$cur\")); return ;;
  esac
  if [[ \$cmd == help ]]; then
    COMPREPLY=(\$(compgen -W \"\$commands\" -- \"\$cur\"))
  elif [[ \$cur == -* ]]; then
    COMPREPLY=(\$(compgen -W \"\$flags\" -- \"\$cur\"))
  else
    COMPREPLY=(\$(compgen -f -- \"\$cur\"))
  fi
}
complete -o filenames -F _scribe scribe
")
