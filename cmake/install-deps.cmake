# Installs what building and testing snakeladder needs from the distribution's packages, and
# nothing when it is all there already. Script mode, from the top of the source tree:
#
#     cmake -P cmake/install-deps.cmake
#
# On Debian and Ubuntu it runs apt-get (through sudo when not root). Elsewhere it does nothing:
# configuring finds fmt and Catch2 if they are installed and downloads them otherwise.
# -DDRY_RUN=ON prints the commands instead of running them; -DPACKAGES="a;b" checks other packages.
cmake_minimum_required(VERSION 3.21)

# The default preset needs g++ and Ninja; the library needs fmt, its tests Catch2 (and xmllint,
# which checks the SVG the renderer and the examples write); snakeladder-play and
# snakeladder-analyze parse their flags with CLI11; the optional exact fractions
# (exact_turns.hpp) need Boost.Multiprecision, header-only, which the tests build when found; the
# pkg-config consumer test needs pkg-config.
set(packages g++ ninja-build libfmt-dev catch2 libxml2-utils libcli11-dev libboost-dev pkg-config)
if(DEFINED PACKAGES)
    set(packages ${PACKAGES})
endif()

find_program(APT_GET apt-get)
find_program(DPKG_QUERY dpkg-query)
if(NOT APT_GET OR NOT DPKG_QUERY)
    message(STATUS "snakeladder: no apt-get here; configuring will find or download fmt and Catch2")
    return()
endif()

set(missing)
foreach(package IN LISTS packages)
    execute_process(COMMAND "${DPKG_QUERY}" -W -f=\${Status} ${package}
        OUTPUT_VARIABLE status ERROR_QUIET RESULT_VARIABLE result)
    if(NOT result EQUAL 0 OR NOT status MATCHES "install ok installed")
        list(APPEND missing ${package})
    endif()
endforeach()
if(NOT missing)
    string(REPLACE ";" ", " list "${packages}")
    message(STATUS "snakeladder: the build dependencies are installed (${list})")
    return()
endif()

execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
set(as_root)
if(NOT uid STREQUAL "0")
    find_program(SUDO sudo)
    if(NOT SUDO)
        string(REPLACE ";" " " list "${missing}")
        message(FATAL_ERROR " snakeladder: missing packages ${list}; run as root or install them with: apt-get install ${list}")
    endif()
    set(as_root "${SUDO}")
endif()

set(ENV{DEBIAN_FRONTEND} noninteractive)
set(update ${as_root} env DEBIAN_FRONTEND=noninteractive "${APT_GET}" update)
set(install ${as_root} env DEBIAN_FRONTEND=noninteractive "${APT_GET}" install -y
    --no-install-recommends ${missing})
foreach(command IN ITEMS update install)
    string(REPLACE ";" " " line "${${command}}")
    message(STATUS "snakeladder: ${line}")
    if(NOT DRY_RUN)
        execute_process(COMMAND ${${command}} RESULT_VARIABLE result)
        if(NOT result EQUAL 0)
            message(FATAL_ERROR " snakeladder: `${line}` failed (${result})")
        endif()
    endif()
endforeach()
