# CHANGELOG.md has a section for VERSION, dated, below the [Unreleased] one (docs/releasing.md).
file(READ "${CHANGELOG}" changelog)
string(REPLACE "." "\\." version_pattern "${VERSION}")
if(NOT changelog MATCHES "\n## \\[Unreleased\\]\n")
    message(FATAL_ERROR "CHANGELOG.md has no '## [Unreleased]' section for the changes to come")
endif()
if(NOT changelog MATCHES "\n## \\[${version_pattern}\\] - [0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]\n")
    message(FATAL_ERROR "CHANGELOG.md has no section '## [${VERSION}] - YYYY-MM-DD' for this version")
endif()
