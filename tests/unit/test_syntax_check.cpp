// Syntax diagnostics: each code at the right place, and no cascades.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <variant>

#include "format/format.hpp"
#include "syntax/syntax_check.hpp"
#include "syntax_test_util.hpp"

using ss::syntax::check_syntax;
using ss::test::codes_of;
using Codes = std::vector<std::string>;

TEST_CASE("the examples have no syntax errors") {
    for (const char* example : {"examples/digits.ss", "examples/attention.ss", "examples/llama.ss"}) {
        CAPTURE(example);
        CHECK(check_syntax(ss::test::read_source_file(example)).empty());
    }
}

TEST_CASE("E0001: an unexpected token, at the token") {
    std::string text = "fn f(x: [n D]) -> [n D]:\n    y = x +\n    return y\n";
    auto d = check_syntax(text);
    REQUIRE(codes_of(d) == Codes{"E0001"});
    CHECK(text.substr(d[0].range.begin, d[0].range.end - d[0].range.begin) == "return");
    CHECK(d[0].message.find("`return`") != std::string::npos);
    // The line above ended with an operator: the message says so.
    CHECK(d[0].message.find("after `+` at the end of the line above") != std::string::npos);
    // An error on the operator's own line is not blamed on it.
    auto same_line = check_syntax("fn f(x: [n D]) -> [n D]:\n    return x + )\n");
    REQUIRE(codes_of(same_line) == Codes{"E0001"});
    CHECK(same_line[0].message.find("line above") == std::string::npos);
}

TEST_CASE("E0002: a missing token, where it belongs") {
    std::string text = "fn f(x: [n D] -> [n D]:\n    return x\n";
    auto d = check_syntax(text);
    REQUIRE(codes_of(d) == Codes{"E0002"});
    CHECK(d[0].range.begin == 13);
    CHECK(d[0].message == "expected `)` here");
}

TEST_CASE("E0002: a block header without its `:`, and the body still parses") {
    for (std::string header : {"fn f(x: [n D]) -> [n D]", "model M", "data Row"}) {
        CAPTURE(header);
        std::string body = header[0] == 'f' ? "    return x\n" : "    w: [D]\n";
        std::string text = header + "\n" + body + "\nfn g(y: [n]) -> [n]:\n    return y\n";
        auto d = check_syntax(text);
        REQUIRE(codes_of(d) == Codes{"E0002"});
        CHECK(d[0].range.begin == header.size());
        CHECK(d[0].message == "expected `:` to open the block here");
    }
    std::string statements =
        "fn f(x: [n]) -> [n]:\n    if x\n        y = 1\n    elif z\n        y = 2\n    else\n        y = 3\n"
        "    for i in 0..3\n        y = i\n    return y\n";
    CHECK(codes_of(check_syntax(statements)) == Codes{"E0002", "E0002", "E0002", "E0002"});
    // A comment after the header doesn't move where the `:` belongs.
    std::string commented = "fn f(x: [n]) -> [n]  # note\n    return x\n";
    auto d = check_syntax(commented);
    REQUIRE(codes_of(d) == Codes{"E0002"});
    CHECK(d[0].range.begin == commented.find("  # note"));
}

TEST_CASE("E0002: a hidden missing token (the scanner's line or block end), where it belongs") {
    // The tree has a MISSING NEWLINE or DEDENT, which cursors never show.
    struct Case {
        std::string text;
        size_t at;
        std::string message;
    };
    const std::string two_statements =
        "fn f(q: [b n D], k: [b m D]) -> [b n m]:\n    y = q\n    a     einsum(q, k: b n D, b m D -> b n m)\n"
        "        |> g\n    return y\n";
    const std::string two_fields = "model M:\n    w: [n] = ones |> f(x)  v: [n] = ones\n";
    const std::string two_assignments = "fn f(x: [n]) -> [n]:\n    y = x  z = y  w = z\n    return w\n";
    const std::string vertical_tab = "dim D = 4\v\n";
    const std::string block_end = "fn f(x: [n]) -> [n]:\n    return x\n    \v\n";
    const std::string field_block_end = "model M:\n    w: [D] = ones\n  \v\n";
    const std::string eol = "expected the end of the line here", eob = "expected the end of the block here";
    for (const Case& c :
         {Case{two_statements, two_statements.find("a     e") + 1, eol}, Case{two_fields, two_fields.find("  v:"), eol},
          // One per line: the second is reported once the first is fixed.
          Case{two_assignments, two_assignments.find("  z ="), eol}, Case{vertical_tab, vertical_tab.find('\v'), eol},
          Case{block_end, block_end.find('\v'), eob}, Case{field_block_end, field_block_end.find('\v'), eob}}) {
        CAPTURE(c.text);
        auto d = check_syntax(c.text);
        REQUIRE(codes_of(d) == Codes{"E0002"});
        CHECK(d[0].range.begin == c.at);
        CHECK(d[0].range.end == c.at);
        CHECK(d[0].message == c.message);
        // The formatter's guard places it by the same function.
        auto refused = ss::format::format_source(c.text);
        REQUIRE(std::holds_alternative<ss::format::FormatRefused>(refused));
        CHECK(std::get<ss::format::FormatRefused>(refused).offset == c.at);
    }
    // A vertical tab on a line of its own, or followed by a comment, is fine.
    CHECK(check_syntax("dim D = 4\n\v\n").empty());
    CHECK(check_syntax("dim D = 4\v  # note\n").empty());
    // No second diagnostic where a visible ERROR or MISSING node already
    // says what is wrong: beneath the node (the block here) ...
    auto beneath = check_syntax("fn f(x: [n]) -> [n]:\n    y = x  z = (y,, y)\n    return z\n");
    CHECK(codes_of(beneath) == Codes{"E0001"});
    // ... or on the same line (a garbled line, where each word may end a
    // field of its own).
    auto garbled = check_syntax("model M:\n    e whose sides are multiples of 16\n");
    CHECK(codes_of(garbled) == Codes{"E0001"});
    // At most 50 in a file, like the other parse errors.
    std::string many;
    for (int i = 0; i < 80; ++i)
        many += "fn f" + std::to_string(i) + "(x: [n]) -> [n]:\n    y = x  z = y\n    return z\n";
    auto capped = codes_of(check_syntax(many));
    CHECK(std::count(capped.begin(), capped.end(), "E0002") == 50);
}

TEST_CASE("E0001 points at the unexpected token, not at what parsed before it") {
    std::string text = "fn f(x: [n]) -> [n]:\n    w = x)\n    return w\n";
    auto d = check_syntax(text);
    REQUIRE(codes_of(d) == Codes{"E0001"});
    CHECK(d[0].range.begin == text.find(")\n"));
    CHECK(d[0].message.find("`)`") != std::string::npos);
    // A trailing comment doesn't hide the dangling operator.
    auto dangling = check_syntax("fn f(x: [n D]) -> [n D]:\n    y = x +  # note\n    return y\n");
    REQUIRE(codes_of(dangling) == Codes{"E0001"});
    CHECK(dangling[0].message.find("after `+`") != std::string::npos);
}

TEST_CASE("E0003: invalid UTF-8, once per line, without a cascade of parse errors") {
    auto d = check_syntax("dim D = 7\xff\xfe\n");
    REQUIRE(codes_of(d) == Codes{"E0003"});
    CHECK(d[0].range.begin == 9);
    CHECK(d[0].message.find("0xFF") != std::string::npos);
    CHECK(check_syntax("# caf\xc3\xa9 \xe2\x9c\x93 is fine\ndim D = 1\n").empty());
}

TEST_CASE("E0004: a NUL byte") {
    auto d = check_syntax(std::string("dim D = 1\n\0\n", 12));
    REQUIRE(codes_of(d) == Codes{"E0004"});
    CHECK(d[0].range.begin == 10);
}

TEST_CASE("E0010: a lone CR line end, once; CRLF is fine") {
    auto d = check_syntax("# old Mac\rdim D = 1\rdim E = 2\r");
    REQUIRE(codes_of(d) == Codes{"E0010"});
    CHECK(d[0].range.begin == 9);
    CHECK(check_syntax("# Windows\r\ndim D = 1\r\n").empty());
    CHECK(codes_of(check_syntax("dim D = 1\n# ends in CR\r")) == Codes{"E0010"});
}

TEST_CASE("E0011: a name Python can't read, once per name, at its first bad character") {
    std::string text = "dim D\u200Dx = 4\nfn f(a\u200D\u200Db: [n]) -> [n]:\n    return a\u200D\u200Db\n";
    auto d = check_syntax(text);
    REQUIRE(codes_of(d) == Codes{"E0011", "E0011", "E0011"});
    CHECK(d[0].range.begin == text.find("\u200D"));
    CHECK(d[0].message == "`D\u200Dx` can't be a name in Python: U+200D isn't allowed in a name");
    // Python's names, NFKC-normalised or not, and the character in a string or comment.
    CHECK(check_syntax("dim \U0001D403 = 1\ndim \uFB03 = 2\nfn f(\u03B1: [n]) -> [n]:\n    s = \"\u200D\"  # \u200D\n"
                       "    return \u03B1\n")
              .empty());
}

TEST_CASE("E0005: a statement indented differently from its block") {
    std::string text = "fn f(x: [n]):\n    if x:\n        y = 1\n      z = 2\n    return y\n";
    auto d = check_syntax(text);
    REQUIRE(codes_of(d) == Codes{"E0005"});
    // Dedented between the blocks at 5 and 9: kept in the inner one.
    CHECK(d[0].message == "this line is indented to column 7, but its block's lines start at column 9");
    CHECK(d[0].range.begin == text.find("      z"));
    // Dedented to between the top level and a block.
    auto d2 = check_syntax("fn f(x: [n]):\n    if x:\n        y = 1\n  return y\n");
    REQUIRE(codes_of(d2) == Codes{"E0005"});
    CHECK(d2[0].message.find("column 3") != std::string::npos);
    // Continuation lines and bracketed lines are not statements.
    CHECK(check_syntax("fn f(x: [n]) -> [n]:\n    y = g(x,\n  x)\n        |> h\n    return y\n").empty());
}

TEST_CASE("E0006: a tab in indentation") {
    auto d = check_syntax("fn f(x: [n]) -> [n]:\n\treturn x\n");
    REQUIRE(codes_of(d) == Codes{"E0006"});
    CHECK(d[0].range.begin == 21);
    CHECK(check_syntax("dim D = 1\t# a tab after code is fine\n").empty());
    // Lines whose indentation doesn't matter: blank, comment-only.
    CHECK(check_syntax("fn f(x: [n]) -> [n]:\n\t\n\t# note\n    return x\n").empty());
    // One per line, at the first tab.
    auto d2 = check_syntax("fn f(x: [n]) -> [n]:\n  \t\treturn x\n");
    REQUIRE(codes_of(d2) == Codes{"E0006"});
    CHECK(d2[0].range.begin == 23);
}

TEST_CASE("E0007: nesting too deep is reported, not a crash") {
    // On many short lines (one long line would be E0008 instead).
    std::string deep = "dim D = ";
    for (int i = 0; i < 50000; ++i) deep += "(\n";
    deep += "1";
    for (int i = 0; i < 50000; ++i) deep += ")\n";
    deep += "\n";
    auto d = check_syntax(deep);
    REQUIRE(codes_of(d) == Codes{"E0007"});
}

TEST_CASE("empty and whitespace-only files are clean") {
    CHECK(check_syntax("").empty());
    CHECK(check_syntax("\n\n   \n# only a comment\n").empty());
}

TEST_CASE("one broken function gives one error, its neighbours none") {
    std::string text =
        "fn good1(x: [n D]) -> [n D]:\n    return x\n\n"
        "fn bad(x: [n D]) -> [n D]:\n    return x +* 2\n\n"
        "fn good2(x: [n D]) -> [n D]:\n    return x\n";
    auto d = check_syntax(text);
    REQUIRE(d.size() == 1);
    CHECK(d[0].range.begin > text.find("fn bad"));
    CHECK(d[0].range.begin < text.find("fn good2"));
}

TEST_CASE("binary junk gives a bounded number of diagnostics") {
    std::string junk;
    for (int i = 0; i < 200000; ++i) junk.push_back(static_cast<char>((i * 7919) % 256));
    auto d = check_syntax(junk);
    CHECK(!d.empty());
    CHECK(d.size() <= 200);
}

TEST_CASE("E0008: an overlong line of code is skipped and reported; long comments are fine") {
    std::string garbage;
    while (garbage.size() < 200000) garbage += ")]} ->|> ,:;= 3*";
    std::string text = "dim A = 1\n" + garbage + "\ndim B = 2\n";
    auto d = check_syntax(text);
    REQUIRE(codes_of(d) == Codes{"E0008"});
    CHECK(d[0].range.begin == 10);
    CHECK(d[0].message.find(std::to_string(garbage.size())) != std::string::npos);
    CHECK(check_syntax("# " + std::string(200000, 'x') + "\ndim A = 1\n").empty());
    // Indented under a function, too (the function is then left without a
    // body, which may add a parse error after it).
    auto in_fn = codes_of(check_syntax("fn f(x: [n]) -> [n]:\n    return x +" + garbage + "\n"));
    CHECK(std::count(in_fn.begin(), in_fn.end(), "E0008") == 1);
}

TEST_CASE("E0009: an unclosed bracket is named, its item's parse errors dropped, the next item parsed") {
    std::string text =
        "fn f(x: [n]) -> [n]:\n    y = [1, 2\n    return y\n\n"
        "fn g(x: [n]) -> [n]:\n    return x\n";
    auto d = check_syntax(text);
    REQUIRE(codes_of(d) == Codes{"E0009"});
    CHECK(d[0].range.begin == text.find("[1"));
    CHECK(d[0].message == "`[` is never closed: expected `]` before the end of this item");
    // Closing the outer bracket leaves the inner one open; where the parser
    // placed the missing closer itself, its E0002 says it better.
    auto inner = check_syntax("fn f(x: [n]) -> [n]:\n    return g(x, [1, 2)\n");
    REQUIRE(codes_of(inner) == Codes{"E0002"});
    CHECK(inner[0].message == "expected `]` here");
    auto two = codes_of(check_syntax("fn f(x: [n]) -> [n]:\n    return f(x, (g(x)\n"));
    CHECK(std::count(two.begin(), two.end(), "E0009") == 2);
    // Brackets in strings and comments don't count.
    CHECK(check_syntax("fn f(x: [n]) -> [n]:\n    print(\"(\")  # [\n    return x\n").empty());
}
