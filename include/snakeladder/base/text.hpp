// Text for people and programs: UTF-8 read strictly, and text made safe for XML (the SVG
// drawings). Players' names and titles may hold any bytes; these say what of them survives.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace snakeladder {

/// One character of UTF-8 text: its code point and its length in bytes. `valid` is false for a
/// byte that starts no well-formed character; its length is then 1, so that a reader goes on
/// with the next byte.
struct Utf8Char {
    char32_t code = 0;
    std::size_t length = 1;
    bool valid = false;
};

/// The character of `text` that starts at byte `at` (below text.size()), in strict UTF-8: no
/// overlong forms, no surrogates, nothing above U+10FFFF.
[[nodiscard]] inline Utf8Char decode_utf8(std::string_view text, std::size_t at) noexcept {
    const auto lead = static_cast<unsigned char>(text[at]);
    if (lead < 0x80) {
        return {lead, 1, true};
    }
    std::size_t length = 0;
    char32_t code = 0;
    char32_t smallest = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
        code = lead & 0x1FU;
        smallest = 0x80;
    } else if ((lead & 0xF0U) == 0xE0U) {
        length = 3;
        code = lead & 0x0FU;
        smallest = 0x800;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        code = lead & 0x07U;
        smallest = 0x10000;
    } else {
        return {};
    }
    if (text.size() - at < length) {
        return {};
    }
    for (std::size_t k = 1; k < length; ++k) {
        const auto next = static_cast<unsigned char>(text[at + k]);
        if ((next & 0xC0U) != 0x80U) {
            return {};
        }
        code = (code << 6) | (next & 0x3FU);
    }
    if (code < smallest || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
        return {};
    }
    return {code, length, true};
}

/// `text` with every byte that is not part of well-formed UTF-8 replaced by U+FFFD: a file name
/// or a player's name made readable UTF-8, all else kept.
[[nodiscard]] inline std::string valid_utf8(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t at = 0; at < text.size();) {
        const Utf8Char next = decode_utf8(text, at);
        if (next.valid) {
            out.append(text.substr(at, next.length));
        } else {
            out += "\xEF\xBF\xBD"; // U+FFFD
        }
        at += next.length;
    }
    return out;
}

/// Whether XML 1.0 text may hold the character `code` as it is: not a C0 or C1 control
/// character, not DEL, not U+FFFE or U+FFFF.
[[nodiscard]] constexpr bool allowed_in_xml(char32_t code) noexcept {
    return code >= 0x20 && (code < 0x7F || code > 0x9F) && code != 0xFFFE && code != 0xFFFF;
}

/// `text` with the five characters XML gives a meaning escaped (`&amp;` `&lt;` `&gt;` `&quot;`
/// `&apos;`), all else as it is: for text already fit for XML (see xml_text).
[[nodiscard]] inline std::string xml_escaped(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&apos;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

/// Any bytes made text of an XML document: well-formed UTF-8 is kept, every other byte and
/// U+FFFE and U+FFFF become U+FFFD, other characters XML 1.0 forbids (control characters) are
/// dropped, and & < > " ' are escaped.
[[nodiscard]] inline std::string xml_text(std::string_view raw) {
    std::string kept;
    kept.reserve(raw.size());
    for (std::size_t at = 0; at < raw.size();) {
        const Utf8Char c = decode_utf8(raw, at);
        if (!c.valid || c.code == 0xFFFE || c.code == 0xFFFF) {
            kept += "\xEF\xBF\xBD";
        } else if (allowed_in_xml(c.code)) {
            kept.append(raw.substr(at, c.length));
        }
        at += c.length;
    }
    return xml_escaped(kept);
}

} // namespace snakeladder
