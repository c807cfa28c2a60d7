# Warnings as errors for snakeladder's own tests, examples and benchmarks. Never applied to the
# INTERFACE target: a consumer's compiler and flags are the consumer's business.
include_guard(GLOBAL)

option(SNAKELADDER_WARNINGS_AS_ERRORS
       "Treat warnings as errors in snakeladder's own tests, examples and benchmarks" ON)

function(snakeladder_set_warnings target)
    if(MSVC)
        target_compile_options(${target} PRIVATE /W4 /permissive-)
        if(SNAKELADDER_WARNINGS_AS_ERRORS)
            target_compile_options(${target} PRIVATE /WX)
        endif()
    else()
        # -Wconversion -Wsign-conversion -Wshadow too: the headers must be clean under them for
        # users who build with them, and our own code is held to the same.
        target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wconversion
                                                 -Wsign-conversion -Wshadow)
        if(SNAKELADDER_WARNINGS_AS_ERRORS)
            target_compile_options(${target} PRIVATE -Werror)
        endif()
    endif()
endfunction()
