// The editor features against the answers written in tests/ide/**/*.ss
// (marker fixtures, tests/README.md), and the marker runner's own tests: it
// fails on a wrong answer, a malformed marker and an unknown name.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "ide_markers.hpp"
#include "syntax_test_util.hpp"

namespace {

using ss::test::markers::Failure;
using ss::test::markers::run_fixture;

std::string messages(const std::vector<Failure>& failures) {
    std::string out;
    for (const Failure& f : failures) out += std::to_string(f.line) + ": " + f.message + "\n";
    return out;
}

}  // namespace

TEST_CASE("ide: every marker of the fixtures in tests/ide") {
    std::vector<std::string> files = ss::test::ss_files_under("tests/ide");
    REQUIRE(files.size() >= 5);
    for (const std::string& file : files) {
        std::string content = ss::test::read_source_file(file);
        size_t markers = 0;
        for (const auto& d : ss::test::markers::parse_fixture(content).documents) markers += d.markers.size();
        CHECK_MESSAGE(markers > 0, file << " has no markers");
        for (const Failure& f : run_fixture(content)) ADD_FAIL_CHECK_AT(file.c_str(), f.line, f.message);
    }
}

// ------------------------------------------------------------ the runner itself

TEST_CASE("ide markers: positions, labels and documents") {
    auto fixture = ss::test::markers::parse_fixture(
        "dim D = 4\n"
        "#   ^@d\n"
        "fn f(x: $\n"
        "#       ^ items+ D\n"
        "#--- a second document\n"
        "dim E = 2\n"
        "#    ^ hover \"dim E\"\n");
    REQUIRE(fixture.errors.empty());
    REQUIRE(fixture.documents.size() == 2);
    const auto& first = fixture.documents[0];
    CHECK(first.text == "dim D = 4\nfn f(x: \n");  // marker lines and `$` gone
    CHECK(first.file_line == std::vector<int>{1, 3});
    CHECK(first.labels.at("d") == 4);
    REQUIRE(first.markers.size() == 1);    // a bare `^@d` only names its position
    CHECK(first.markers[0].offset == 18);  // where the `$` was: the end of the line
    CHECK(first.markers[0].line == 4);
    CHECK(first.markers[0].kind == "items+");
    REQUIRE(fixture.documents[1].markers.size() == 1);
    CHECK(fixture.documents[1].markers[0].offset == 5);
    CHECK(fixture.documents[1].markers[0].args.at(0).quoted);
    CHECK(fixture.documents[1].markers[0].args.at(0).value == "dim E");
}

TEST_CASE("ide markers: a wrong answer fails at the marker's line, saying what was expected and found") {
    std::vector<Failure> failures = run_fixture(
        "dim D = 4\n"
        "fn f(x: [n D]) -> [n D]:\n"
        "#    ^@x\n"
        "    y = x\n"
        "#       ^ hover \"x: [n E]\"\n"
        "#       ^ def @nowhere\n"
        "#    ^ inlay \": [n E]\"\n"
        "    return y\n"
        "#          ^ refs 3\n"
        "#          ^ token parameter 1\n"
        "#          ^ frobnicate\n"
        "#                    ^ hover none\n");
    std::string all = messages(failures);
    CAPTURE(all);
    REQUIRE(failures.size() == 8);
    CHECK(failures[0].line == 5);
    CHECK(failures[0].message.find("expected a hover containing \"x: [n E]\", found \"") != std::string::npos);
    CHECK(failures[1].line == 6);
    CHECK(failures[1].message.find("no marker is named @nowhere") != std::string::npos);
    CHECK(failures[2].line == 7);
    CHECK(failures[2].message.find("expected a hint \": [n E]\", found \": [n D]\" here") != std::string::npos);
    CHECK(failures[3].message.find("an unexpected hint \": [n D]\" at line 4 col 6") != std::string::npos);
    CHECK(failures[4].line == 9);
    CHECK(failures[4].message.find("expected 3 ranges, found 2: line 4 col 5 `y` line 8 col 12 `y`") !=
          std::string::npos);
    CHECK(failures[5].message == "^ token parameter 1: expected parameter 1, found variable 1");
    CHECK(failures[6].message.find("unknown kind `frobnicate`") != std::string::npos);
    CHECK(failures[7].line == 12);
    CHECK(failures[7].message.find("the `^` is past the end of the line above") != std::string::npos);
}

TEST_CASE("ide markers: completion, signature help and rename markers fail when the answer differs") {
    std::vector<Failure> failures = run_fixture(
        "dim D = 4\n"
        "fn f(x: [n D], y: [n D]) -> [n D]:\n"
        "    z = softmax(x, $\n"
        "#                   ^ items+ nothing_like_this\n"
        "#                   ^ items- x\n"
        "#                   ^ item x variable\n"
        "#                   ^ item x parameter detail=\"[n E]\"\n"
        "#                   ^ sig active=0\n"
        "#---\n"
        "fn g(x: [n]) -> [n]:\n"
        "    return x\n"
        "#          ^ rename y refused~\"already\"\n"
        "#          ^ rename 2y ok\n");
    std::string all = messages(failures);
    CAPTURE(all);
    REQUIRE(failures.size() == 7);
    CHECK(failures[0].message.find("expected an item nothing_like_this, found ") != std::string::npos);
    CHECK(failures[1].message.find("expected no item x") != std::string::npos);
    CHECK(failures[2].message.find("expected an item x (variable)") != std::string::npos);
    CHECK(failures[3].message.find("expected detail=\"[n E]\", found \"[n D]\"") != std::string::npos);
    CHECK(failures[4].message.find("expected active=\"0\", found \"1\"") != std::string::npos);
    CHECK(failures[5].message.find("expected a refusal \"already\", found no refusal") != std::string::npos);
    CHECK(failures[6].message.find("expected a rename, found a refusal") != std::string::npos);
}
