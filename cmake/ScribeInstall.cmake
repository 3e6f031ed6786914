# `cmake --install build --prefix P` and `cpack -G DEB`: the scribe binary, the shared library
# libscribe.so with its headers, the CMake package (find_package(scribe) -> scribe::scribe),
# scribe.pc for pkg-config, the manual page and the bash completion.
include(CMakePackageConfigHelpers)

install(TARGETS scribe RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS scribe_shared EXPORT scribeTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/scribe DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.hpp")
install(FILES ${CMAKE_BINARY_DIR}/include/scribe/version.hpp
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/scribe)

set(_scribe_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/scribe)
install(EXPORT scribeTargets NAMESPACE scribe:: DESTINATION ${_scribe_cmake_dir})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/scribeConfig.cmake.in
  ${CMAKE_BINARY_DIR}/scribeConfig.cmake INSTALL_DESTINATION ${_scribe_cmake_dir})
# 0.x: a new minor version may change the API, so only the same minor version is compatible.
write_basic_package_version_file(${CMAKE_BINARY_DIR}/scribeConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/scribeConfig.cmake ${CMAKE_BINARY_DIR}/scribeConfigVersion.cmake
  DESTINATION ${_scribe_cmake_dir})

# pkg-config: the library's own dependencies stay out of consumers' compile lines (they are
# needed only to link statically, which libscribe does not offer: Libs.private).
# The prefix is found from where scribe.pc stands, so `cmake --install --prefix P` and the
# package's /usr give the right paths without a rebuild.
file(RELATIVE_PATH SCRIBE_PC_TO_PREFIX "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
configure_file(${CMAKE_SOURCE_DIR}/cmake/scribe.pc.in ${CMAKE_BINARY_DIR}/scribe.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/scribe.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The generated manual page and bash completion (cmake/ScribeDocs.cmake).
install(FILES ${CMAKE_BINARY_DIR}/scribe.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
  RENAME scribe)
if(HELP2MAN_EXECUTABLE)
  install(FILES ${CMAKE_BINARY_DIR}/scribe.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()

# cpack -G DEB (in the build folder): one package with the program and the library.
set(CPACK_PACKAGE_NAME scribe)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "scribe")
set(CPACK_PACKAGE_CONTACT "scribe maintainers <scribe@example.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "validate, replay and draw recorded games of Druid, Savoya, Sava and Soccolot")
set(CPACK_PACKAGE_DESCRIPTION
  "scribe reads records of the board games Druid, Savoya (Savoy), Sava and Soccolot, checks\
 every move against the rules with diagnostics at line and column, shows and draws positions\
 (PNG, SVG, PDF, GIF) and generates random legal games. The package holds the scribe command,\
 the shared library libscribe with its C++ headers, CMake package and pkg-config file, the\
 manual page and the bash completion.")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "scribe maintainers <scribe@example.org>")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
# The diagrams draw their text in DejaVu Sans (render/core/theme.hpp), found through fontconfig.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
