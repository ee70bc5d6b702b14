// Decoding one UTF-8 character at a time, robust to invalid bytes: every
// byte that does not start a well-formed sequence (RFC 3629: no overlongs,
// no surrogates, nothing above U+10FFFF) is a character of its own, one
// column wide. Shared by the line index and the renderer so both agree.
#pragma once

#include <cstdint>
#include <string_view>

namespace ss::utf8 {

struct Char {
    uint32_t length = 1;       // bytes, 1..4
    uint32_t utf16_units = 1;  // 2 for code points above U+FFFF
    bool valid = true;         // false: a lone invalid byte
    char32_t code_point = 0;   // the byte's value when invalid
};

// The character starting at `pos` (< text.size()).
inline Char decode(std::string_view text, size_t pos) {
    auto byte = [&](size_t i) -> uint32_t { return i < text.size() ? static_cast<unsigned char>(text[i]) : 0x100u; };
    auto cont = [](uint32_t b) { return b >= 0x80 && b <= 0xBF; };
    const uint32_t b0 = byte(pos);
    if (b0 < 0x80) return {1, 1, true, b0};
    if (b0 >= 0xC2 && b0 <= 0xDF && cont(byte(pos + 1))) {
        return {2, 1, true, ((b0 & 0x1F) << 6) | (byte(pos + 1) & 0x3F)};
    }
    if (b0 >= 0xE0 && b0 <= 0xEF) {
        const uint32_t b1 = byte(pos + 1);
        const uint32_t lo = b0 == 0xE0 ? 0xA0 : 0x80;
        const uint32_t hi = b0 == 0xED ? 0x9F : 0xBF;
        if (b1 >= lo && b1 <= hi && cont(byte(pos + 2))) {
            return {3, 1, true, ((b0 & 0x0F) << 12) | ((b1 & 0x3F) << 6) | (byte(pos + 2) & 0x3F)};
        }
    }
    if (b0 >= 0xF0 && b0 <= 0xF4) {
        const uint32_t b1 = byte(pos + 1);
        const uint32_t lo = b0 == 0xF0 ? 0x90 : 0x80;
        const uint32_t hi = b0 == 0xF4 ? 0x8F : 0xBF;
        if (b1 >= lo && b1 <= hi && cont(byte(pos + 2)) && cont(byte(pos + 3))) {
            return {4, 2, true,
                    ((b0 & 0x07) << 18) | ((b1 & 0x3F) << 12) | ((byte(pos + 2) & 0x3F) << 6) | (byte(pos + 3) & 0x3F)};
        }
    }
    return {1, 1, false, b0};
}

}  // namespace ss::utf8
