// The CLI's logic, without the parser: run_check with an injected checker.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/check_args.hpp"
#include "cli/check_command.hpp"
#include "cli/exit_codes.hpp"
#include "cli/shapescript_cli.hpp"
#include "diag/catalogue.hpp"

namespace fs = std::filesystem;
using namespace ss::cli;

namespace {

// A scratch folder removed at the end of the test.
struct TempDir {
    fs::path path;
    TempDir() {
        path = fs::temp_directory_path() /
               ("ss_unit_" + std::to_string(reinterpret_cast<uintptr_t>(this)) + "_" + std::to_string(std::rand()));
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    std::string write(const std::string& name, const std::string& bytes) const {
        std::ofstream(path / name, std::ios::binary) << bytes;
        return (path / name).string();
    }
};

// Reports E0001 at every '!' and a hint at every '?'.
std::vector<ss::Diagnostic> bang_checker(std::string_view source, const ss::check::ImportResolver&) {
    std::vector<ss::Diagnostic> out;
    for (uint32_t i = 0; i < source.size(); ++i) {
        if (source[i] == '!') out.push_back(ss::make_diagnostic("E0001", {i, i + 1}, {"`!`", ""}));
        if (source[i] == '?') {
            auto d = ss::make_diagnostic("E0002", {i, i + 1}, {"`?`"});
            d.severity = ss::Severity::Hint;
            out.push_back(d);
        }
    }
    return out;
}

struct Run {
    int status;
    std::string out;
    std::string err;
};

Run check(std::vector<std::string> args) {
    std::ostringstream out, err;
    CheckArgs parsed = parse_check_args(args);
    REQUIRE(std::holds_alternative<CheckOptions>(parsed));
    int status = run_check(std::get<CheckOptions>(parsed), out, err, bang_checker);
    return {status, out.str(), err.str()};
}

}  // namespace

TEST_CASE("argument parsing") {
    using V = std::vector<std::string>;
    auto opts = [](V v) { return std::get<CheckOptions>(parse_check_args(v)); };
    CHECK(opts(V{"a.ss"}).format == OutputFormat::Human);
    CHECK(opts(V{"--format", "json", "a.ss"}).format == OutputFormat::Json);
    CHECK(opts(V{"a.ss", "--format=json"}).format == OutputFormat::Json);
    CHECK(opts(V{"--", "--format"}).files == V{"--format"});
    CHECK(opts(V{"-"}).files == V{"-"});
    CHECK(opts(V{"--max-diagnostics", "0", "a"}).max_diagnostics == 0);
    CHECK(std::holds_alternative<UsageError>(parse_check_args(V{})));
    CHECK(std::holds_alternative<UsageError>(parse_check_args(V{"--format", "xml", "a"})));
    CHECK(std::holds_alternative<UsageError>(parse_check_args(V{"--format"})));
    CHECK(std::holds_alternative<UsageError>(parse_check_args(V{"--bogus", "a"})));
    CHECK(std::holds_alternative<UsageError>(parse_check_args(V{"--max-diagnostics=x", "a"})));
    CHECK(std::holds_alternative<HelpRequested>(parse_check_args(V{"--help"})));
}

TEST_CASE("exit statuses: 0 clean or hints only, 1 errors, 2 unreadable") {
    TempDir dir;
    const auto clean = dir.write("clean.ss", "dim D = 8\n");
    const auto hinted = dir.write("hint.ss", "dim D = 8 ?\n");
    const auto bad = dir.write("bad.ss", "dim D = 8 !\n");
    CHECK(check({clean}).status == kExitOk);
    CHECK(check({hinted}).status == kExitOk);
    CHECK(check({bad}).status == kExitErrors);
    CHECK(check({clean, bad}).status == kExitErrors);

    const Run missing = check({(dir.path / "nope.ss").string(), bad});
    CHECK(missing.status == kExitUsage);
    CHECK(missing.err.find("nope.ss: no such file") != std::string::npos);
    CHECK(missing.out.find("bad.ss:1:11: error[E0001]") != std::string::npos);  // still checked

    const Run directory = check({dir.path.string()});
    CHECK(directory.status == kExitUsage);
    CHECK(directory.err.find("is a directory, expected a .ss file") != std::string::npos);
}

TEST_CASE("human summary and empty files") {
    TempDir dir;
    const auto a = dir.write("a.ss", "!\n!\n");
    const auto b = dir.write("b.ss", "ok\n");
    const auto empty = dir.write("empty.ss", "");
    const Run r = check({a, b});
    CHECK(r.err.find("2 errors in 1 file (2 files checked)\n") != std::string::npos);
    const Run e = check({empty});
    CHECK(e.status == kExitOk);
    CHECK(e.out.empty());
    CHECK(e.err.find("empty.ss: file is empty") != std::string::npos);
    const Run ej = check({"--format", "json", empty});
    CHECK(ej.out == "[]\n");
}

TEST_CASE("JSON: one array over all files") {
    TempDir dir;
    const auto a = dir.write("a.ss", "!\n");
    const auto b = dir.write("b.ss", "x\n  !\n");
    const Run r = check({"--format", "json", a, b});
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE(j.is_array());
    REQUIRE(j.size() == 2);
    CHECK(j[1]["file"] == b);
    CHECK(j[1]["line"] == 2);
    CHECK(j[1]["column"] == 3);
    CHECK(j[1]["end_column"] == 4);
}

TEST_CASE("diagnostics past --max-diagnostics are counted, not shown") {
    TempDir dir;
    const auto a = dir.write("a.ss", std::string(500, '!'));
    const Run r = check({"--format", "json", a});
    CHECK(nlohmann::json::parse(r.out).size() == 100);
    CHECK(r.err.find("400 more diagnostics not shown") != std::string::npos);
    CHECK(r.status == kExitErrors);
}

TEST_CASE("top-level commands") {
    auto run = [](std::vector<std::string> args) {
        std::ostringstream out, err;
        int status = shapescript_cli(args, out, err);
        return Run{status, out.str(), err.str()};
    };
    CHECK(run({"--version"}).out.find("shapescript ") == 0);
    CHECK(run({"--help"}).status == kExitOk);
    CHECK(run({}).status == kExitUsage);
    const Run missing = run({"export", "no-such-file.ss"});  // unreadable: a usage error
    CHECK(missing.status == kExitUsage);
    CHECK(run({"export"}).status == kExitUsage);
    CHECK(run({"export", "--help"}).out.find("usage: shapescript export") == 0);
    // build and run without a file are usage errors (`run` with a file
    // replaces the process by Python: tests/codegen runs it).
    CHECK(run({"build"}).status == kExitUsage);
    CHECK(run({"run"}).status == kExitUsage);
    CHECK(run({"build", "--help"}).out.find("usage: shapescript build") == 0);
    CHECK(run({"run", "--help"}).out.find("usage: shapescript run") == 0);
    CHECK(run({"frobnicate"}).status == kExitUsage);
}
