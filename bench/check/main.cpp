// bench/check: the whole front end (parse, syntax diagnostics, check) on
// generated programs of 1k, 10k and 50k lines, each stage timed, and an
// edit inside one function body followed by the document's re-analysis
// (check/document.hpp: only what the edit touched is redone), side by side
// in one run.
//
//   build/bin/bench_check            # 1k, 10k, 50k lines
//   build/bin/bench_check 2000       # other sizes
//   build/bin/bench_check --profile recheck 10000   # one stage, looped, for perf
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "../common.hpp"
#include "../parse/generate.hpp"
#include "check/checker.hpp"
#include "check/document.hpp"
#include "syntax/lower.hpp"
#include "syntax/syntax_check.hpp"
#include "syntax/syntax_tree.hpp"

namespace {

using ss::bench::Clock;
using ss::bench::median;
using ss::bench::ms_since;

struct Timing {
    double parse = 0, lower = 0, syntax = 0, check = 0;
    size_t diagnostics = 0;
};

Timing analyze(ss::syntax::SyntaxTree& tree) {
    Timing t;
    auto start = Clock::now();
    auto file = ss::syntax::lower(tree);
    t.lower = ms_since(start);
    start = Clock::now();
    auto syntax = ss::syntax::syntax_diagnostics(tree, file);
    t.syntax = ms_since(start);
    start = Clock::now();
    auto checked = ss::check::check_file(file, tree.text());
    t.check = ms_since(start);
    t.diagnostics = syntax.size() + checked.diagnostics.size();
    return t;
}

void run(int lines) {
    std::string text = ss::bench::generate_program(lines);
    int repeats = lines >= 50000 ? 3 : 9;
    std::vector<double> parse, lower, syntax, check, total;
    size_t diagnostics = 0;
    for (int r = 0; r < repeats; ++r) {
        auto start = Clock::now();
        ss::syntax::SyntaxTree tree(text);
        parse.push_back(ms_since(start));
        Timing t = analyze(tree);
        lower.push_back(t.lower);
        syntax.push_back(t.syntax);
        check.push_back(t.check);
        total.push_back(ms_since(start));
        diagnostics = t.diagnostics;
    }
    // The same through DocumentAnalysis, as `shapescript check` runs it.
    std::vector<double> document_total;
    for (int r = 0; r < repeats; ++r) {
        auto start = Clock::now();
        ss::check::DocumentAnalysis fresh(text);
        fresh.analyze();
        document_total.push_back(ms_since(start));
    }
    // One edit inside a function body, then the document analysed again:
    // the edited chunk is parsed, lowered and checked; the rest is reused.
    ss::check::DocumentAnalysis document(text);
    document.analyze();
    auto at = static_cast<uint32_t>(text.find("    return x + y @ m.w_o", text.size() / 2) + 11);
    std::vector<double> recheck;
    for (int r = 0; r < repeats * 3; ++r) {
        auto start = Clock::now();
        document.apply_edit({at, at, r % 2 ? "" : " "});
        if (r % 2) document.apply_edit({at, at + 1, ""});
        const auto& result = document.analyze();
        recheck.push_back(ms_since(start));
        if (!result.diagnostics.empty()) {
            std::fprintf(stderr, "bench_check: the edited program should check clean\n");
            std::exit(1);
        }
        document.tidy();  // as the language server does, once the diagnostics are out
    }
    std::printf(
        "%6d lines | stages %8.2f ms = parse %7.2f + lower %6.2f + syntax %6.2f + check %7.2f"
        " | as check runs it %8.2f ms | edit + re-check %7.2f ms | %zu diagnostics\n",
        lines, median(total), median(parse), median(lower), median(syntax), median(check), median(document_total),
        median(recheck), diagnostics);
    if (diagnostics != 0) {
        std::fprintf(stderr, "bench_check: the generated program should check clean\n");
        std::exit(1);
    }
}

// One stage alone, looped for a few seconds, so that a profiler's samples
// fall on it: `full` (a fresh DocumentAnalysis) or `recheck` (an edit
// inside one body, then the document analysed again).
void profile(const std::string& stage, int lines) {
    std::string text = ss::bench::generate_program(lines);
    ss::check::DocumentAnalysis document(text);
    document.analyze();
    auto at = static_cast<uint32_t>(text.find("    return x + y @ m.w_o", text.size() / 2) + 11);
    auto start = Clock::now();
    int rounds = 0;
    while (ms_since(start) < 5000) {
        if (stage == "full") {
            ss::check::DocumentAnalysis fresh(text);
            fresh.analyze();
        } else {
            document.apply_edit({at, at, rounds % 2 ? "" : " "});
            if (rounds % 2) document.apply_edit({at, at + 1, ""});
            document.analyze();
        }
        ++rounds;
    }
    std::printf("bench_check --profile %s: %d rounds, %.3f ms each\n", stage.c_str(), rounds, ms_since(start) / rounds);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc >= 3 && std::string(argv[1]) == "--profile") {
        std::string stage = argv[2];
        if (stage != "full" && stage != "recheck") {
            std::fprintf(stderr, "bench_check: --profile takes `full` or `recheck`, found `%s`\n", argv[2]);
            return 2;
        }
        std::vector<int> sizes = ss::bench::sizes_from(argc - 2, argv + 2, "bench_check");
        profile(stage, sizes.back());
        return 0;
    }
    std::vector<int> sizes = ss::bench::sizes_from(argc, argv, "bench_check");
    std::printf("bench/check: medians; targets: 10k lines checked < 100 ms, one-function re-check < 5 ms\n");
    for (int lines : sizes) run(lines);
    return 0;
}
