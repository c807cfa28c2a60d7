# The README's FetchContent snippet, exactly as printed but for the repository's URL: this script
# takes the snippet from README.md, checks that its GIT_TAG is this version's tag, makes a git
# repository of the source tree SNAKELADDER_SOURCE_DIR with that annotated tag, and then builds
# and runs a project whose CMakeLists.txt is the snippet (pointed at that repository) through
# build_and_run.cmake. SETTINGS, CONFIG and VERSION come from tests/CMakeLists.txt.
find_program(GIT git)
if(NOT GIT)
    message("SKIPPED: git was not found")
    return()
endif()
include("${SETTINGS}")

file(READ "${SNAKELADDER_SOURCE_DIR}/README.md" readme)
string(REGEX MATCH "```cmake\n(include\\(FetchContent\\)\n[^`]*)```" block "${readme}")
set(snippet "${CMAKE_MATCH_1}")
if(NOT snippet MATCHES "FetchContent_Declare\\(snakeladder")
    message(FATAL_ERROR "README.md has no ```cmake block that starts with include(FetchContent)")
endif()
if(NOT snippet MATCHES "GIT_TAG ([^ )\n]+)")
    message(FATAL_ERROR "README.md's FetchContent snippet names no GIT_TAG:\n${snippet}")
endif()
set(tag "${CMAKE_MATCH_1}")
if(NOT tag STREQUAL "v${VERSION}")
    message(FATAL_ERROR "README.md's FetchContent snippet fetches ${tag}, but this is version ${VERSION} (tag v${VERSION})")
endif()

set(root "${CONSUMER_ROOT}/readme_fetchcontent")
set(repository "${root}/repository")
set(project "${root}/project")
file(REMOVE_RECURSE "${root}")
file(MAKE_DIRECTORY "${root}")
# The source tree as a release would hold it: no build trees, no git metadata of its own.
file(COPY "${SNAKELADDER_SOURCE_DIR}/" DESTINATION "${repository}"
    PATTERN ".git" EXCLUDE
    PATTERN "build" EXCLUDE)

function(git)
    execute_process(COMMAND "${GIT}" -c user.name=snakeladder-tests -c user.email=tests@invalid
            -c init.defaultBranch=main -c commit.gpgsign=false -c tag.gpgsign=false ${ARGN}
        WORKING_DIRECTORY "${repository}" RESULT_VARIABLE result OUTPUT_VARIABLE output
        ERROR_VARIABLE output)
    if(NOT result EQUAL 0)
        message(FATAL_ERROR "git ${ARGN} failed:\n${output}")
    endif()
endfunction()
git(init --quiet)
git(add --all)
git(commit --quiet -m "snakeladder ${VERSION}")
git(tag -a "${tag}" -m "snakeladder ${VERSION}")

# The snippet, pointed at the repository, after the consumer's own target.
string(REGEX REPLACE "GIT_REPOSITORY [^ \n]+" "GIT_REPOSITORY \"file://${repository}\"" snippet
    "${snippet}")
file(WRITE "${project}/CMakeLists.txt"
    "cmake_minimum_required(VERSION 3.21)\n"
    "project(readme_fetchcontent_consumer LANGUAGES CXX)\n"
    "add_executable(my_game main.cpp)\n"
    "${snippet}")
file(COPY "${CMAKE_CURRENT_LIST_DIR}/fetchcontent/main.cpp" DESTINATION "${project}")

set(CONSUMER readme_fetchcontent/build)
set(SOURCE_DIR "${project}")
set(PROGRAM my_game)
include("${CMAKE_CURRENT_LIST_DIR}/build_and_run.cmake")
