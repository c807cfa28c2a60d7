#include "support/catch.hpp"
#include "support/support.hpp"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <iterator>
#include <optional>
#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/game/game.hpp>
#include <snakeladder/io/files.hpp>
#include <snakeladder/turn/policies.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

using namespace snakeladder;
namespace fs = std::filesystem;

namespace {

// A fresh, empty directory of its own for one test, removed with everything in it afterwards.
class ScratchDirectory {
public:
    explicit ScratchDirectory(const std::string& name)
        : path_(fs::temp_directory_path() / ("snakeladder_test_files_" + name)) {
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ScratchDirectory(const ScratchDirectory&) = delete;
    ScratchDirectory& operator=(const ScratchDirectory&) = delete;
    ~ScratchDirectory() {
        std::error_code ignored;
        fs::remove_all(path_, ignored);
    }
    [[nodiscard]] const fs::path& path() const { return path_; }
    [[nodiscard]] fs::path operator/(const std::string& name) const { return path_ / name; }
    // The names in the directory, sorted: what a save left behind.
    [[nodiscard]] std::vector<std::string> names() const {
        std::vector<std::string> names;
        for (const auto& entry : fs::directory_iterator(path_)) {
            names.push_back(entry.path().filename().string());
        }
        std::sort(names.begin(), names.end());
        return names;
    }

private:
    fs::path path_;
};

void write_file(const fs::path& path, const std::string& text) {
    std::ofstream file(path, std::ios::binary);
    file << text;
}

std::string read_file(const fs::path& path) {
    std::ifstream file(path, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

} // namespace

TEST_CASE("load_board_file reads a board from a path, under the caller's rules", "[files]") {
    const ScratchDirectory dir("load_board");
    const fs::path path = dir / "small.txt";
    write_file(path, "size 30\nladder 3-22\nsnake 29-5\n");

    const Board<> board = load_board_file(path);
    CHECK(board == Board<>({{3, 22}, {29, 5}}, GameConfig<>({.size = 30})));

    using Bounce = GameConfig<BounceBack>;
    const Board<Bounce> bounce = load_board_file(path, Bounce());
    CHECK(bounce.size() == 30);
    CHECK(bounce.step(27, 5).end == 28); // 32 bounces back to 28: BounceBack came from the caller
    // A string works as the path too.
    CHECK(load_board_file(path.string()) == board);
}

TEST_CASE("any text file, read with the loaders' bound", "[files]") {
    const ScratchDirectory dir("text_files");
    const fs::path notes = dir / "notes.txt";
    write_file(notes, "line one\nline two\n"); // 18 bytes
    CHECK(read_text_file(notes, 18) == "line one\nline two\n");
    const auto too_big = thrown_by<FileError>([&] { (void)read_text_file(notes, 17, "notes"); });
    CHECK(too_big.path() == notes.string());
    CHECK(too_big.reason() == "it holds more than 17 bytes, the most read");
    CHECK(std::string(too_big.what()) ==
          fmt::format("cannot read notes '{}': it holds more than 17 bytes, the most read",
                      notes.string()));
    const auto missing = thrown_by<FileError>([&] { (void)read_text_file(dir / "none.txt", 100); });
    CHECK(missing.reason() == "No such file or directory");
    CHECK(std::string(missing.what()).starts_with("cannot read file '"));
    // A file that never ends stops at the bound.
    if (fs::exists("/dev/zero")) {
        CHECK(thrown_by<FileError>([] { (void)read_text_file("/dev/zero", 1000); }).reason() ==
              "it holds more than 1000 bytes, the most read");
    }
}

TEST_CASE("a board file that cannot be read or is refused names the path", "[files]") {
    const ScratchDirectory dir("board_errors");
    const fs::path missing = dir / "missing.txt";
    const auto not_found = thrown_by<FileError>([&] { (void)load_board_file(missing); });
    CHECK(not_found.path() == missing.string());
    CHECK(not_found.reason() == "No such file or directory");
    CHECK(std::string(not_found.what()) ==
          fmt::format("cannot read board file '{}': No such file or directory", missing.string()));

    const auto directory = thrown_by<FileError>([&] { (void)load_board_file(dir.path()); });
    CHECK(directory.reason() == "it is a directory");
    CHECK(std::string(directory.what()) ==
          fmt::format("cannot read board file '{}': it is a directory", dir.path().string()));

    const fs::path big = dir / "big.txt";
    write_file(big, "size 30\nladder 3-22\n"); // 20 bytes
    CHECK(load_board_file(big, GameConfig<>(), 20).size() == 30);
    const auto too_big =
        thrown_by<FileError>([&] { (void)load_board_file(big, GameConfig<>(), 19); });
    CHECK(too_big.reason() == "it holds more than 19 bytes, the most read");
    CHECK(std::string(too_big.what()) ==
          fmt::format("cannot read board file '{}': it holds more than 19 bytes, the most read",
                      big.string()));

    const fs::path syntax = dir / "syntax.txt";
    write_file(syntax, "size 30\nladder 3 10\n");
    const auto parse = thrown_by<ParseError>([&] { (void)load_board_file(syntax); });
    CHECK(parse.file() == syntax.string());
    CHECK(parse.line() == 2);
    CHECK(parse.column() == 10);
    CHECK(std::string(parse.what()) ==
          fmt::format("board file '{}': line 2, column 10: expected '-' between the two squares "
                      "of the jump, found '10'",
                      syntax.string()));
    // The same text from a string names no file.
    const auto from_text =
        thrown_by<ParseError>([] { (void)parse_board("size 30\nladder 3 10\n"); });
    CHECK(from_text.file().empty());
    CHECK(std::string(from_text.what()) ==
          "line 2, column 10: expected '-' between the two squares of the jump, found '10'");

    const fs::path off = dir / "off.txt";
    write_file(off, "size 100\nladder 95-101\n");
    const auto invalid = thrown_by<InvalidBoard>([&] { (void)load_board_file(off); });
    CHECK(invalid.reason() == BoardRule::off_board);
    CHECK(std::string(invalid.what()) ==
          fmt::format("board file '{}': ladder 95-101 ends off the board: squares run 1..100",
                      off.string()));
}

TEST_CASE("a file that never ends is read no further than the limit", "[files]") {
    if (!fs::exists("/dev/zero")) {
        WARN("no /dev/zero here: nothing to test");
        return;
    }
    const auto endless =
        thrown_by<FileError>([] { (void)load_board_file("/dev/zero", GameConfig<>(), 1000); });
    CHECK(std::string(endless.what()) ==
          "cannot read board file '/dev/zero': it holds more than 1000 bytes, the most read");
}

TEST_CASE("save_board_file writes the text format, which loads back", "[files]") {
    const ScratchDirectory dir("save_board");
    const fs::path path = dir / "board.txt";
    const Board<> board({{4, 7}, {8, 2}}, GameConfig<>({.size = 9}));
    save_board_file(path, board);
    CHECK(read_file(path) == "size 9\nladder 4-7\nsnake 8-2\n");
    CHECK(load_board_file(path) == board);
    CHECK(dir.names() == std::vector<std::string>{"board.txt"});
}

TEST_CASE("a game saved to a path loads back from it and plays on alike", "[files]") {
    const ScratchDirectory dir("save_game");
    const fs::path path = dir / "game.txt";
    using ScriptedGame = Game<ScriptedDice>;
    // Classic board: Ana 1 (ladder 1-38), Ben 3, Ana 2 (38 to 40), Ben 1 (3 to 4 ladder 4-14).
    ScriptedGame game(classic(), ScriptedDice{1, 3, 2, 1, 6, 5}, {"Ana", "Ben"});
    for (int turn = 0; turn < 4; ++turn) {
        (void)game.play_turn();
    }
    REQUIRE(game.position("Ana") == 40);
    REQUIRE(game.position("Ben") == 14);
    save_game_file(path, game);
    CHECK(read_file(path) == save_game(game));

    // The dice must roll 1 to 6 as the saved ones do; the 1 is never rolled.
    auto loaded = load_game_file<ScriptedGame>(path, ScriptedDice{6, 5, 1});
    CHECK(loaded.position("Ana") == 40);
    CHECK(loaded.position("Ben") == 14);
    CHECK(loaded.records() == game.records());
    // Both play on: Ana 6 (40 to 46), Ben 5 (14 to 19).
    (void)game.play_turn();
    (void)game.play_turn();
    (void)loaded.play_turn();
    (void)loaded.play_turn();
    CHECK(loaded.position("Ana") == 46);
    CHECK(loaded.position("Ben") == 19);
    CHECK(loaded.records() == game.records());

    // Saving again replaces the file whole, and leaves nothing beside it.
    save_game_file(path, loaded);
    CHECK(read_file(path) == save_game(loaded));
    CHECK(dir.names() == std::vector<std::string>{"game.txt"});
}

TEST_CASE("a decision game saved to a path loads back with its choices and seats", "[files]") {
    const ScratchDirectory dir("save_decision_game");
    const fs::path path = dir / "choices.txt";
    using G = DecisionGame<FairDice<>>;
    const auto choices = [] {
        return Choices<FairDice<>>{
            {FairDice<>::seeded(3), FairDice<>::seeded(4, {.sides = 6, .count = 2})}, true};
    };
    const auto seats = [&] {
        return std::vector<Seat>{computer("Ana", GreedyPolicy(classic(), choices())),
                                 computer("Ben", GreedyPolicy(classic(), choices()))};
    };
    G game(classic(), choices(), seats());
    for (int turn = 0; turn < 6; ++turn) {
        (void)game.play_turn();
    }
    save_game_file(path, game);
    CHECK(read_file(path) == save_game(game));
    G loaded = load_game_file<G>(path, choices(), seats());
    CHECK(loaded.records() == game.records());
    (void)game.play();
    (void)loaded.play();
    CHECK(loaded.records() == game.records());
    CHECK(loaded.winner() == game.winner());
}

TEST_CASE("a saved game file that is refused names the path, line and column", "[files]") {
    const ScratchDirectory dir("load_errors");
    const fs::path path = dir / "tampered.txt";
    write_file(path, "snakeladder saved game 2\n");
    const auto error =
        thrown_by<ParseError>([&] { (void)load_game_file<Game<FairDice<>>>(path, FairDice<>()); });
    CHECK(error.file() == path.string());
    CHECK(error.line() == 1);
    CHECK(std::string(error.what())
              .starts_with(fmt::format("saved game '{}': line 1, column ", path.string())));

    const fs::path missing = dir / "none.txt";
    const auto not_found = thrown_by<FileError>(
        [&] { (void)load_game_file<Game<FairDice<>>>(missing, FairDice<>()); });
    CHECK(std::string(not_found.what()) ==
          fmt::format("cannot read saved game '{}': No such file or directory", missing.string()));

    write_file(path, "snakeladder saved game 1\n");
    const auto too_big = thrown_by<FileError>([&] {
        (void)load_game_file<Game<FairDice<>>>(path, FairDice<>(),
                                               SavedGameLimits{.max_file_bytes = 10});
    });
    CHECK(std::string(too_big.what()) ==
          fmt::format("cannot read saved game '{}': it holds more than 10 bytes, the most read",
                      path.string()));
}

TEST_CASE("a failed save leaves no file and no part of one", "[files]") {
    const ScratchDirectory dir("failed_save");
    Game<ScriptedDice> game(classic(), ScriptedDice{1, 3}, {"Ana", "Ben"});

    // A directory that does not exist: nothing is created.
    const fs::path nowhere = dir / "no_such_directory" / "game.txt";
    const auto missing_dir = thrown_by<FileError>([&] { save_game_file(nowhere, game); });
    CHECK(missing_dir.path() == nowhere.string());
    CHECK(missing_dir.reason() == "No such file or directory");
    CHECK(std::string(missing_dir.what()) ==
          fmt::format("cannot write saved game '{}': No such file or directory", nowhere.string()));
    CHECK(dir.names().empty());

    // The target is a directory with a file in it: the rename fails, the directory and its
    // file are as they were, and the file written beside it is gone.
    const fs::path occupied = dir / "occupied";
    fs::create_directory(occupied);
    write_file(occupied / "keep.txt", "kept");
    const auto over_directory = thrown_by<FileError>([&] { save_game_file(occupied, game); });
    CHECK(std::string(over_directory.what())
              .starts_with(fmt::format("cannot write saved game '{}': ", occupied.string())));
    CHECK(dir.names() == std::vector<std::string>{"occupied"});
    CHECK(read_file(occupied / "keep.txt") == "kept");

    // A path that names no file.
    const auto no_name = thrown_by<FileError>([&] { save_game_file(dir.path() / "", game); });
    CHECK(std::string(no_name.what()).ends_with("': the path names no file"));
    CHECK(no_name.reason() == "the path names no file");
    CHECK(dir.names() == std::vector<std::string>{"occupied"});
}

TEST_CASE("saves to one path from four threads leave one whole document", "[files]") {
    const ScratchDirectory dir("threads");
    const fs::path path = dir / "game.txt";
    std::vector<std::string> documents;
    std::vector<Game<ScriptedDice>> games;
    for (int i = 1; i <= 4; ++i) {
        games.emplace_back(classic(), ScriptedDice{i, i, i, i},
                           std::vector<std::string>{"Ana", "Ben"});
        (void)games.back().play_turn();
        documents.push_back(save_game(games.back()));
    }
    std::vector<std::thread> threads;
    threads.reserve(games.size());
    for (const auto& game : games) {
        threads.emplace_back([&path, &game] {
            for (int round = 0; round < 50; ++round) {
                save_game_file(path, game);
            }
        });
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    const std::string text = read_file(path);
    CHECK(std::find(documents.begin(), documents.end(), text) != documents.end());
    CHECK(dir.names() == std::vector<std::string>{"game.txt"});
}
