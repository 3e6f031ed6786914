# SCRIBE_BUILD_PYTHON: the Python module scribe (python/), on by default when Python 3 with its
# headers and pybind11 are found. Debian's system Python (/usr/bin/python3, where python3-dev and
# pybind11 are) is preferred over any other python3 on PATH; set Python3_EXECUTABLE to choose
# another. Off by default under SCRIBE_SANITIZE (an ASan-built module cannot load into a plain
# Python) and SCRIBE_BUILD_FUZZ.
if(NOT DEFINED Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
  set(Python3_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "The Python the scribe module is for")
endif()
set(scribe_python_default OFF)
if(NOT SCRIBE_SANITIZE AND NOT SCRIBE_BUILD_FUZZ)
  find_package(Python3 3.9 QUIET COMPONENTS Interpreter Development.Module)
  if(Python3_FOUND)
    find_package(pybind11 2.6 CONFIG QUIET)
    if(pybind11_FOUND)
      set(scribe_python_default ON)
    endif()
  endif()
endif()
option(SCRIBE_BUILD_PYTHON "Build the Python module scribe (needs python3-dev and pybind11-dev)"
       ${scribe_python_default})
if(SCRIBE_BUILD_PYTHON)
  find_package(Python3 3.9 REQUIRED COMPONENTS Interpreter Development.Module)
  find_package(pybind11 2.6 CONFIG REQUIRED)
  # The static libraries are linked into the module, a shared object.
  set(CMAKE_POSITION_INDEPENDENT_CODE ON)
endif()
