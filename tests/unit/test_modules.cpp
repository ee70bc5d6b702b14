// Programs of several files (check/modules.hpp): a module is checked once
// and again only when its text or its imports change; its summary's key
// stands through an edit inside a body and changes with a signature; and an
// importer analysed again after a module's edit gives what a fresh analysis
// of the same files gives, with its bodies on one thread or two.
#include <doctest/doctest.h>

#include <map>
#include <optional>
#include <string>

#include "check/document.hpp"
#include "check/modules.hpp"
#include "document_dump.hpp"
#include "module_files.hpp"

using ss::check::DocumentAnalysis;
using ss::check::ImportOutcome;
using ss::check::ModuleGraph;

namespace {

const std::string kLayers =
    "dim D = 8\n\nmodel Block:\n    w: [D D] = normal(0.02)\n\n"
    "fn block(m: Block, x: [b D]) -> [b D]:\n    return x @ m.w\n";
const std::string kMain =
    "import layers\nfrom layers import D\n\ndim E = 8\n\n"
    "fn f(m: layers.Block, x: [b D]) -> [b layers.D]:\n    return layers.block(m, x)\n\n"
    "fn g(m: layers.Block, x: [b E]) -> [b E]:\n    return layers.block(m, x)\n";

using Files = ss::test::ModuleFiles;

std::string codes(const ss::check::DocumentResult& r) {
    std::string out;
    for (const ss::Diagnostic& d : r.diagnostics) out += d.code + "@" + std::to_string(d.range.begin) + " ";
    return out;
}

std::string facts(const ss::check::DocumentResult& r) {
    std::string out;
    for (const ss::check::SymbolFact& f : r.check.symbols) {
        out += f.name + ":" + std::to_string(static_cast<int>(f.kind)) + ":" + std::to_string(f.module) + ":" +
               std::to_string(f.definition.begin);
        for (ss::ByteRange ref : f.references) out += "," + std::to_string(ref.begin);
        out += " ";
    }
    return out;
}

}  // namespace

TEST_CASE("a module is checked once, and again only when its text changes") {
    Files files;
    files.text["/p/layers.ss"] = kLayers;
    ModuleGraph graph(files.reader(), {});
    DocumentAnalysis main(kMain);
    main.set_resolver(graph.resolver_for("/p/main.ss"));
    const auto& first = main.analyze();
    CHECK(graph.checks_made() == 1);
    // g passes an axis of dim E where layers.D is declared: another dim.
    CHECK(codes(first).find("E0504") != std::string::npos);
    main.analyze();
    CHECK(graph.checks_made() == 1);
    CHECK(main.kept_environment());
    files.text["/p/layers.ss"] = kLayers + "\n# a comment\n";
    main.analyze();
    CHECK(graph.checks_made() == 2);
    CHECK(main.kept_environment());  // the summary stands
}

TEST_CASE("a body edit keeps a module's summary key, a signature edit changes it") {
    auto key_of = [](const std::string& text) {
        DocumentAnalysis module(text);
        module.analyze();
        return ss::check::summary_key(*module.summary("/p/layers.ss"));
    };
    std::string body = kLayers;
    body.replace(body.find("x @ m.w"), 7, "x @ m.w + x");
    std::string signature = kLayers;
    signature.replace(signature.find("-> [b D]"), 8, "-> [D b]");
    std::string private_name = kLayers + "\nfn _helper(x: [n]) -> [n]:\n    return x\n";
    CHECK(key_of(kLayers) == key_of(body));
    CHECK(key_of(kLayers) != key_of(signature));
    CHECK(key_of(kLayers) != key_of(private_name));  // its names are in the key: did-you-mean reads them
}

TEST_CASE("an importer checked again after its module's edits equals a fresh check") {
    Files files;
    files.text["/p/layers.ss"] = kLayers;
    ModuleGraph graph(files.reader(), {});
    DocumentAnalysis main(kMain);
    main.set_resolver(graph.resolver_for("/p/main.ss"));
    main.analyze();
    const std::string edits[] = {
        kLayers + "\n",
        "dim D = 8\ndim G = 8\n\nmodel Block:\n    w: [G D] = normal(0.02)\n\nfn block(m: Block, x: [b D]) -> [b G]:\n"
        "    return x @ m.w\n",
        "dim D = 9\n\nfn other(x: [b D]) -> [b D]:\n    return x\n",
        "",
        kLayers,
    };
    for (const std::string& text : edits) {
        files.text["/p/layers.ss"] = text;
        const auto& again = main.analyze();
        ModuleGraph fresh_graph(files.reader(), {});
        DocumentAnalysis fresh(kMain);
        fresh.set_resolver(fresh_graph.resolver_for("/p/main.ss"));
        const auto& want = fresh.analyze();
        CAPTURE(text);
        CHECK(codes(again) == codes(want));
        CHECK(facts(again) == facts(want));
    }
}

TEST_CASE("an importer's bodies checked on a helper thread equal those checked on one") {
    // More bodies than kMain has, each using the module's names.
    std::string main = kMain;
    for (int i = 0; i < 40; ++i)
        main += "\nfn h" + std::to_string(i) + "(m: layers.Block, x: [b D], z: [n q]) -> [b D]:\n" +
                "    w = z as [r s]\n    return layers.block(m, x)\n";
    Files files;
    files.text["/p/layers.ss"] = kLayers;
    ModuleGraph graph(files.reader(), {});
    DocumentAnalysis two(main), one(main);
    two.set_body_helper_threshold(0);
    one.set_body_helper_threshold(SIZE_MAX);
    two.set_resolver(graph.resolver_for("/p/main.ss"));
    one.set_resolver(graph.resolver_for("/p/main.ss"));
    int helped_runs = 0;
    for (const std::string& text : {kLayers, kLayers + "\n", std::string("dim D = 9\n"), kLayers}) {
        CAPTURE(text);
        files.text["/p/layers.ss"] = text;
        const auto& helped = two.analyze();
        helped_runs += two.helper_bodies() > 10;
        const auto& alone = one.analyze();
        CHECK(codes(helped) == codes(alone));
        CHECK(facts(helped) == facts(alone));
        CHECK(ss::test::dump(helped) == ss::test::dump(alone));  // types with their size symbols by id
    }
    CHECK(helped_runs == 3);  // all but the comment's edit, which keeps the environment
}

TEST_CASE("a cycle names its files, a missing module the folders searched") {
    Files files;
    files.text["/p/a.ss"] = "import b\n";
    files.text["/p/b.ss"] = "import a\n";
    ModuleGraph graph(files.reader(), {"/lib"});
    ImportOutcome cycle = graph.resolver_for("/p/a.ss")("b");
    REQUIRE(cycle.summary);
    DocumentAnalysis a(files.text["/p/a.ss"]);
    a.set_resolver(graph.resolver_for("/p/a.ss"));
    CHECK(codes(a.analyze()).find("E0110") != std::string::npos);
    ImportOutcome missing = graph.resolver_for("/p/a.ss")("nn.attention");
    CHECK(missing.problem == ImportOutcome::Problem::Missing);
    CHECK(missing.detail.find("nn/attention.ss") != std::string::npos);
    CHECK(missing.detail.find("/lib") != std::string::npos);
}

TEST_CASE("an importer is checked again only when a name it uses changed") {
    Files files;
    const std::string scale = "\nfn scale(x: [b D]) -> [b D]:\n    return x\n";
    files.text["/p/layers.ss"] = kLayers + scale;
    files.text["/p/mid.ss"] =
        "import layers\n\nfn run(m: layers.Block, x: [b layers.D]) -> [b layers.D]:\n    return layers.block(m, x)\n";
    const std::string top =
        "import mid\nimport layers\n\nfn go(m: layers.Block, x: [b 8]) -> [b 8]:\n    return mid.run(m, x)\n";
    ModuleGraph graph(files.reader(), {});
    DocumentAnalysis main(top);
    main.set_resolver(graph.resolver_for("/p/top.ss"));
    main.analyze();
    CHECK(graph.checks_made() == 2);
    auto same_as_fresh = [&] {
        ModuleGraph fresh_graph(files.reader(), {});
        DocumentAnalysis fresh(top);
        fresh.set_resolver(fresh_graph.resolver_for("/p/top.ss"));
        const auto& want = fresh.analyze();
        const auto& got = main.analyze();
        CHECK(codes(got) == codes(want));
        CHECK(facts(got) == facts(want));
    };
    // scale: mid doesn't use it, so mid's summary stands unchecked.
    files.text["/p/layers.ss"] = kLayers + "\nfn scale(x: [b D]) -> [D b]:\n    return x |> rearrange(b D -> D b)\n";
    size_t before = graph.checks_made();
    same_as_fresh();
    CHECK(graph.checks_made() == before + 1);
    // block: mid uses it, and is checked again (and now says so).
    std::string changed = files.text["/p/layers.ss"];
    changed.replace(changed.find("-> [b D]:\n    return x @ m.w"), 8, "-> [D b]");
    files.text["/p/layers.ss"] = changed;
    before = graph.checks_made();
    same_as_fresh();
    CHECK(graph.checks_made() == before + 2);
}

TEST_CASE("a field two imports away is known, and a change of its model reaches the importer") {
    Files files;
    files.text["/p/ops.ss"] = "dim D = 4\n\nmodel Lin:\n    w: [D D] = normal(0.1)\n";
    files.text["/p/mid.ss"] = "import ops\n\nmodel Net:\n    first: ops.Lin\n";
    const std::string main_text = "import mid\n\nfn go(m: mid.Net) -> [4 4]:\n    return m.first.w\n";
    ModuleGraph graph(files.reader(), {});
    DocumentAnalysis main(main_text);
    main.set_resolver(graph.resolver_for("/p/main.ss"));
    CHECK(codes(main.analyze()).empty());
    // Lin's field changes shape; mid's own text doesn't change.
    files.text["/p/ops.ss"] = "dim D = 4\n\nmodel Lin:\n    w: [D 2] = normal(0.1)\n";
    CHECK(codes(main.analyze()).find("E0601") != std::string::npos);
}
