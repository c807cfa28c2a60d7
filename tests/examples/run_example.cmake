# Runs one of the example programs and checks what it did. Script mode:
#
#   cmake -DPROGRAM=<exe> [-DARGS=<a;b;...>] [-DINPUT=<file for standard input>]
#         [-DOUTPUT=<file for standard output>] [-DEXPECT_STATUS=<exit status, default 0>]
#         [-DGOLDEN=<file standard output must equal>] [-DSTDOUT_CONTAINS=<a;b>]
#         [-DSTDERR_CONTAINS=<a;b>] [-DSTDERR_EQUALS=<text>] [-DWELL_FORMED=<svg files>]
#         [-DFILE_CONTAINS=<file;a;b>]
#         [-DXMLLINT=<xmllint>] [-DINTERRUPT_AFTER=<seconds>] -P run_example.cmake
#
# - OUTPUT: standard output goes to this file instead of being kept (/dev/full, to check that a
#   failed write is reported); GOLDEN and STDOUT_CONTAINS then have nothing to check.
# - GOLDEN: standard output must equal the file byte for byte; on a mismatch the test prints a
#   unified diff (golden first) and keeps the output next to the build's copy as <name>.actual.
#   With the environment variable SNAKELADDER_UPDATE_GOLDEN=1 the file is rewritten instead.
# - EXPECT_STATUS: the exit status must be exactly this (ctest's WILL_FAIL would accept any
#   failure).
# - STDOUT_CONTAINS / STDERR_CONTAINS: substrings (not regular expressions) that must appear.
# - STDERR_EQUALS: standard error must be exactly this text.
# - WELL_FORMED: files the program must write (removed first, so a stale one cannot pass),
#   each then parsed by `xmllint --noout` (without XMLLINT the test prints "SKIPPED: ...", which
#   the test's SKIP_REGULAR_EXPRESSION reports as skipped).
# - FILE_CONTAINS: a file the program writes, then substrings that must appear in it (such as a
#   picture's colours).
# - INTERRUPT_AFTER: standard input is a pipe that stays open and empty, and the program gets
#   SIGINT after that many seconds (needs `timeout` and `sleep`, from coreutils).
cmake_minimum_required(VERSION 3.21)

function(fail)
    string(JOIN "" message ${ARGN})
    message(FATAL_ERROR " ${message}")
endfunction()

if(NOT DEFINED PROGRAM)
    fail("run_example.cmake needs -DPROGRAM=<program>")
endif()
if(NOT DEFINED EXPECT_STATUS)
    set(EXPECT_STATUS 0)
endif()
if(DEFINED OUTPUT AND (DEFINED GOLDEN OR DEFINED STDOUT_CONTAINS))
    fail("OUTPUT sends standard output to a file: GOLDEN and STDOUT_CONTAINS cannot check it")
endif()
get_filename_component(program_name "${PROGRAM}" NAME)
string(JOIN " " command_line "${program_name}" ${ARGS})

foreach(file IN LISTS WELL_FORMED)
    file(REMOVE "${file}")
endforeach()

set(input)
if(DEFINED INPUT)
    set(input INPUT_FILE "${INPUT}")
endif()
set(output OUTPUT_VARIABLE out)
if(DEFINED OUTPUT)
    set(output OUTPUT_FILE "${OUTPUT}")
endif()
if(DEFINED INTERRUPT_AFTER)
    find_program(TIMEOUT timeout)
    find_program(SLEEP sleep)
    if(NOT TIMEOUT OR NOT SLEEP)
        fail("INTERRUPT_AFTER needs the programs timeout and sleep")
    endif()
    math(EXPR open_for "${INTERRUPT_AFTER} + 2")
    # --preserve-status: report the program's own exit status, not timeout's 124.
    execute_process(
        COMMAND "${SLEEP}" ${open_for}
        COMMAND "${TIMEOUT}" -s INT --preserve-status ${INTERRUPT_AFTER} "${PROGRAM}" ${ARGS}
        ${output} ERROR_VARIABLE err RESULT_VARIABLE status)
else()
    execute_process(COMMAND "${PROGRAM}" ${ARGS} ${input}
        ${output} ERROR_VARIABLE err RESULT_VARIABLE status)
endif()

# What went wrong, one "- ..." line each (a string, not a list: the text may hold semicolons).
set(problems "")
set(problem_count 0)
function(problem text)
    string(APPEND problems "\n- ${text}")
    math(EXPR problem_count "${problem_count} + 1")
    set(problems "${problems}" PARENT_SCOPE)
    set(problem_count ${problem_count} PARENT_SCOPE)
endfunction()

if(NOT "${status}" STREQUAL "${EXPECT_STATUS}")
    problem("exit status ${status}, expected ${EXPECT_STATUS}")
endif()
foreach(text IN LISTS STDOUT_CONTAINS)
    string(FIND "${out}" "${text}" at)
    if(at EQUAL -1)
        problem("standard output does not contain \"${text}\"")
    endif()
endforeach()
foreach(text IN LISTS STDERR_CONTAINS)
    string(FIND "${err}" "${text}" at)
    if(at EQUAL -1)
        problem("standard error does not contain \"${text}\"")
    endif()
endforeach()
if(DEFINED STDERR_EQUALS AND NOT "${err}" STREQUAL "${STDERR_EQUALS}")
    problem("standard error is not exactly \"${STDERR_EQUALS}\"")
endif()

foreach(file IN LISTS WELL_FORMED)
    if(NOT EXISTS "${file}")
        problem("${file} was not written")
    elseif(NOT XMLLINT)
        # The test's SKIP_REGULAR_EXPRESSION turns this line into a skipped test.
        message(STATUS "SKIPPED: xmllint was not found (Debian: libxml2-utils), so ${file} cannot be checked")
    else()
        execute_process(COMMAND "${XMLLINT}" --noout "${file}"
            RESULT_VARIABLE lint_status ERROR_VARIABLE lint_errors)
        if(NOT lint_status EQUAL 0)
            problem("${file} is not well-formed XML:\n${lint_errors}")
        endif()
    endif()
endforeach()

if(DEFINED FILE_CONTAINS)
    list(POP_FRONT FILE_CONTAINS checked_file)
    if(NOT EXISTS "${checked_file}")
        problem("${checked_file} was not written")
    else()
        file(READ "${checked_file}" checked_text)
        foreach(text IN LISTS FILE_CONTAINS)
            string(FIND "${checked_text}" "${text}" at)
            if(at EQUAL -1)
                problem("${checked_file} does not contain \"${text}\"")
            endif()
        endforeach()
    endif()
endif()

# The first differing line with three lines of context on each side, for systems without diff.
function(first_difference expected actual result)
    string(REPLACE ";" "\\;" expected "${expected}")
    string(REPLACE ";" "\\;" actual "${actual}")
    string(REPLACE "\n" ";" expected_lines "${expected}")
    string(REPLACE "\n" ";" actual_lines "${actual}")
    list(LENGTH expected_lines expected_count)
    list(LENGTH actual_lines actual_count)
    set(line 0)
    while(line LESS expected_count AND line LESS actual_count)
        list(GET expected_lines ${line} a)
        list(GET actual_lines ${line} b)
        if(NOT a STREQUAL b)
            break()
        endif()
        math(EXPR line "${line} + 1")
    endwhile()
    math(EXPR from "${line} - 3")
    if(from LESS 0)
        set(from 0)
    endif()
    math(EXPR to "${line} + 3")
    math(EXPR shown "${line} + 1")
    set(text "@@ line ${shown} @@\n")
    foreach(side IN ITEMS expected actual)
        if(side STREQUAL "expected")
            set(mark "-")
        else()
            set(mark "+")
        endif()
        set(i ${from})
        while(i LESS ${side}_count AND NOT i GREATER to)
            list(GET ${side}_lines ${i} text_line)
            string(APPEND text "${mark}${text_line}\n")
            math(EXPR i "${i} + 1")
        endwhile()
    endforeach()
    set(${result} "${text}" PARENT_SCOPE)
endfunction()

if(DEFINED GOLDEN)
    get_filename_component(golden_name "${GOLDEN}" NAME)
    if(DEFINED ENV{SNAKELADDER_UPDATE_GOLDEN} AND NOT "$ENV{SNAKELADDER_UPDATE_GOLDEN}" STREQUAL ""
       AND NOT "$ENV{SNAKELADDER_UPDATE_GOLDEN}" STREQUAL "0")
        file(WRITE "${GOLDEN}" "${out}")
        message(STATUS "rewrote ${GOLDEN}")
    elseif(NOT EXISTS "${GOLDEN}")
        problem("the golden file ${GOLDEN} does not exist (SNAKELADDER_UPDATE_GOLDEN=1 writes it)")
    else()
        file(READ "${GOLDEN}" expected)
        if(NOT expected STREQUAL out)
            set(actual_file "${CMAKE_CURRENT_BINARY_DIR}/${golden_name}.actual")
            file(WRITE "${actual_file}" "${out}")
            find_program(DIFF diff)
            set(difference)
            if(DIFF)
                execute_process(COMMAND "${DIFF}" -u "${GOLDEN}" "${actual_file}"
                    OUTPUT_VARIABLE difference)
            else()
                first_difference("${expected}" "${out}" difference)
            endif()
            problem("standard output differs from ${golden_name} (the output is in ${actual_file}, and SNAKELADDER_UPDATE_GOLDEN=1 rewrites the golden file):\n${difference}")
        endif()
    endif()
endif()

if(problem_count GREATER 0)
    # NOTICE prints the text as it is (FATAL_ERROR would re-flow the diff).
    message(NOTICE "`${command_line}`:${problems}\n--- standard error ---\n${err}")
    fail("`${command_line}`: ${problem_count} problem(s), listed above")
endif()
message(STATUS "`${command_line}`: exit status ${status} as expected")
