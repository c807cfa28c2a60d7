// The text helpers of snakeladder-analyze's reports (report_data.hpp), checked against bytes
// worked out by hand: a board file's name may hold any bytes, and every report writes it as
// UTF-8 (U+FFFD, EF BF BD, for a byte that is not UTF-8), the text report with its control
// characters escaped. Exit status 1 and the differences on standard error when one differs.
#include "report_data.hpp"

#include <cstdio>
#include <fmt/format.h>
#include <string>
#include <string_view>

namespace {

int failures = 0;

void expect(std::string_view what, const std::string& got, std::string_view expected) {
    if (got != expected) {
        fmt::print(stderr, "{}:\ngot      \"{}\"\nexpected \"{}\"\n", what, got, expected);
        ++failures;
    }
}

} // namespace

int main() {
    using snakeladder::examples::printable;
    using snakeladder::examples::ReportValue;
    using snakeladder::examples::valid_utf8;
    // A lone 0xff, a stray continuation byte (0x80) and a truncated two-byte sequence (0xc3 at
    // the end) are each one U+FFFD; the well-formed "é" (c3 a9) is kept.
    expect("valid_utf8",
           valid_utf8("a\xff"
                      "b\x80"
                      "\xc3\xa9"
                      "c\xc3"),
           "a\xef\xbf\xbd"
           "b\xef\xbf\xbd"
           "\xc3\xa9"
           "c\xef\xbf\xbd");
    // CSV writes such a name as JSON does: the same U+FFFD, and quoted only for a comma.
    expect("csv_field, not UTF-8", ReportValue::csv_field("board\xff.txt"),
           "board\xef\xbf\xbd.txt");
    expect("json_string, not UTF-8", ReportValue::json_string("board\xff.txt"),
           "\"board\xef\xbf\xbd.txt\"");
    expect("csv_field, a comma", ReportValue::csv_field("a,\xfe"), "\"a,\xef\xbf\xbd\"");
    // The text report: a line break, a tab, a carriage return, ESC (a terminal command's first
    // byte) and DEL as escapes, so the name stays on its line and sends the terminal nothing.
    expect("printable", printable("my\nboard\t1\r\x1b[2J\x7f\xff.txt"),
           "my\\nboard\\t1\\r\\x1b[2J\\x7f\xef\xbf\xbd.txt");
    expect("printable, plain", printable("classic board"), "classic board");
    // JSON escapes the same controls as \u00XX, and quotes and backslashes.
    expect("json_string, controls", ReportValue::json_string("a\"b\\c\nd\x1b"),
           R"("a\"b\\c\nd\u001b")");
    if (failures > 0) {
        fmt::print(stderr, "{} text(s) differ\n", failures);
        return 1;
    }
    return 0;
}
