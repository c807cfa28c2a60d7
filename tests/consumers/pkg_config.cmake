# The pkg-config consumer: builds pkg_config/main.cpp with the compiler alone, given the flags of
# `pkg-config --cflags --libs snakeladder` for the install in PREFIX, and runs it. COMPILER,
# CXX_FLAGS and LINKER_FLAGS are the ones of the build that runs this test (sanitizers included);
# VERSION is the version the .pc file and the program must report.
find_program(PKG_CONFIG NAMES pkg-config pkgconf)
if(NOT PKG_CONFIG)
    message("SKIPPED: pkg-config was not found")
    return()
endif()
set(ENV{PKG_CONFIG_PATH} "${PREFIX}/share/pkgconfig")
execute_process(COMMAND "${PKG_CONFIG}" --exists fmt RESULT_VARIABLE has_fmt)
if(NOT has_fmt EQUAL 0)
    # fmt was downloaded by the build, not installed: there is no fmt.pc to require.
    message("SKIPPED: fmt has no pkg-config file here")
    return()
endif()

function(run step)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE output
        ERROR_VARIABLE output)
    if(NOT result EQUAL 0)
        message(FATAL_ERROR "pkg-config consumer: ${step} failed (${result}):\n${output}")
    endif()
    set(output "${output}" PARENT_SCOPE)
endfunction()

run("pkg-config --modversion snakeladder" "${PKG_CONFIG}" --modversion snakeladder)
string(STRIP "${output}" installed_version)
if(NOT installed_version STREQUAL VERSION)
    message(FATAL_ERROR "snakeladder.pc says version ${installed_version}, expected ${VERSION}")
endif()
run("pkg-config --cflags --libs snakeladder" "${PKG_CONFIG}" --cflags --libs snakeladder)
separate_arguments(package_flags UNIX_COMMAND "${output}")
separate_arguments(cxx_flags UNIX_COMMAND "${CXX_FLAGS}")
separate_arguments(linker_flags UNIX_COMMAND "${LINKER_FLAGS}")

set(program "${BINARY_DIR}/pkg_config_consumer")
file(REMOVE "${program}")
file(MAKE_DIRECTORY "${BINARY_DIR}")
run(compiling "${COMPILER}" -std=c++20 ${cxx_flags} "${CMAKE_CURRENT_LIST_DIR}/pkg_config/main.cpp"
    -o "${program}" ${package_flags} ${linker_flags})
run("running the program" "${program}" "${VERSION}")
message("${output}")
