// Reading and writing the library's text files (boards, saved games): a read is bounded in
// size, a write never leaves a half-written file, and every error names the file.
#pragma once

#include "../../base/errors.hpp"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>

namespace snakeladder::detail {

// The reason an I/O call failed, from errno when the stream set it.
inline std::string io_failure(int error_number, std::string_view otherwise) {
    return error_number != 0 ? std::generic_category().message(error_number)
                             : std::string(otherwise);
}

// The whole file at `path`, a `kind` ("board file", "saved game"), or FileError naming it and
// saying why not. More than `max_bytes` is refused, also from a file that grows or never ends
// (a pipe, /dev/zero), so reading stops at `max_bytes` + 1.
inline std::string read_text_file(const std::filesystem::path& path, std::string_view kind,
                                  std::uintmax_t max_bytes) {
    const std::string shown = path.string();
    const auto fail = [&](const std::string& why) {
        throw FileError(shown, why,
                        "cannot read " + std::string(kind) + " '" + shown + "': " + why);
    };
    std::error_code status_error;
    const std::filesystem::file_status status = std::filesystem::status(path, status_error);
    if (status_error) {
        fail(status_error.message());
    }
    if (std::filesystem::is_directory(status)) {
        fail("it is a directory");
    }
    errno = 0;
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        fail(io_failure(errno, "it cannot be opened"));
    }
    std::string text;
    constexpr std::size_t chunk = std::size_t{1} << 16;
    std::string buffer(chunk, '\0');
    while (file) {
        file.read(buffer.data(), static_cast<std::streamsize>(chunk));
        const auto got = static_cast<std::size_t>(file.gcount());
        if (text.size() + got > max_bytes) {
            fail("it holds more than " + std::to_string(max_bytes) + " bytes, the most read");
        }
        text.append(buffer, 0, got);
    }
    if (file.bad()) {
        fail(io_failure(errno, "reading failed"));
    }
    return text;
}

// A name for the file beside `path` that a write goes to first: hidden, and different for
// every write in this process (two threads saving to one path do not share it).
inline std::filesystem::path scratch_path_beside(const std::filesystem::path& path) {
    static std::atomic<std::uint64_t> writes{0};
    const auto stamp =
        static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
    std::filesystem::path scratch = path;
    scratch.replace_filename("." + path.filename().string() + ".writing-" + std::to_string(stamp) +
                             "-" + std::to_string(++writes));
    return scratch;
}

// Writes `text` to `path`, a `kind`, through a file beside it that is then renamed over it, so
// that `path` holds the old contents or the new ones, never part of them; a failure removes
// the file beside it and throws FileError naming `path`.
inline void write_text_file(const std::filesystem::path& path, std::string_view kind,
                            std::string_view text) {
    const std::string shown = path.string();
    const auto fail = [&](const std::string& why) {
        throw FileError(shown, why,
                        "cannot write " + std::string(kind) + " '" + shown + "': " + why);
    };
    if (path.filename().empty()) {
        fail("the path names no file");
    }
    const std::filesystem::path scratch = scratch_path_beside(path);
    std::error_code ignored;
    {
        errno = 0;
        std::ofstream file(scratch, std::ios::binary | std::ios::trunc);
        if (!file) {
            fail(io_failure(errno, "a file beside it cannot be created"));
        }
        file.write(text.data(), static_cast<std::streamsize>(text.size()));
        file.flush();
        if (!file) {
            const std::string why = io_failure(errno, "writing failed");
            file.close();
            std::filesystem::remove(scratch, ignored);
            fail(why);
        }
        file.close();
        if (file.fail()) {
            const std::string why = io_failure(errno, "closing failed");
            std::filesystem::remove(scratch, ignored);
            fail(why);
        }
    }
    std::error_code rename_error;
    std::filesystem::rename(scratch, path, rename_error);
    if (rename_error) {
        std::filesystem::remove(scratch, ignored);
        fail(rename_error.message());
    }
}

} // namespace snakeladder::detail
