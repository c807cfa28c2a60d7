# fmt (always) and Catch2 (tests only): an installed copy first, a pinned download second, and
# when neither is possible one line that says what to install instead of a page of git errors.
#
# The download is done with file(DOWNLOAD) and a short timeout before FetchContent sees it, so a
# machine without network fails fast and readably. FetchContent's own overrides still work:
# FETCHCONTENT_SOURCE_DIR_FMT / FETCHCONTENT_SOURCE_DIR_CATCH2 point at a local source tree,
# FETCHCONTENT_FULLY_DISCONNECTED forbids downloads, and FETCHCONTENT_TRY_FIND_PACKAGE_MODE=NEVER
# skips the installed copy.
include_guard(GLOBAL)
include(FetchContent)

set(SNAKELADDER_FMT_URL "https://github.com/fmtlib/fmt/releases/download/11.0.2/fmt-11.0.2.zip"
    CACHE STRING "Where to download fmt from when no installed copy is found")
set(SNAKELADDER_FMT_SHA256 "40fc58bebcf38c759e11a7bd8fdc163507d2423ef5058bba7f26280c5b9c5465"
    CACHE STRING "SHA-256 of SNAKELADDER_FMT_URL")
set(SNAKELADDER_CATCH2_URL "https://github.com/catchorg/Catch2/archive/refs/tags/v3.7.1.tar.gz"
    CACHE STRING "Where to download Catch2 from when no installed copy is found")
set(SNAKELADDER_CATCH2_SHA256 "c991b247a1a0d7bb9c39aa35faf0fe9e19764213f28ffba3109388e62ee0269c"
    CACHE STRING "SHA-256 of SNAKELADDER_CATCH2_URL")
mark_as_advanced(SNAKELADDER_FMT_URL SNAKELADDER_FMT_SHA256 SNAKELADDER_CATCH2_URL
                 SNAKELADDER_CATCH2_SHA256)

# A dependency that can be neither found nor downloaded leaves its one-line explanation in
# SNAKELADDER_DEPENDENCY_ERROR; the calling CMakeLists.txt stops with it, so the user sees that
# line and no call stack. (The leading space keeps CMake from re-flowing the line.)
macro(_snakeladder_missing what package)
    set(SNAKELADDER_DEPENDENCY_ERROR " snakeladder: ${what} was not found and could not be downloaded; install it (Debian/Ubuntu: apt-get install ${package}) or enable network access so FetchContent can download it")
endmacro()

# Makes <name> available from <url> (checked against <sha256>); on failure sets
# SNAKELADDER_DEPENDENCY_ERROR in the caller's scope instead, naming the Debian <package>.
function(_snakeladder_fetch name url sha256 package)
    # SYSTEM keeps the dependency's headers out of our warnings-as-errors.
    set(system)
    if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.25)
        set(system SYSTEM)
    endif()
    string(TOUPPER "${name}" upper)
    if(FETCHCONTENT_SOURCE_DIR_${upper})
        FetchContent_Declare(${name} ${system} URL "${url}")
    else()
        if(FETCHCONTENT_FULLY_DISCONNECTED)
            _snakeladder_missing("${name}" "${package}")
            set(SNAKELADDER_DEPENDENCY_ERROR "${SNAKELADDER_DEPENDENCY_ERROR}" PARENT_SCOPE)
            return()
        endif()
        get_filename_component(archive_name "${url}" NAME)
        set(archive "${FETCHCONTENT_BASE_DIR}/${name}-archive/${name}-${archive_name}")
        if(EXISTS "${archive}")
            file(SHA256 "${archive}" actual)
        endif()
        if(NOT actual STREQUAL sha256)
            message(STATUS "snakeladder: no installed ${name}; downloading ${url}")
            file(DOWNLOAD "${url}" "${archive}" STATUS status TIMEOUT 120 INACTIVITY_TIMEOUT 15)
            list(GET status 0 code)
            if(EXISTS "${archive}")
                file(SHA256 "${archive}" actual)
            endif()
            if(NOT code EQUAL 0 OR NOT actual STREQUAL sha256)
                file(REMOVE "${archive}")
                _snakeladder_missing("${name}" "${package}")
                set(SNAKELADDER_DEPENDENCY_ERROR "${SNAKELADDER_DEPENDENCY_ERROR}" PARENT_SCOPE)
                return()
            endif()
        endif()
        FetchContent_Declare(${name} ${system} URL "${archive}" URL_HASH "SHA256=${sha256}")
    endif()
    FetchContent_MakeAvailable(${name})
endfunction()

function(_snakeladder_find name)
    if(NOT FETCHCONTENT_TRY_FIND_PACKAGE_MODE STREQUAL "NEVER")
        find_package(${name} CONFIG QUIET)
    endif()
    set(${name}_FOUND "${${name}_FOUND}" PARENT_SCOPE)
    set(${name}_VERSION "${${name}_VERSION}" PARENT_SCOPE)
    set(${name}_VERSION_MAJOR "${${name}_VERSION_MAJOR}" PARENT_SCOPE)
    set(${name}_DIR "${${name}_DIR}" PARENT_SCOPE)
endfunction()

# Provides fmt::fmt, or sets SNAKELADDER_DEPENDENCY_ERROR.
macro(snakeladder_find_fmt)
    if(NOT TARGET fmt::fmt)
        _snakeladder_find(fmt)
        if(fmt_FOUND)
            message(STATUS "snakeladder: using fmt ${fmt_VERSION} from ${fmt_DIR}")
        else()
            # The installed snakeladder package needs fmt too, so install the fetched copy with it.
            set(FMT_INSTALL ${SNAKELADDER_INSTALL})
            set(FMT_SYSTEM_HEADERS ON)
            _snakeladder_fetch(fmt "${SNAKELADDER_FMT_URL}" "${SNAKELADDER_FMT_SHA256}"
                               libfmt-dev)
        endif()
    endif()
endmacro()

# Provides Catch2::Catch2WithMain, puts Catch.cmake on CMAKE_MODULE_PATH and sets
# SNAKELADDER_CATCH2_MAJOR (2 or 3) for tests/support/catch.hpp; or sets SNAKELADDER_DEPENDENCY_ERROR.
macro(snakeladder_find_catch2)
    if(NOT TARGET Catch2::Catch2WithMain)
        _snakeladder_find(Catch2)
        if(Catch2_FOUND)
            message(STATUS "snakeladder: using Catch2 ${Catch2_VERSION} from ${Catch2_DIR}")
            list(APPEND CMAKE_MODULE_PATH "${Catch2_DIR}")
            set(SNAKELADDER_CATCH2_MAJOR "${Catch2_VERSION_MAJOR}")
        else()
            set(CATCH_INSTALL_DOCS OFF)
            set(CATCH_INSTALL_EXTRAS OFF)
            _snakeladder_fetch(Catch2 "${SNAKELADDER_CATCH2_URL}" "${SNAKELADDER_CATCH2_SHA256}"
                               catch2)
            FetchContent_GetProperties(Catch2 SOURCE_DIR _snakeladder_catch2_source)
            list(APPEND CMAKE_MODULE_PATH "${_snakeladder_catch2_source}/extras")
            set(SNAKELADDER_CATCH2_MAJOR 3)
        endif()
    elseif(NOT SNAKELADDER_CATCH2_MAJOR)
        # A parent project already provides Catch2: ask it which one.
        if(Catch2_VERSION_MAJOR)
            set(SNAKELADDER_CATCH2_MAJOR "${Catch2_VERSION_MAJOR}")
        else()
            set(SNAKELADDER_CATCH2_MAJOR 3)
        endif()
    endif()
    if(NOT SNAKELADDER_DEPENDENCY_ERROR AND NOT SNAKELADDER_CATCH2_MAJOR MATCHES "^[23]$")
        set(SNAKELADDER_DEPENDENCY_ERROR " snakeladder: Catch2 ${SNAKELADDER_CATCH2_MAJOR} is not supported; the tests need Catch2 2.13 or 3.x")
    endif()
endmacro()
