// Marker tests of the editor features: `.ss` fixtures (tests/ide/) carry,
// in comment lines, the answers server/ide/ must give at marked positions
// (hover, definition, references, rename, completion, signature help,
// inlay hints, semantic tokens). tests/README.md describes the format;
// test_ide_markers.cpp runs every fixture.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace ss::test::markers {

// One word of a marker after its kind: a bare word (`@name`, `none`, a
// completion label), a quoted string (`"x: [b n D]"`, quoted = true) or an
// attribute `key=value`, `key~"value"`, `key^"value"` (op is `=`, `~`, `^`).
struct Arg {
    std::string key;  // empty unless an attribute
    char op = 0;
    std::string value;
    bool quoted = false;
};

struct Marker {
    int line = 0;         // 1-based line of the marker in the fixture file
    uint32_t offset = 0;  // the position it names, a byte offset into the document's text
    std::string kind;     // `hover`, `def`, ...; empty for a marker that only names its position
    std::vector<Arg> args;
    std::string written;  // the marker as written from its `^` (or `<`), for messages
};

// One document of a fixture: the file's lines, without marker lines and
// `$` signs, up to a `#---` line or the end.
struct Document {
    std::string text;
    std::vector<int> file_line;              // the 1-based file line of each line of `text`
    std::map<std::string, uint32_t> labels;  // `^@name` -> offset
    std::vector<Marker> markers;
};

struct Failure {
    int line = 0;  // 1-based line of the fixture file
    std::string message;
};

struct Fixture {
    std::vector<Document> documents;
    std::vector<Failure> errors;  // malformed markers
};

Fixture parse_fixture(std::string_view content);

// Runs the features at every marker of `document` and returns each answer
// that differs from its marker (empty when all agree).
std::vector<Failure> run_document(const Document& document);

// Both: the malformed markers and the failed ones, in line order.
std::vector<Failure> run_fixture(std::string_view content);

}  // namespace ss::test::markers
