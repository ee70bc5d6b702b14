// The one reader of the commands' words (server/cli/arguments.hpp).
#include <doctest/doctest.h>

#include <string>
#include <variant>
#include <vector>

#include "cli/arguments.hpp"

using ss::cli::Arguments;
using ss::cli::OptionSpec;

namespace {

const OptionSpec kSpecs[] = {
    {{"-o", "--output"}, "a file name"},
    {{"--fast"}, ""},
    {{"--base"}, "a URL", true},
};

std::variant<Arguments, std::string> read(std::vector<std::string> words, ss::cli::ReadOptions how = {}) {
    return ss::cli::read_arguments(words, kSpecs, how);
}

std::string error_of(std::vector<std::string> words) {
    auto r = read(std::move(words));
    REQUIRE(std::holds_alternative<std::string>(r));
    return std::get<std::string>(r);
}

}  // namespace

TEST_CASE("options, values and files in any order") {
    auto r = read({"a.ss", "-o", "x.py", "--fast", "--output=y.py", "-", "b.ss"});
    REQUIRE(std::holds_alternative<Arguments>(r));
    const Arguments& a = std::get<Arguments>(r);
    CHECK(a.positionals == std::vector<std::string>{"a.ss", "-", "b.ss"});
    CHECK(a.value("--output") == "y.py");  // by its last name, the last value given
    CHECK(a.has("--fast"));
    CHECK(!a.has("--base"));
    CHECK(!a.help);
    CHECK(std::get<Arguments>(read({"x", "--help"})).help);
    CHECK(std::get<Arguments>(read({"-h"})).help);
}

TEST_CASE("`--` ends the options") {
    const Arguments a = std::get<Arguments>(read({"--", "--fast", "-o"}));
    CHECK(a.positionals == std::vector<std::string>{"--fast", "-o"});
    CHECK(a.options.empty());
}

TEST_CASE("what is wrong is said in one sentence") {
    CHECK(error_of({"--slow"}) == "unknown option `--slow`");
    CHECK(error_of({"--outptu", "x"}) == "unknown option `--outptu`; did you mean `--output`?");
    CHECK(error_of({"--bsae=u"}) == "unknown option `--bsae=u`; did you mean `--base`?");
    CHECK(error_of({"-o"}) == "`-o` needs a file name, found none");
    CHECK(error_of({"-o", ""}) == "`-o` needs a file name, found an empty one");
    CHECK(error_of({"--output="}) == "`--output` needs a file name, found an empty one");
    CHECK(error_of({"--fast=yes"}) == "`--fast` takes no value, found `--fast=yes`");
    // An empty value where the option allows one.
    CHECK(std::get<Arguments>(read({"--base", ""})).value("--base") == "");
}

TEST_CASE("unknown options can be handed on, `--` too") {
    auto r = read({"a.ss", "--fn", "main", "-o", "x", "--", "--fast"}, {.unknown_as_positional = true});
    const Arguments& a = std::get<Arguments>(r);
    CHECK(a.positionals == std::vector<std::string>{"a.ss", "--fn", "main", "--", "--fast"});
    CHECK(a.value("--output") == "x");
}
