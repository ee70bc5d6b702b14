// bench/modules: a program of 20 files (docs/modules.md): `layers.ss`, 18
// files that import it, and `main.ss` that imports them all. Times its
// first check, then an edit inside a function body of layers.ss (which
// must check layers.ss again and no importer: its summary stands), an edit
// of a signature no importer uses (layers.ss alone again) and one of
// `block`, which every importer calls (all of them again), side by side in
// one run, with how many files each check analysed.
//
//   build/bin/bench_modules          # 18 importers of 40 functions each
//   build/bin/bench_modules 5        # functions per importer
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "../common.hpp"
#include "check/document.hpp"
#include "check/modules.hpp"

namespace {

using ss::bench::Clock;
using ss::bench::median;
using ss::bench::ms_since;

constexpr int kImporters = 18;

// `variant` changes a body; `wide` the signature of `scale`, which no
// importer uses; `extra` adds a parameter with a default to `block`.
std::string layers(int variant, bool wide, bool extra = false) {
    return "dim D = 64\ndim F = 4 * D\n\nmodel Block:\n    up: [F D] = normal(0.02)\n    down: [D F] = normal(0.02)\n\n"
           "fn block(m: Block, x: [b n D]" +
           std::string(extra ? ", k: float = 1.0" : "") +
           ") -> [b n D]:\n    h = x |> linear(m.up) |> gelu\n    return x + linear(h, m.down) * " +
           std::to_string(variant) + ".0\n\nfn scale(x: [b n D]) -> [b n " + (wide ? "F" : "D") + "]:\n" +
           (wide ? "    return x |> repeat(b n D -> b n (4 D))\n" : "    return x * 2.0\n");
}

std::string importer(int index, int functions) {
    std::string out = "import layers\n\nmodel Net" + std::to_string(index) + ":\n    blk: layers.Block\n\n";
    for (int f = 0; f < functions; ++f)
        out += "fn f" + std::to_string(f) + "(m: Net" + std::to_string(index) +
               ", x: [b n layers.D]) -> [b n layers.D]:\n    y = layers.block(m.blk, x)\n    return y + x\n\n";
    return out;
}

std::string main_file() {
    std::string out;
    for (int i = 0; i < kImporters; ++i) out += "import m" + std::to_string(i) + "\n";
    out += "import layers\n\n";
    for (int i = 0; i < kImporters; ++i)
        out += "fn g" + std::to_string(i) + "(m: m" + std::to_string(i) + ".Net" + std::to_string(i) +
               ", x: [b n layers.D]) -> [b n layers.D]:\n    return m" + std::to_string(i) + ".f0(m, x)\n\n";
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    int functions = argc > 1 ? std::atoi(argv[1]) : 40;
    if (functions <= 0) {
        std::fprintf(stderr, "bench_modules: expected a positive number of functions, found `%s`\n", argv[1]);
        return 2;
    }
    std::map<std::string, std::string> files;
    files["/bench/layers.ss"] = layers(1, false);
    for (int i = 0; i < kImporters; ++i) files["/bench/m" + std::to_string(i) + ".ss"] = importer(i, functions);
    auto read = [&](const std::string& path) -> std::optional<std::string> {
        auto it = files.find(path);
        if (it == files.end()) return std::nullopt;
        return it->second;
    };
    std::vector<double> cold, body_edit, signature_edit, used_edit;
    size_t cold_checks = 0, body_checks = 0, signature_checks = 0, used_checks = 0;
    bool body_kept = true;
    for (int round = 0; round < 5; ++round) {
        files["/bench/layers.ss"] = layers(1, false);
        ss::check::ModuleGraph graph(read, {});
        ss::check::DocumentAnalysis root(main_file());
        root.set_resolver(graph.resolver_for("/bench/main.ss"));
        auto start = Clock::now();
        const auto& first = root.analyze();
        cold.push_back(ms_since(start));
        cold_checks = graph.checks_made();
        if (!first.diagnostics.empty()) {
            std::fprintf(stderr, "bench_modules: the program should check clean\n");
            return 1;
        }
        // Inside a body: layers.ss alone is checked again.
        files["/bench/layers.ss"] = layers(2, false);
        size_t before = graph.checks_made();
        start = Clock::now();
        root.analyze();
        body_edit.push_back(ms_since(start));
        body_checks = graph.checks_made() - before;
        body_kept = body_kept && root.kept_environment();
        // A signature no importer uses: layers.ss alone.
        files["/bench/layers.ss"] = layers(2, true);
        before = graph.checks_made();
        start = Clock::now();
        root.analyze();
        signature_edit.push_back(ms_since(start));
        signature_checks = graph.checks_made() - before;
        // One every importer uses: layers.ss and every importer.
        files["/bench/layers.ss"] = layers(2, true, true);
        before = graph.checks_made();
        start = Clock::now();
        root.analyze();
        used_edit.push_back(ms_since(start));
        used_checks = graph.checks_made() - before;
    }
    std::printf("bench/modules: 20 files (%d functions per importer), medians of 5\n", functions);
    std::printf("first check        %8.2f ms  files analysed %zu\n", median(cold), cold_checks);
    std::printf("body edit          %8.2f ms  files analysed %zu  main's environment %s  (%.3fx of the first)\n",
                median(body_edit), body_checks, body_kept ? "kept" : "made again", median(body_edit) / median(cold));
    std::printf("unused signature   %8.2f ms  files analysed %zu  (%.3fx of the first)\n", median(signature_edit),
                signature_checks, median(signature_edit) / median(cold));
    std::printf("used signature     %8.2f ms  files analysed %zu  (%.3fx of the first)\n", median(used_edit),
                used_checks, median(used_edit) / median(cold));
    if (body_checks != 1 || !body_kept || signature_checks != 1 || used_checks != cold_checks) {
        std::fprintf(stderr, "bench_modules: an edit should check the file and the importers using what changed\n");
        return 1;
    }
    return 0;
}
