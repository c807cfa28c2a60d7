# The include tree's layers (docs/layout.md), checked from the headers' own #include lines:
#   cmake -DSNAKELADDER_INCLUDE_DIR=include -P tests/layout.cmake
# 1. An include never climbs: a header includes only headers of its own folder (and that folder's
#    detail/) or of a lower layer. The order, lowest first; folders on one line are side by side
#    and include none of each other.
# 2. The umbrella names every public header of the layers (but analysis/exact_turns.hpp, which
#    needs Boost).
# 3. Every header left at an old path forwards to the header it names, that header exists, and it
#    says as it is compiled that the old path goes in 0.3.0.
# 4. No public header (outside detail/) is longer than 600 lines: the machinery goes to detail/.
cmake_minimum_required(VERSION 3.21)

if(NOT SNAKELADDER_INCLUDE_DIR)
    message(FATAL_ERROR "layout.cmake: pass -DSNAKELADDER_INCLUDE_DIR=<the include directory>")
endif()
get_filename_component(root "${SNAKELADDER_INCLUDE_DIR}/snakeladder" ABSOLUTE)

# fwd.hpp sits at the top of the tree but below everything it declares: it includes base/ alone.
set(layer_rank_base 0)
set(layer_rank_fwd 1)
set(layer_rank_rules 2)
set(layer_rank_dice 2)
set(layer_rank_board 3)
set(layer_rank_turn 4)
set(layer_rank_render 4)
set(layer_rank_game 5)
set(layer_rank_analysis 5)
set(layer_rank_io 6)
set(layer_rank_top 7)

# The layer of a header, from its path under include/snakeladder.
function(layer_of path out)
    if(path STREQUAL "fwd.hpp")
        set(${out} "fwd" PARENT_SCOPE)
    elseif(path MATCHES "^([a-z_]+)/")
        set(${out} "${CMAKE_MATCH_1}" PARENT_SCOPE)
    else()
        set(${out} "top" PARENT_SCOPE)
    endif()
endfunction()

set(problems)
file(GLOB_RECURSE headers RELATIVE "${root}" "${root}/*.hpp")
list(SORT headers)
foreach(header IN LISTS headers)
    layer_of("${header}" layer)
    if(NOT DEFINED layer_rank_${layer})
        list(APPEND problems "${header}: folder ${layer}/ is no layer of docs/layout.md")
        continue()
    endif()
    get_filename_component(dir "${root}/${header}" DIRECTORY)
    file(STRINGS "${root}/${header}" includes REGEX "^#include \"[^\"]+\"")
    foreach(line IN LISTS includes)
        string(REGEX REPLACE "^#include \"([^\"]+)\".*" "\\1" included "${line}")
        get_filename_component(target "${dir}/${included}" ABSOLUTE)
        file(RELATIVE_PATH target "${root}" "${target}")
        if(NOT EXISTS "${root}/${target}")
            list(APPEND problems "${header}: includes ${included}, which does not exist")
            continue()
        endif()
        layer_of("${target}" target_layer)
        if(NOT target_layer STREQUAL layer
           AND NOT layer_rank_${target_layer} LESS layer_rank_${layer})
            list(APPEND problems
                 "${header} (layer ${layer}) includes ${target}, of layer ${target_layer}, which is not below it")
        endif()
    endforeach()
endforeach()

# The umbrella and the forwarding headers.
file(READ "${root}/snakeladder.hpp" umbrella)
foreach(header IN LISTS headers)
    if(header MATCHES "/detail/" OR header STREQUAL "analysis/exact_turns.hpp")
        continue()
    endif()
    file(STRINGS "${root}/${header}" lines)
    list(LENGTH lines line_count)
    if(line_count GREATER 600)
        list(APPEND problems "${header} has ${line_count} lines, more than the 600 of a public header: move its machinery to detail/")
    endif()
    if(header MATCHES "/")
        string(FIND "${umbrella}" "#include \"${header}\"" at)
        if(at EQUAL -1)
            list(APPEND problems "snakeladder.hpp does not include ${header}")
        endif()
    elseif(NOT header MATCHES "^(snakeladder|fwd|catch2)\\.hpp$")
        file(READ "${root}/${header}" text)
        if(NOT text MATCHES "moved to <snakeladder/([a-z_/]+\\.hpp)>")
            list(APPEND problems "${header}: a header at the top is the umbrella, fwd.hpp, catch2.hpp or a forwarding header that says where it moved")
        elseif(NOT EXISTS "${root}/${CMAKE_MATCH_1}")
            list(APPEND problems "${header} forwards to ${CMAKE_MATCH_1}, which does not exist")
        elseif(NOT text MATCHES "#include \"${CMAKE_MATCH_1}\"")
            list(APPEND problems "${header} says it moved to ${CMAKE_MATCH_1} but does not include it")
        elseif(NOT text MATCHES "#pragma message\\(" OR NOT text MATCHES "the old path goes in 0\\.3\\.0\"\\)")
            list(APPEND problems "${header} does not say, as it is compiled, that the old path goes in 0.3.0")
        endif()
    endif()
endforeach()

if(problems)
    list(JOIN problems "\n  " text)
    message(FATAL_ERROR "the include tree breaks its layers:\n  ${text}")
endif()
list(LENGTH headers count)
message(STATUS "layout: ${count} headers, every include below its own layer, no public header over 600 lines")
