// The analyses follow calls into other files (analysis/imported.hpp): a
// loop whose batch axis reaches a function two files away is padded or not
// as that function's body says, and a body edit there is seen by the
// program's analysis while no file but the edited one is checked again.
#include <doctest/doctest.h>

#include <map>
#include <optional>
#include <string>

#include "analysis/analysis.hpp"
#include "check/document.hpp"
#include "check/modules.hpp"
#include "module_files.hpp"

using ss::check::DocumentAnalysis;
using ss::check::ModuleGraph;

namespace {

const std::string kOps = "dim D = 4\n\nfn centred(x: [b D]) -> [b D]:\n    return x - mean(x, over=b)\n";
const std::string kMid = "import ops\n\nfn block(x: [b ops.D]) -> [b ops.D]:\n    return ops.centred(x) * 2.0\n";
const std::string kMain =
    "import mid\nimport ops\n\ndata Row:\n    x: [ops.D] f32\n\n"
    "fn run(data: Dataset[Row]):\n    for batch in data |> batches(3):\n        log(c=mean(mid.block(batch.x)))\n";

using Files = ss::test::ModuleFiles;

// The analyses' hints and the loop's padding fact, as codes.
std::string analysed(ss::analysis::Analyzer& analyzer, DocumentAnalysis& main) {
    const ss::analysis::Result& r = analyzer.run(main.analyze().check);
    std::string out;
    for (const ss::Diagnostic& d : r.diagnostics) out += d.code + " ";
    for (const ss::analysis::Fact& f : r.facts)
        if (f.kind == ss::analysis::FactKind::PaddedLoop) out += "padded ";
    return out;
}

}  // namespace

TEST_CASE("a body edit two files away changes the program's padding, checking that file alone") {
    Files files;
    files.text["/p/ops.ss"] = kOps;
    files.text["/p/mid.ss"] = kMid;
    ModuleGraph graph(files.reader(), {});
    DocumentAnalysis main(kMain);
    main.set_resolver(graph.resolver_for("/p/main.ss"));
    ss::analysis::Analyzer analyzer;
    CHECK(analysed(analyzer, main) == "padded ");
    size_t checks = graph.checks_made();
    files.text["/p/ops.ss"] = "dim D = 4\n\nfn centred(x: [b D]) -> [b D]:\n    return x |> sort(over=b)\n";
    CHECK(analysed(analyzer, main) == "H2001 ");
    CHECK(graph.checks_made() == checks + 1);  // ops.ss; mid.ss's summary stands
    CHECK(main.kept_environment());
    files.text["/p/ops.ss"] = kOps;
    CHECK(analysed(analyzer, main) == "padded ");
}
