// Text helpers (text.hpp): strict UTF-8, bytes that are not UTF-8 made U+FFFD, and text made fit
// for XML, each case worked out by hand from the bytes.
#include "support/catch.hpp"

#include <snakeladder/base/text.hpp>
#include <string>

using namespace snakeladder;

TEST_CASE("UTF-8 is read strictly, one character at a time", "[text]") {
    // "é" is c3 a9: U+00E9 in two bytes; "€" e2 82 ac: U+20AC in three; "😀" f0 9f 98 80: U+1F600.
    const std::string text = "a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80";
    CHECK(decode_utf8(text, 0).code == U'a');
    CHECK(decode_utf8(text, 1).code == 0xE9);
    CHECK(decode_utf8(text, 1).length == 2);
    CHECK(decode_utf8(text, 3).code == 0x20AC);
    CHECK(decode_utf8(text, 3).length == 3);
    CHECK(decode_utf8(text, 6).code == 0x1F600);
    CHECK(decode_utf8(text, 6).length == 4);
    // Refused, each with length 1: a stray continuation byte, an overlong "/" (c0 af), a
    // surrogate (ed a0 80 is U+D800), a code point past U+10FFFF (f4 90 80 80), a sequence cut
    // short at the end.
    for (const std::string bad :
         {"\x80", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe2\x82"}) {
        CHECK_FALSE(decode_utf8(bad, 0).valid);
        CHECK(decode_utf8(bad, 0).length == 1);
    }
}

TEST_CASE("bytes that are not UTF-8 become U+FFFD, one per byte", "[text]") {
    CHECK(valid_utf8("Zo\xc3\xab") == "Zo\xc3\xab");
    // 0xff, then the two bytes of an overlong form: three replacement characters.
    CHECK(valid_utf8("a\xff"
                     "b\xc0\xaf") == "a\xef\xbf\xbd"
                                     "b\xef\xbf\xbd\xef\xbf\xbd");
    CHECK(valid_utf8("").empty());
}

TEST_CASE("text for XML: escaped, control characters dropped, what is not UTF-8 replaced",
          "[text]") {
    CHECK(xml_escaped("a<b & \"c\" 'd'>") == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
    CHECK(allowed_in_xml(U'A'));
    CHECK(allowed_in_xml(0xA0));
    CHECK_FALSE(allowed_in_xml(0x1B));   // ESC
    CHECK_FALSE(allowed_in_xml(0x7F));   // DEL
    CHECK_FALSE(allowed_in_xml(0x85));   // a C1 control
    CHECK_FALSE(allowed_in_xml(0xFFFE)); // a non-character XML forbids
    // A tab and an escape sequence are dropped, 0xff and U+FFFF (ef bf bf) become U+FFFD, and
    // the ampersand is escaped.
    CHECK(xml_text("Ana\t\x1b[31m&\xff\xef\xbf\xbf") == "Ana[31m&amp;\xef\xbf\xbd\xef\xbf\xbd");
}
