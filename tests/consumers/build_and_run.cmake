# Configures the consumer project SOURCE_DIR from scratch, builds it and runs its program.
# SETTINGS (written by tests/CMakeLists.txt) carries the generator, compiler and flags of the
# build that runs this test. PROGRAM names the consumer's executable (default `consumer`).
include("${SETTINGS}")
if(NOT PROGRAM)
    set(PROGRAM consumer)
endif()

set(binary_dir "${CONSUMER_ROOT}/${CONSUMER}")
file(REMOVE_RECURSE "${binary_dir}")

set(generator_args -G "${GENERATOR}")
if(GENERATOR_PLATFORM)
    list(APPEND generator_args -A "${GENERATOR_PLATFORM}")
endif()
if(GENERATOR_TOOLSET)
    list(APPEND generator_args -T "${GENERATOR_TOOLSET}")
endif()
set(config_args)
if(CONFIG)
    set(config_args --config "${CONFIG}")
endif()

function(run step)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
    if(NOT result EQUAL 0)
        message(FATAL_ERROR "consumer ${CONSUMER}: ${step} failed (${result})")
    endif()
endfunction()

run(configure "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${binary_dir}" ${generator_args}
    ${CONFIGURE_OPTIONS})
run(build "${CMAKE_COMMAND}" --build "${binary_dir}" ${config_args})

if(MULTI_CONFIG)
    set(program "${binary_dir}/${CONFIG}/${PROGRAM}${EXECUTABLE_SUFFIX}")
else()
    set(program "${binary_dir}/${PROGRAM}${EXECUTABLE_SUFFIX}")
endif()
run("running the program" "${program}")
