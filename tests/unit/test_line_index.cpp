#include <doctest/doctest.h>

#include <string>

#include "diag/line_index.hpp"

using ss::LineIndex;

TEST_CASE("lines and code-point columns are 1-based") {
    const std::string text = "ab\ncd\n";
    LineIndex index(text);
    CHECK(index.line_count() == 3);
    CHECK(index.position(0).line == 1);
    CHECK(index.position(0).column == 1);
    CHECK(index.position(1).column == 2);
    CHECK(index.position(2).column == 3);  // the "\n" itself
    CHECK(index.position(3).line == 2);
    CHECK(index.position(3).column == 1);
    CHECK(index.position(6).line == 3);    // end of text: the empty last line
    CHECK(index.position(999).line == 3);  // clamped
    CHECK(index.line_text(0) == "ab");
    CHECK(index.line_text(1) == "cd");
    CHECK(index.line_text(2) == "");
}

TEST_CASE("columns count code points, UTF-16 columns count units") {
    // "é" is 2 bytes, "→" 3 bytes, "𝔻" 4 bytes (2 UTF-16 units).
    const std::string text = "\xC3\xA9\xE2\x86\x92\xF0\x9D\x94\xBBx";
    LineIndex index(text);
    CHECK(index.position(2).column == 2);
    CHECK(index.position(5).column == 3);
    CHECK(index.position(9).column == 4);
    CHECK(index.utf16_column(9) == 4);
    CHECK(index.utf16_column(5) == 2);
    // Inside a multi-byte character: the character it belongs to.
    CHECK(index.position(1).column == 1);
    CHECK(index.position(7).column == 3);
    // And back from LSP positions.
    CHECK(index.offset_of_utf16(0, 0) == 0);
    CHECK(index.offset_of_utf16(0, 2) == 5);
    CHECK(index.offset_of_utf16(0, 4) == 9);
    CHECK(index.offset_of_utf16(0, 3) == 5);  // inside the surrogate pair
    CHECK(index.offset_of_utf16(0, 100) == text.size());
    CHECK(index.offset_of_utf16(7, 0) == text.size());
}

TEST_CASE("invalid UTF-8 counts one column per byte") {
    const std::string text = std::string("a\xFF\xFE") + "b" + "\xE2\x86" + "c";  // truncated →
    LineIndex index(text);
    CHECK(index.position(1).column == 2);
    CHECK(index.position(2).column == 3);
    CHECK(index.position(3).column == 4);
    CHECK(index.position(4).column == 5);
    CHECK(index.position(5).column == 6);
    CHECK(index.position(6).column == 7);
    // Overlong encodings and surrogates are invalid too.
    // (LineIndex keeps a view: the texts must outlive it.)
    const std::string overlong_text = std::string("\xC0\xAF") + "x";
    LineIndex overlong(overlong_text);
    CHECK(overlong.position(2).column == 3);
    const std::string surrogate_text = std::string("\xED\xA0\x80") + "x";
    LineIndex surrogate(surrogate_text);
    CHECK(surrogate.position(3).column == 4);
}

TEST_CASE("CRLF and lone CR end lines") {
    const std::string text = "a\r\nb\rc\n";
    LineIndex index(text);
    CHECK(index.line_count() == 4);
    CHECK(index.line_text(0) == "a");
    CHECK(index.line_text(1) == "b");
    CHECK(index.line_text(2) == "c");
    CHECK(index.position(3).line == 2);
    CHECK(index.position(5).line == 3);
    CHECK(index.position(5).column == 1);
    CHECK(index.line_start(2) == 5);
}

TEST_CASE("a long line converts fast and exactly (checkpoints)") {
    std::string text(5'000'000, 'x');
    text += "\xC3\xA9";  // é at the end
    text += "y";
    LineIndex index(text);
    CHECK(index.position(5'000'000).column == 5'000'001);
    CHECK(index.position(5'000'002).column == 5'000'002);
    CHECK(index.utf16_column(5'000'002) == 5'000'001);
    for (uint32_t off = 0; off < 5'000'000; off += 99'991) {
        CHECK(index.position(off).column == off + 1);
    }
}

TEST_CASE("empty text") {
    LineIndex index("");
    CHECK(index.line_count() == 1);
    CHECK(index.position(0).line == 1);
    CHECK(index.position(0).column == 1);
    CHECK(index.line_text(0) == "");
}

TEST_CASE("random mixed text: every offset as a character-by-character count gives") {
    // ASCII runs (the fast path), line breaks of each kind, multi-byte and
    // invalid bytes, with checkpoints falling everywhere among them.
    const char* pieces[] = {"a",    "bcd", "\n", "\r\n", "\r", "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80",
                            "\xFF", "\xC3"};
    std::string long_run(700, 'q');
    uint64_t state = 12345;
    auto next = [&] { return (state = state * 6364136223846793005ULL + 1442695040888963407ULL) >> 33; };
    for (int round = 0; round < 20; ++round) {
        std::string text;
        while (text.size() < 5000) {
            size_t pick = next() % 11;
            text += pick == 10 ? long_run : std::string(pieces[pick]);
        }
        LineIndex index(text);
        // The reference: lines and columns counted one character at a time.
        uint32_t line = 1, column = 1, units = 0;
        for (size_t pos = 0; pos < text.size();) {
            REQUIRE(index.position(static_cast<uint32_t>(pos)).line == line);
            REQUIRE(index.position(static_cast<uint32_t>(pos)).column == column);
            REQUIRE(index.utf16_column(static_cast<uint32_t>(pos)) == units);
            char c = text[pos];
            if (c == '\n' || c == '\r') {
                pos += (c == '\r' && pos + 1 < text.size() && text[pos + 1] == '\n') ? 2 : 1;
                ++line;
                column = 1;
                units = 0;
                continue;
            }
            auto b = static_cast<unsigned char>(c);
            size_t length = 1;
            uint32_t width = 1;
            if (b >= 0xF0 && pos + 3 < text.size() && (static_cast<unsigned char>(text[pos + 1]) & 0xC0) == 0x80)
                length = 4, width = 2;
            else if (b >= 0xE0 && b < 0xF0 && pos + 2 < text.size() &&
                     (static_cast<unsigned char>(text[pos + 1]) & 0xC0) == 0x80)
                length = 3;
            else if (b >= 0xC0 && b < 0xE0 && pos + 1 < text.size() &&
                     (static_cast<unsigned char>(text[pos + 1]) & 0xC0) == 0x80)
                length = 2;
            pos += length;
            ++column;
            units += width;
        }
        CHECK(index.line_count() == line);
    }
}
