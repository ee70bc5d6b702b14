// Markdown and snippets made plain for clients that take neither
// (server/lsp/plain_text.hpp): what they read must be what the Markdown
// shows and what the snippet inserts when its placeholders are kept.
#include <doctest/doctest.h>

#include "lsp/plain_text.hpp"

using ss::lsp::markdown_as_plain_text;
using ss::lsp::snippet_as_plain_text;

TEST_CASE("a hover's Markdown as plain text") {
    CHECK(markdown_as_plain_text("```shapescript\nh: [n D]\n```\n\nsizes: `[n 8]`") == "h: [n D]\n\nsizes: [n 8]");
    // Code keeps every character, marks included.
    CHECK(markdown_as_plain_text("```\na ** b `c` [d](e)\n```") == "a ** b `c` [d](e)");
    CHECK(markdown_as_plain_text("~~~~ python\nx = 1\n~~~~\nafter") == "x = 1\nafter");
    // An unclosed fence runs to the end.
    CHECK(markdown_as_plain_text("```\nx\ny") == "x\ny");
}

TEST_CASE("inline Markdown as plain text") {
    CHECK(markdown_as_plain_text("The SiLU, `x * sigmoid(x)`, elementwise.") ==
          "The SiLU, x * sigmoid(x), elementwise.");
    CHECK(markdown_as_plain_text("``a ` b``") == "a ` b");
    CHECK(markdown_as_plain_text("`` `x` ``") == "`x`");
    CHECK(markdown_as_plain_text("an unclosed ` stays") == "an unclosed ` stays");
    CHECK(markdown_as_plain_text("**strong** words") == "strong words");
    CHECK(markdown_as_plain_text("see [errors](https://x/errors.md#e0408)") ==
          "see errors (https://x/errors.md#e0408)");
    CHECK(markdown_as_plain_text("[https://x](https://x)") == "https://x");
    CHECK(markdown_as_plain_text("a [bracket] alone") == "a [bracket] alone");
    CHECK(markdown_as_plain_text(R"(\*not strong\* and a\_b)") == "*not strong* and a_b");
    CHECK(markdown_as_plain_text("## Heading\n#notaheading\n   # three spaces") ==
          "Heading\n#notaheading\nthree spaces");
    CHECK(markdown_as_plain_text("") == "");
    CHECK(markdown_as_plain_text("trailing\n") == "trailing\n");
}

TEST_CASE("a snippet as the text it inserts") {
    CHECK(snippet_as_plain_text("init(seed=${1:0})") == "init(seed=0)");
    // A tab stop mirrors its placeholder, even one written after it.
    CHECK(snippet_as_plain_text("fn ${1:name}(${2:x}: ${3:[n]}) -> ${4:[n]}:\n    ${0:return $2}") ==
          "fn name(x: [n]) -> [n]:\n    return x");
    CHECK(snippet_as_plain_text("$1 = ${1:v}") == "v = v");
    CHECK(snippet_as_plain_text("a$0b ${2} ${3/(.*)/$1/}") == "ab  ");
    CHECK(snippet_as_plain_text("${1:outer ${2:inner}}") == "outer inner");
    CHECK(snippet_as_plain_text("${1|one,two\\,three|} $1") == "one one");
    CHECK(snippet_as_plain_text("$TM_FILENAME ${TM_LINE:default}") == " default");
    CHECK(snippet_as_plain_text(R"(\$1 costs \} and \\)") == R"($1 costs } and \)");
    CHECK(snippet_as_plain_text("$ {x} $") == "$ {x} $");
    // Unfinished input ends without reading past it.
    CHECK(snippet_as_plain_text("${1:open") == "open");
    CHECK(snippet_as_plain_text("${") == "${");
}
