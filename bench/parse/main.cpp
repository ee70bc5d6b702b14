// bench/parse: on generated files of 1k, 10k and 50k lines, side by side in
// one run: the whole file as one tree-sitter tree on one thread (the
// baseline), SyntaxTree's chunked parse (two threads on large files),
// lowering to the AST, and a one-character incremental reparse. Prints
// medians, throughput and ratios.
//
//   build/bin/bench_parse            # 1k, 10k, 50k lines
//   build/bin/bench_parse 2000       # other sizes
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "../common.hpp"
#include "generate.hpp"
#include "syntax/lower.hpp"
#include "syntax/syntax_tree.hpp"

namespace {

using ss::bench::Clock;
using ss::bench::median;
using ss::bench::ms_since;

void run(int lines) {
    std::string text = ss::bench::generate_program(lines);
    int repeats = lines >= 50000 ? 5 : 15;

    // The baseline: the whole file as one tree, on one thread, as a plain
    // tree-sitter client would parse it.
    std::vector<double> single;
    TSParser* parser = ts_parser_new();
    ts_parser_set_language(parser, tree_sitter_shapescript());
    for (int r = 0; r < repeats; ++r) {
        auto start = Clock::now();
        TSTree* whole = ts_parser_parse_string(parser, nullptr, text.data(), static_cast<uint32_t>(text.size()));
        single.push_back(ms_since(start));
        ts_tree_delete(whole);
    }
    ts_parser_delete(parser);

    std::vector<double> parse, lower;
    for (int r = 0; r < repeats; ++r) {
        auto start = Clock::now();
        ss::syntax::SyntaxTree tree(text);
        parse.push_back(ms_since(start));
        start = Clock::now();
        auto file = ss::syntax::lower(tree);
        lower.push_back(ms_since(start));
        if (file.items.empty() || tree.has_error()) {
            std::fprintf(stderr, "bench_parse: the generated program does not parse cleanly\n");
            std::exit(1);
        }
    }

    // Insert then delete one character inside a name in the middle of the
    // file, as typing does; each edit is one incremental reparse.
    ss::syntax::SyntaxTree tree(text);
    auto middle = static_cast<uint32_t>(text.find("    att = einsum", text.size() / 2) + 4);
    std::vector<double> incremental;
    for (int r = 0; r < 100; ++r) {
        auto start = Clock::now();
        tree.apply_edit({middle + 1, middle + 1, "x"});
        incremental.push_back(ms_since(start));
        start = Clock::now();
        tree.apply_edit({middle + 1, middle + 2, ""});
        incremental.push_back(ms_since(start));
    }
    if (tree.text() != text) {
        std::fprintf(stderr, "bench_parse: edits did not restore the text\n");
        std::exit(1);
    }

    double one = median(single), full = median(parse), low = median(lower), inc = median(incremental);
    auto sorted = incremental;
    std::sort(sorted.begin(), sorted.end());
    std::printf(
        "%6d lines %8zu bytes | one tree %8.2f ms | chunked parse %8.2f ms %6.0f bytes/ms (x%.2f vs one tree)"
        " | lower %7.2f ms | incremental %6.3f ms (p90 %6.3f, x%.5f of full)\n",
        lines, text.size(), one, full, text.size() / full, one / full, low, inc, sorted[sorted.size() * 9 / 10],
        inc / full);
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<int> sizes = ss::bench::sizes_from(argc, argv, "bench_parse");
    std::printf("bench/parse: medians; targets: full parse of 10k lines < 20 ms, incremental < 1 ms\n");
    for (int lines : sizes) run(lines);
    return 0;
}
