# Saving and resuming a game of snakeladder-play gives the game an uninterrupted run gives.
# Script mode:
#
#   cmake -DPROGRAM=<snakeladder-play> -DWORK=<scratch directory> -DPLAYERS=<-c;Ann;-c;Bea>
#         -DPEOPLE=<-p;Ann;-p;Bea> [-DFLAGS=<rule and choice flags>] -DSEED=<n> -DTURNS=<n>
#         [-DENTERS=<n>] [-DPICK=<answer before each Enter>] -P resume_game.cmake
#
# 1. The whole game: PLAYERS with --auto --seed SEED --save whole.txt (a person under --auto
#    takes one die and always moves).
# 2. The same game with PEOPLE (the same names, some as persons) and ENTERS (default TURNS)
#    Enters as input, each after a line PICK when given (`1`: one die, as --auto takes), then
#    end of input: it stops after TURNS turns, saved in part.txt.
# 3. --resume part.txt with PLAYERS and --auto, saving to part.txt again.
# The turns that 3 prints must be the lines of 1 from turn TURNS + 1 on, the standings the
# same, and the two saved games equal byte for byte. Then resuming is refused (exit status 2,
# with the message) for the finished game (whole.txt), other players, and another overshoot rule.
cmake_minimum_required(VERSION 3.21)

foreach(name IN ITEMS PROGRAM WORK PLAYERS PEOPLE SEED TURNS)
    if(NOT DEFINED ${name})
        message(FATAL_ERROR "resume_game.cmake needs -D${name}=...")
    endif()
endforeach()
file(MAKE_DIRECTORY "${WORK}")
set(whole "${WORK}/whole.txt")
set(part "${WORK}/part.txt")
file(REMOVE "${whole}" "${part}")
if(NOT DEFINED ENTERS)
    set(ENTERS ${TURNS})
endif()
set(answer "\n")
if(DEFINED PICK)
    set(answer "${PICK}\n\n")
endif()
string(REPEAT "${answer}" ${ENTERS} enters)
file(WRITE "${WORK}/enters.txt" "${enters}")

set(problems "")
function(run expected_status out_var err_var)
    execute_process(COMMAND "${PROGRAM}" ${ARGN} --no-board INPUT_FILE "${WORK}/enters.txt"
        OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
    if(NOT "${status}" STREQUAL "${expected_status}")
        string(JOIN " " shown ${ARGN})
        set(problems "${problems}\n- `${shown}`: exit status ${status}, expected ${expected_status}: ${err}" PARENT_SCOPE)
    endif()
    set(${out_var} "${out}" PARENT_SCOPE)
    set(${err_var} "${err}" PARENT_SCOPE)
endfunction()

# The log lines (`  12. Ann rolls ...`) of turns after `after`, and the standings: everything
# from the line that says how the game ended.
function(tail text after result)
    string(REPLACE ";" "\\;" text "${text}")
    string(REPLACE "\n" ";" lines "${text}")
    set(kept "")
    set(ending FALSE)
    foreach(line IN LISTS lines)
        if(line MATCHES " wins after | is home after |^Game ")
            set(ending TRUE)
        endif()
        if(ending)
            string(APPEND kept "${line}\n")
        elseif(line MATCHES "^ *([0-9]+)\\. " AND CMAKE_MATCH_1 GREATER after)
            string(APPEND kept "${line}\n")
        endif()
    endforeach()
    set(${result} "${kept}" PARENT_SCOPE)
endfunction()

run(0 whole_out whole_err ${PLAYERS} ${FLAGS} --auto --seed ${SEED} --save "${whole}")
run(0 part_out part_err ${PEOPLE} ${FLAGS} --seed ${SEED} --save "${part}")
run(0 rest_out rest_err ${PLAYERS} ${FLAGS} --auto --resume "${part}" --save "${part}")

string(FIND "${part_out}" "Game stopped after ${TURNS} turns (end of input)" at)
if(at EQUAL -1)
    string(APPEND problems "\n- the game with ${TURNS} Enters did not stop after ${TURNS} turns:\n${part_out}")
endif()
string(FIND "${rest_out}" "resuming part.txt after ${TURNS} turns" at)
if(at EQUAL -1)
    string(APPEND problems "\n- the resumed game does not say it resumes after ${TURNS} turns:\n${rest_out}")
endif()
tail("${whole_out}" ${TURNS} expected)
tail("${rest_out}" ${TURNS} actual)
if(expected STREQUAL "")
    string(APPEND problems "\n- the whole game printed no turns after turn ${TURNS}")
elseif(NOT expected STREQUAL actual)
    string(APPEND problems "\n- the resumed game's turns differ from the whole game's:\n--- whole game\n${expected}--- resumed\n${actual}")
endif()
file(READ "${whole}" whole_text)
file(READ "${part}" part_text)
if(NOT whole_text STREQUAL part_text)
    string(APPEND problems "\n- the saved games differ: ${whole} and ${part}")
endif()

# What resuming refuses.
run(2 out err ${PLAYERS} ${FLAGS} --auto --resume "${whole}")
string(FIND "${err}" "snakeladder-play: saved game '${whole}': the game is over after " at)
if(at EQUAL -1)
    string(APPEND problems "\n- resuming the finished game: ${err}")
endif()
run(2 out err -c Nobody ${FLAGS} --auto --resume "${whole}")
string(FIND "${err}" "snakeladder-play: saved game '${whole}' is played by " at)
if(at EQUAL -1)
    string(APPEND problems "\n- resuming with other players: ${err}")
endif()
run(2 out err ${PLAYERS} ${FLAGS} --overshoot wins --auto --resume "${part}")
string(FIND "${err}" "line 2, column 11: the game was saved under the overshoot rule ExactFinish, but this game type plays OvershootWins" at)
if(at EQUAL -1)
    string(APPEND problems "\n- resuming with another overshoot rule: ${err}")
endif()

if(NOT problems STREQUAL "")
    message(NOTICE "resume_game.cmake:${problems}")
    message(FATAL_ERROR " saving and resuming: problems listed above")
endif()
message(STATUS "the resumed game went on as the whole game did, and bad resumes were refused")
