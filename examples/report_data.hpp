// A report as data, for snakeladder-analyze --format json and --format csv: a tree of values
// (numbers, strings, lists, objects whose keys keep their order) written once and printed either
// as one JSON object or as CSV rows of `path,value`. docs/analyze-json.md describes the fields.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fmt/format.h>
#include <snakeladder/base/text.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace snakeladder::examples {

// Bytes that are not UTF-8 become U+FFFD, as a file name may hold any bytes and a CSV or text
// report must stay readable UTF-8: the library's valid_utf8.
using snakeladder::valid_utf8;

// `text` as UTF-8 (see valid_utf8) with its line breaks, tabs and other control characters
// escaped: `\u001b` in JSON, which also escapes quotes and backslashes, `\x1b` otherwise.
inline std::string escaped_utf8(std::string_view text, bool json) {
    std::string out;
    for (const char c : valid_utf8(text)) {
        const auto byte = static_cast<unsigned char>(c);
        if (json && (c == '"' || c == '\\')) {
            out += '\\';
            out += c;
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c == '\t') {
            out += "\\t";
        } else if (byte < 0x20 || byte == 0x7f) {
            out += json ? fmt::format("\\u{:04x}", byte) : fmt::format("\\x{:02x}", byte);
        } else {
            out += c;
        }
    }
    return out;
}

/// `text` fit for one line of a terminal: control characters written as escapes (`\n`, `\t`,
/// `\x1b`) so a file name cannot break a line or send the terminal a command, and bytes that are
/// not UTF-8 replaced by U+FFFD.
inline std::string printable(std::string_view text) {
    return escaped_utf8(text, false);
}

/// One value of a report: null, a boolean, a whole number, a real number, a string, a list or
/// an object (keys in the order they were set).
class ReportValue {
public:
    // Implicit: a report is written as `object.set("mean", 39.6)`.
    ReportValue() = default; // null
    ReportValue(bool value) : value_(value) {}
    ReportValue(std::int64_t value) : value_(value) {}
    ReportValue(int value) : value_(std::int64_t{value}) {}
    ReportValue(unsigned value) : value_(std::int64_t{value}) {}
    ReportValue(std::size_t value) : value_(static_cast<std::int64_t>(value)) {}
    ReportValue(double value) : value_(value) {}
    ReportValue(std::string value) : value_(std::move(value)) {}
    ReportValue(std::string_view value) : value_(std::string(value)) {}
    ReportValue(const char* value) : value_(std::string(value)) {}

    /// An empty list; add() appends to it.
    [[nodiscard]] static ReportValue list() {
        ReportValue value;
        value.value_ = List{};
        return value;
    }
    /// An empty object; set() adds keys to it.
    [[nodiscard]] static ReportValue object() {
        ReportValue value;
        value.value_ = Object{};
        return value;
    }
    /// A list of numbers.
    template <class Range>
    [[nodiscard]] static ReportValue list_of(const Range& values) {
        ReportValue value = list();
        auto& items = std::get<List>(value.value_).items;
        for (const auto& item : values) {
            // Built in place: moving a temporary in makes g++ 12 at -O3 warn, wrongly, that the
            // variant may be used uninitialized.
            items.emplace_back(item);
        }
        return value;
    }

    /// Appends to a list.
    ReportValue& add(ReportValue item) {
        std::get<List>(value_).items.push_back(std::move(item));
        return *this;
    }
    /// Sets a key of an object (a key set twice keeps its first place and its last value).
    ReportValue& set(std::string_view key, ReportValue item) {
        Object& object = std::get<Object>(value_);
        for (auto& [name, value] : object.members) {
            if (name == key) {
                value = std::move(item);
                return *this;
            }
        }
        object.members.emplace_back(std::string(key), std::move(item));
        return *this;
    }

    /// The JSON text, indented by two spaces a level, without a final newline.
    [[nodiscard]] std::string json(int depth = 0) const {
        const std::string inner(static_cast<std::size_t>(2 * (depth + 1)), ' ');
        const std::string outer(static_cast<std::size_t>(2 * depth), ' ');
        if (const auto* list = std::get_if<List>(&value_)) {
            if (list->items.empty()) {
                return "[]";
            }
            // Lists of plain values (numbers, mostly) on one line: a table of 500 turns stays
            // readable.
            const bool plain = std::all_of(list->items.begin(), list->items.end(),
                                           [](const ReportValue& item) { return item.is_plain(); });
            std::string text = "[";
            for (std::size_t i = 0; i < list->items.size(); ++i) {
                text += i == 0 ? "" : ",";
                text += plain ? (i == 0 ? "" : " ") : "\n" + inner;
                text += list->items[i].json(depth + 1);
            }
            return text + (plain ? "]" : "\n" + outer + "]");
        }
        if (const auto* object = std::get_if<Object>(&value_)) {
            if (object->members.empty()) {
                return "{}";
            }
            // An object of a few plain values on one line: `{"roll": 1, "probability": 0.5}`.
            std::string line = "{";
            bool plain = true;
            for (std::size_t i = 0; i < object->members.size() && plain; ++i) {
                const auto& [key, value] = object->members[i];
                plain = value.is_plain();
                line += fmt::format("{}{}: {}", i == 0 ? "" : ", ", json_string(key),
                                    value.json(depth + 1));
            }
            constexpr std::size_t one_line = 100;
            if (plain && line.size() < one_line) {
                return line + "}";
            }
            std::string text = "{";
            for (std::size_t i = 0; i < object->members.size(); ++i) {
                const auto& [key, value] = object->members[i];
                text += fmt::format("{}\n{}{}: {}", i == 0 ? "" : ",", inner, json_string(key),
                                    value.json(depth + 1));
            }
            return text + "\n" + outer + "}";
        }
        return scalar(true);
    }

    /// The CSV rows `path,value` of every scalar below this value (RFC 4180: CRLF line ends, a
    /// field quoted when it holds a comma, a quote or a line break). A path joins object keys and
    /// list indexes (from 0) with dots: `seats.0.win.1`. Empty lists and objects give no row.
    void csv_rows(const std::string& path, std::string& out) const {
        if (const auto* list = std::get_if<List>(&value_)) {
            for (std::size_t i = 0; i < list->items.size(); ++i) {
                list->items[i].csv_rows(join(path, fmt::format("{}", i)), out);
            }
            return;
        }
        if (const auto* object = std::get_if<Object>(&value_)) {
            for (const auto& [key, value] : object->members) {
                value.csv_rows(join(path, key), out);
            }
            return;
        }
        out += csv_field(path) + "," + csv_field(scalar(false)) + "\r\n";
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped, and bytes
    /// that are not UTF-8 (a file name may hold any) replaced by U+FFFD, so that the output is
    /// always valid JSON.
    [[nodiscard]] static std::string json_string(std::string_view text) {
        // Appended, not `"\"" + ... + "\""`: g++ 12 -O3 warns (-Wrestrict) falsely on that.
        std::string out = "\"";
        out += escaped_utf8(text, true);
        out += '"';
        return out;
    }

    /// `given` as a CSV field (RFC 4180): bytes that are not UTF-8 replaced by U+FFFD, then
    /// quoted, with its quotes doubled, when it holds a comma, a quote, a line break or leading or
    /// trailing spaces.
    [[nodiscard]] static std::string csv_field(std::string_view given) {
        const std::string text = valid_utf8(given); // as JSON writes it
        const bool quoted = text.find_first_of(",\"\r\n") != std::string::npos ||
                            (!text.empty() && (text.front() == ' ' || text.back() == ' '));
        if (!quoted) {
            return std::string(text);
        }
        std::string out = "\"";
        for (const char c : text) {
            out += c == '"' ? std::string("\"\"") : std::string(1, c);
        }
        return out + "\"";
    }

private:
    struct List {
        std::vector<ReportValue> items;
    };
    struct Object {
        std::vector<std::pair<std::string, ReportValue>> members;
    };
    std::variant<std::monostate, bool, std::int64_t, double, std::string, List, Object> value_;

    [[nodiscard]] bool is_plain() const {
        return !std::holds_alternative<List>(value_) && !std::holds_alternative<Object>(value_);
    }

    // A real number in the shortest form that reads back as the same double (17 significant
    // digits at most); not finite, null in JSON (which has no infinity) and empty in CSV.
    [[nodiscard]] std::string scalar(bool as_json) const {
        if (const auto* flag = std::get_if<bool>(&value_)) {
            return *flag ? "true" : "false";
        }
        if (const auto* whole = std::get_if<std::int64_t>(&value_)) {
            return fmt::format("{}", *whole);
        }
        if (const auto* real = std::get_if<double>(&value_)) {
            if (!std::isfinite(*real)) {
                return as_json ? "null" : "";
            }
            return fmt::format("{}", *real);
        }
        if (const auto* text = std::get_if<std::string>(&value_)) {
            return as_json ? json_string(*text) : *text;
        }
        return as_json ? "null" : "";
    }

    static std::string join(const std::string& path, std::string_view key) {
        return path.empty() ? std::string(key) : path + "." + std::string(key);
    }
};

} // namespace snakeladder::examples
