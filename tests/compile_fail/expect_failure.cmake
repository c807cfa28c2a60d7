# Builds TARGET in BINARY_DIR and passes only if the build fails with output matching the regex
# on SOURCE's first line (`// expect: <regex>`): code that compiles, or that fails for another
# reason, is a failed test.
file(STRINGS "${SOURCE}" first_line LIMIT_COUNT 1)
# `// expect first error: <regex>`: the compiler's first error line must match, so that the
# cause is the first thing a user reads (a static_assert naming the slot, not a cascade).
set(first_error_only FALSE)
if(first_line MATCHES "^// expect first error: ")
    set(first_error_only TRUE)
endif()
string(REGEX REPLACE "^// expect( first error)?: " "" expect "${first_line}")

set(config_args)
if(CONFIG)
    set(config_args --config "${CONFIG}")
endif()
execute_process(
    COMMAND "${CMAKE_COMMAND}" --build "${BINARY_DIR}" --target "${TARGET}" ${config_args}
    RESULT_VARIABLE result
    OUTPUT_VARIABLE output
    ERROR_VARIABLE output)

get_filename_component(file "${SOURCE}" NAME)
if(result EQUAL 0)
    message(FATAL_ERROR "${file} compiled, but it must not:\n${output}")
endif()
if(first_error_only)
    string(REGEX MATCH "[^\n]*error[^\n]*" first_error "${output}")
    if(NOT first_error MATCHES "${expect}")
        message(FATAL_ERROR "${file} failed to compile, but its first error is not /${expect}/:\n${first_error}\n\n${output}")
    endif()
endif()
if(NOT output MATCHES "${expect}")
    message(FATAL_ERROR "${file} failed to compile, but not with /${expect}/:\n${output}")
endif()
message(STATUS "${file} is rejected as expected (/${expect}/ matched)")
