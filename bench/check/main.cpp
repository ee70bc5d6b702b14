// bench/check: the whole front end (parse, syntax diagnostics, check) on
// generated programs of 1k, 10k and 50k lines, each stage timed, and an
// edit inside one function body followed by the document's re-analysis
// (check/document.hpp: only what the edit touched is redone), side by side
// in one run.
//
//   build/bin/bench_check            # 1k, 10k, 50k lines
//   build/bin/bench_check 2000       # other sizes
//   build/bin/bench_check --profile recheck 10000   # one stage (full, recheck, lower, check), looped, for perf
//   build/bin/bench_check --stop 10000   # how soon a stopped full check returns, bodies on two threads or one
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
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
// fall on it: `full` (a fresh DocumentAnalysis), `recheck` (an edit inside
// one body, then the document analysed again), `lower` (the parsed tree
// lowered to the AST) or `check` (the lowered AST checked, on one thread).
void profile(const std::string& stage, int lines) {
    std::string text = ss::bench::generate_program(lines);
    ss::syntax::SyntaxTree tree(text);
    auto file = ss::syntax::lower(tree);
    ss::check::DocumentAnalysis document(text);
    document.analyze();
    auto at = static_cast<uint32_t>(text.find("    return x + y @ m.w_o", text.size() / 2) + 11);
    auto start = Clock::now();
    int rounds = 0;
    while (ms_since(start) < 5000) {
        if (stage == "full") {
            ss::check::DocumentAnalysis fresh(text);
            fresh.analyze();
        } else if (stage == "lower") {
            ss::syntax::lower(tree);
        } else if (stage == "check") {
            ss::check::check_file(file, tree.text());
        } else {
            document.apply_edit({at, at, rounds % 2 ? "" : " "});
            if (rounds % 2) document.apply_edit({at, at + 1, ""});
            document.analyze();
        }
        ++rounds;
    }
    std::printf("bench_check --profile %s: %d rounds, %.3f ms each\n", stage.c_str(), rounds, ms_since(start) / rounds);
}

// How long a full check (a file opened, an item's header edited) takes to
// return once told to stop, as the language server stops it when a newer
// edit comes: the stop is given at delays spread over the check, with the
// bodies on two threads (the default, body_helper.cpp) and on one. A stop
// is asked between bodies; the environment before them is not stoppable,
// and with two threads the run waits for the helper's own environment too.
double stopped_after(const std::string& text, double delay_ms, bool helper) {
    ss::check::DocumentAnalysis document(text);
    if (!helper) document.set_body_helper_threshold(SIZE_MAX);
    std::atomic<bool> stop{false};
    std::atomic<int64_t> stopped_at{0};
    auto start = Clock::now();
    std::thread stopper([&] {
        std::this_thread::sleep_until(start + std::chrono::microseconds(static_cast<int64_t>(delay_ms * 1000)));
        stopped_at = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
        stop = true;
    });
    const auto* result = document.analyze([&] { return stop.load(); });
    auto returned = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
    stopper.join();
    if (result) return -1;  // it completed before the stop
    return static_cast<double>(returned - stopped_at.load()) / 1e6;
}

void stop_latency(int lines) {
    std::string text = ss::bench::generate_program(lines);
    ss::check::DocumentAnalysis timed(text);
    auto start = Clock::now();
    timed.analyze();
    double full = ms_since(start);
    std::printf(
        "bench/check --stop: %d lines (a full check %.1f ms); ms from the stop to the return, "
        "median and worst of 5 at each delay (-: the check had completed)\n",
        lines, full);
    std::printf("%10s | %21s | %21s\n", "stop after", "bodies on two threads", "on one");
    for (double fraction : {0.02, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8}) {
        double delay = full * fraction;
        std::vector<double> two, one;
        for (int r = 0; r < 5; ++r) {
            two.push_back(stopped_after(text, delay, true));
            one.push_back(stopped_after(text, delay, false));
        }
        auto cell = [](std::vector<double> v) {
            char out[64];
            if (std::any_of(v.begin(), v.end(), [](double x) { return x < 0; })) return std::string("-");
            std::snprintf(out, sizeof out, "%7.2f %7.2f", median(v), *std::max_element(v.begin(), v.end()));
            return std::string(out);
        };
        std::printf("%7.1f ms | %21s | %21s\n", delay, cell(two).c_str(), cell(one).c_str());
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc >= 2 && std::string(argv[1]) == "--stop") {
        std::vector<int> sizes = ss::bench::sizes_from(argc - 1, argv + 1, "bench_check");
        for (int lines : sizes) stop_latency(lines);
        return 0;
    }
    if (argc >= 3 && std::string(argv[1]) == "--profile") {
        std::string stage = argv[2];
        if (stage != "full" && stage != "recheck" && stage != "lower" && stage != "check") {
            std::fprintf(stderr, "bench_check: --profile takes `full`, `recheck`, `lower` or `check`, found `%s`\n",
                         argv[2]);
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
