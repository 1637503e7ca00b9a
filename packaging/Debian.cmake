# `make deb` (cpack -G DEB in the build folder): forklift_VERSION_ARCH.deb with
# what `cmake --install` installs below /usr, its Depends computed from the
# shared libraries the binary links (dpkg-shlibdeps).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME forklift)
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "find and remove needless forks in shell scripts")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "A static analyzer and rewriter for shell scripts (POSIX sh, bash, ksh93).\n"
    " It finds the places where a script forks a process for work the shell can\n"
    " do itself (expr, bc, backticks, basename, dirname, echo | sed, seq, cat)\n"
    " and rewrites them to builtins. Includes a language server, a\n"
    " ksh93-compatible interpreter, and verify/bench commands that compare a\n"
    " script with its rewrite.")
# The Maintainer field: whoever builds the package may name themselves; by
# default the author of the checked-out commit, the one person known to
# stand behind this version.
execute_process(COMMAND git log -1 "--format=%an <%ae>" WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
                OUTPUT_VARIABLE commit_author OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT commit_author)
  set(commit_author "forklift maintainers")
endif()
set(FORKLIFT_PACKAGE_MAINTAINER "${commit_author}" CACHE STRING "The .deb's Maintainer field")
set(CPACK_PACKAGE_CONTACT "${FORKLIFT_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The reference shell verify and bench compare with; lint and fix do not need it.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "ksh93u+m")
set(CPACK_STRIP_FILES ON)
# gzip: xz takes most of the packaging time on a busy machine for little gain.
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip)
include(CPack)
