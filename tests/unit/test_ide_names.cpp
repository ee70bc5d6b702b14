// Editor features about names (server/ide/navigation, hover, inlay hints)
// and the quick fixes diagnostics carry, on small programs and the examples.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>

#include "check/document.hpp"
#include "ide/hover.hpp"
#include "ide/inlay_hints.hpp"
#include "ide/navigation.hpp"
#include "syntax_test_util.hpp"

namespace {

using namespace ss;

// One analysed text and its snapshot.
struct Analysed {
    explicit Analysed(std::string text) : analysis(std::move(text)), result(analysis.analyze()), lines(analysis.text()) {}
    ide::Snapshot snapshot() const { return {analysis.text(), lines, result, analysis.tree()}; }
    const std::string& text() const { return analysis.text(); }
    // Offset of the `nth` occurrence of `needle` (0-based), plus `skip`.
    uint32_t at(std::string_view needle, int nth = 0, uint32_t skip = 0) const {
        size_t pos = text().find(needle);
        for (int i = 0; i < nth && pos != std::string::npos; ++i) pos = text().find(needle, pos + 1);
        REQUIRE(pos != std::string::npos);
        return static_cast<uint32_t>(pos) + skip;
    }
    std::string slice(ByteRange r) const { return text().substr(r.begin, r.end - r.begin); }

    check::DocumentAnalysis analysis;
    const check::DocumentResult& result;
    LineIndex lines;
};

std::string apply(std::string text, std::vector<FixEdit> edits) {
    std::sort(edits.begin(), edits.end(), [](const FixEdit& a, const FixEdit& b) { return a.range.begin > b.range.begin; });
    for (const FixEdit& e : edits) text.replace(e.range.begin, e.range.end - e.range.begin, e.text);
    return text;
}

std::string renamed(const Analysed& a, uint32_t offset, std::string_view name) {
    ide::RenameResult r = ide::rename(a.snapshot(), offset, name);
    REQUIRE(r.refused.empty());
    std::vector<FixEdit> edits;
    for (ByteRange range : r.ranges) edits.push_back({range, std::string(name)});
    return apply(a.text(), edits);
}

const char* kProgram =
    "dim D = 64\n"
    "dim H = 4\n"
    "model Block:\n"
    "    w: [D D] = normal(0.02)\n"
    "fn project(m: Block, x: [b n D]) -> [b n D]:\n"
    "    h = x @ m.w\n"
    "    h = h |> gelu\n"
    "    return h + x\n"
    "fn twice(m: Block, y: [b n D]) -> [b n D]:\n"
    "    return project(m, project(m, y))\n";

}  // namespace

TEST_CASE("ide: definition goes to the name's declaration, for items, fields, locals and axes") {
    Analysed a(kProgram);
    REQUIRE(a.result.diagnostics.empty());
    auto definition_of = [&](uint32_t offset) {
        auto targets = ide::definition(a.snapshot(), offset);
        REQUIRE(targets.size() == 1);
        CHECK(!targets[0].in_prelude);
        return targets[0].range;
    };
    CHECK(definition_of(a.at("project(m, y", 0, 2)).begin == a.at("project(m: Block"));
    CHECK(definition_of(a.at("m.w", 0, 2)).begin == a.at("w: [D D]"));
    CHECK(definition_of(a.at("[D D]", 0, 1)).begin == a.at("D = 64"));
    CHECK(definition_of(a.at("return h", 0, 7)).begin == a.at("h = x"));
    CHECK(definition_of(a.at("-> [b n D]", 0, 4)).begin == a.at("b n D]) ->"));
    // The cursor just after a name still finds it.
    CHECK(definition_of(a.at("x @", 0, 1)).begin == a.at("x: [b n D]"));
}

TEST_CASE("ide: a built-in's definition is its declaration in the prelude") {
    Analysed a(kProgram);
    auto targets = ide::definition(a.snapshot(), a.at("gelu", 0, 1));
    REQUIRE(targets.size() == 1);
    CHECK(targets[0].in_prelude);
    CHECK(ide::definition(a.snapshot(), a.at("return")).empty());  // a keyword
}

TEST_CASE("ide: references and highlights find every use of one variable, and only its") {
    Analysed a(kProgram);
    auto refs = ide::references(a.snapshot(), a.at("h = x"), true);
    std::vector<std::string> lines;
    for (ByteRange r : refs) {
        CHECK(a.slice(r) == "h");
        lines.push_back(std::to_string(a.lines.line_of(r.begin)));
    }
    CHECK(lines == std::vector<std::string>{"5", "6", "6", "7"});
    CHECK(ide::references(a.snapshot(), a.at("h = x"), false).size() == 3);
    auto highlights = ide::highlights(a.snapshot(), a.at("return h", 0, 7));
    CHECK(std::count_if(highlights.begin(), highlights.end(), [](const ide::Highlight& h) { return h.is_write; }) == 2);
    // `m` of `twice` is not `m` of `project`.
    CHECK(ide::references(a.snapshot(), a.at("m, y"), true).size() == 3);
    // The dim D: its declaration and every type that names it.
    CHECK(ide::references(a.snapshot(), a.at("D = 64"), true).size() == 7);
}

TEST_CASE("ide: rename changes every occurrence and the result checks clean") {
    Analysed a(kProgram);
    std::string text = renamed(a, a.at("h = x"), "hidden");
    CHECK(text.find(" h ") == std::string::npos);
    CHECK(Analysed(text).result.diagnostics.empty());
    std::string dims = renamed(a, a.at("D = 64"), "Width");
    CHECK(dims.find("[b n Width]") != std::string::npos);
    CHECK(Analysed(dims).result.diagnostics.empty());
    std::string axis = renamed(a, a.at("b n D]) ->"), "batch");
    CHECK(axis.find("x: [batch n D]) -> [batch n D]") != std::string::npos);
    CHECK(Analysed(axis).result.diagnostics.empty());
    std::string field = renamed(a, a.at("m.w", 0, 2), "weight");
    CHECK(field.find("weight: [D D]") != std::string::npos);
    CHECK(Analysed(field).result.diagnostics.empty());
    std::string fn = renamed(a, a.at("project(m, y"), "proj");
    CHECK(fn.find("project") == std::string::npos);
    CHECK(Analysed(fn).result.diagnostics.empty());
}

TEST_CASE("ide: rename refuses a clash, a keyword, a built-in and a non-name") {
    Analysed a(kProgram);
    auto refused = [&](uint32_t offset, std::string_view name) { return ide::rename(a.snapshot(), offset, name).refused; };
    CHECK(refused(a.at("h = x"), "x").find("already") != std::string::npos);   // a parameter of the same function
    CHECK(refused(a.at("D = 64"), "H").find("already") != std::string::npos);  // another dim
    CHECK(refused(a.at("D = 64"), "b").find("already") != std::string::npos);  // an axis would capture it
    CHECK(refused(a.at("h = x"), "return").find("keyword") != std::string::npos);
    CHECK(refused(a.at("h = x"), "softmax").find("built-in") != std::string::npos);
    CHECK(refused(a.at("h = x"), "2x").find("not a name") != std::string::npos);
    CHECK(refused(a.at("return h", 0, 2), "y").find("no name") != std::string::npos);
    // Another function's parameter of that name is no clash.
    CHECK(refused(a.at("h = x"), "y").empty());
    CHECK(ide::prepare_rename(a.snapshot(), a.at("return")) == std::nullopt);
}

TEST_CASE("ide: hover shows a name's type with dims evaluated, a built-in's doc and an expression's type") {
    Analysed a(kProgram);
    auto hover = [&](uint32_t offset) {
        auto h = ide::hover(a.snapshot(), offset);
        REQUIRE(h);
        return h->markdown;
    };
    CHECK(hover(a.at("x @")).find("x: [b n D]") != std::string::npos);
    CHECK(hover(a.at("x @")).find("`[b n 64]`") != std::string::npos);
    CHECK(hover(a.at("D = 64")).find("dim D = 64") != std::string::npos);
    CHECK(hover(a.at("project(m, y")).find("fn project(m: Block, x: [b n D]) -> [b n D]") != std::string::npos);
    CHECK(hover(a.at("m.w", 0, 2)).find("Block.w: [D D]") != std::string::npos);
    std::string gelu = hover(a.at("gelu"));
    CHECK(gelu.find("gelu(") != std::string::npos);
    CHECK(gelu.find("gives `[b n D]` here") != std::string::npos);
    CHECK(!ide::hover(a.snapshot(), a.at("dim H")).has_value());
}

TEST_CASE("ide: inlay hints show assigned names' and pipeline stages' shapes") {
    Analysed a(kProgram);
    auto hints = ide::inlay_hints(a.snapshot(), {0, static_cast<uint32_t>(a.text().size())});
    std::vector<std::string> labels;
    for (const auto& h : hints) labels.push_back(std::to_string(a.lines.line_of(h.offset)) + " " + h.label);
    CHECK(labels == std::vector<std::string>{"5 : [b n D]", "6 : [b n D]", "6 [b n D]"});
    CHECK(ide::inlay_hints(a.snapshot(), {0, a.at("    h = h")}).size() == 1);
}

TEST_CASE("ide: applying a diagnostic's suggested fix removes it") {
    struct Case {
        const char* text;
        const char* code;
        const char* fixed;  // a piece of the fixed text
    };
    const Case cases[] = {
        {"dim Width = 4\ndim Half = Widht / 2\n", "E0102", "Half = Width / 2"},
        {"fn f(x: [b n]) -> [b n]:\n    y = x\n    return yy\n", "E0102", "return y\n"},
        {"fn f(x: [b n] -> [b n]:\n    return x\n", "E0002", "[b n]) ->"},
        {"fn f(x: [b n]) -> [b n]\n    return x\n", "E0002", "[b n]:"},
        {"dim H = 2\nfn f(a: [b H n m]) -> [b n m H]:\n    return a |> rearrange(b H m n -> b n m H)\n", "E0408",
         "rearrange(b H n m ->"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        Analysed a(c.text);
        auto d = std::find_if(a.result.diagnostics.begin(), a.result.diagnostics.end(),
                              [&](const Diagnostic& x) { return x.code == c.code; });
        REQUIRE(d != a.result.diagnostics.end());
        REQUIRE(d->fixes.size() == 1);
        std::string fixed = apply(a.text(), d->fixes[0].edits);
        CHECK(fixed.find(c.fixed) != std::string::npos);
        Analysed after(fixed);
        CHECK(std::none_of(after.result.diagnostics.begin(), after.result.diagnostics.end(),
                           [&](const Diagnostic& x) { return x.code == c.code; }));
    }
}

TEST_CASE("ide: name features never throw and stay inside the text, at every offset of the examples and of edits") {
    std::mt19937 rng(11);
    for (const std::string& file : ss::test::example_files()) {
        std::string text = ss::test::read_source_file(file);
        for (int variant = 0; variant < 3; ++variant) {
            if (variant > 0 && !text.empty()) {
                size_t at = rng() % text.size();
                text.erase(at, std::min<size_t>(rng() % 8, text.size() - at));
            }
            CAPTURE(file);
            Analysed a(text);
            auto s = a.snapshot();
            auto size = static_cast<uint32_t>(a.text().size());
            auto inside = [&](ByteRange r) { return r.begin <= r.end && r.end <= size; };
            for (uint32_t offset = 0; offset <= size + 2; offset += 1 + rng() % 3) {
                for (const auto& t : ide::definition(s, offset)) CHECK((t.in_prelude || inside(t.range)));
                for (ByteRange r : ide::references(s, offset, true)) CHECK(inside(r));
                if (auto h = ide::hover(s, offset)) CHECK(inside(h->range));
                auto r = ide::rename(s, offset, "renamed_name");
                for (ByteRange x : r.ranges) CHECK(inside(x));
            }
            for (const auto& h : ide::inlay_hints(s, {0, size})) CHECK(h.offset <= size);
        }
    }
}
