// Editor features about names (server/ide/navigation, hover, inlay hints)
// and the quick fixes diagnostics carry. What each feature answers at a
// position is in the marker fixtures tests/ide/names.ss; here, the quick
// fixes and the invariants at every offset of the examples.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>

#include "ide/hover.hpp"
#include "ide/inlay_hints.hpp"
#include "ide/navigation.hpp"
#include "ide_test_util.hpp"
#include "syntax_test_util.hpp"

namespace {

using namespace ss;
using Analysed = ss::test::AnalysedDocument;

std::string apply(std::string text, std::vector<FixEdit> edits) {
    std::sort(edits.begin(), edits.end(),
              [](const FixEdit& a, const FixEdit& b) { return a.range.begin > b.range.begin; });
    for (const FixEdit& e : edits) text.replace(e.range.begin, e.range.end - e.range.begin, e.text);
    return text;
}

}  // namespace

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
        auto d = std::find_if(a.result().diagnostics.begin(), a.result().diagnostics.end(),
                              [&](const Diagnostic& x) { return x.code == c.code; });
        REQUIRE(d != a.result().diagnostics.end());
        REQUIRE(d->fixes.size() == 1);
        std::string fixed = apply(a.text(), d->fixes[0].edits);
        CHECK(fixed.find(c.fixed) != std::string::npos);
        Analysed after(fixed);
        CHECK(std::none_of(after.result().diagnostics.begin(), after.result().diagnostics.end(),
                           [&](const Diagnostic& x) { return x.code == c.code; }));
    }
}

TEST_CASE("ide: the fix naming a pattern's axes as the value's writes names of any length") {
    // Over 80 characters: what messages show of it is shortened.
    const std::string m(90, 'm');
    const std::string text = "dim H = 2\nfn f(a: [b H n " + m + "]) -> [b n " + m +
                             " H]:\n    return a |> rearrange(b H " + m + " n -> b n " + m + " H)\n";
    Analysed a(text);
    auto d = std::find_if(a.result().diagnostics.begin(), a.result().diagnostics.end(),
                          [](const Diagnostic& x) { return x.code == "E0408"; });
    REQUIRE(d != a.result().diagnostics.end());
    REQUIRE(d->fixes.size() == 1);
    std::string fixed = apply(text, d->fixes[0].edits);
    CHECK(fixed.find("rearrange(b H n " + m + " -> ") != std::string::npos);
    Analysed after(fixed);
    CHECK(after.result().diagnostics.empty());
}

TEST_CASE("ide: an axis without a name that two axes could take is named by each quick fix") {
    const std::string text =
        "dim D = 8\n\nfn fused(x: [b 3*D 3*D], bias: [3*D]) -> [b 3*D 3*D]:\n    return x + bias\n";
    Analysed a(text);
    auto d = std::find_if(a.result().diagnostics.begin(), a.result().diagnostics.end(),
                          [](const Diagnostic& x) { return x.code == "E0410"; });
    REQUIRE(d != a.result().diagnostics.end());
    REQUIRE(d->fixes.size() == 2);  // one per axis of x it could be
    const char* expected[] = {"dim E = 3*D\n\nfn fused(x: [b E 3*D], bias: [E]) -> [b 3*D 3*D]:",
                              "dim E = 3*D\n\nfn fused(x: [b 3*D E], bias: [E]) -> [b 3*D 3*D]:"};
    for (size_t i = 0; i < 2; ++i) {
        CAPTURE(d->fixes[i].title);
        std::string fixed = apply(text, d->fixes[i].edits);
        CHECK(fixed.find(expected[i]) != std::string::npos);
        Analysed after(fixed);
        CHECK(std::none_of(after.result().diagnostics.begin(), after.result().diagnostics.end(),
                           [](const Diagnostic& x) { return x.code == "E0410"; }));
    }
}

TEST_CASE("ide: the quick fix that names an axis copies a long size as it is written") {
    // Over 80 characters: what messages show of it is shortened.
    std::string size = "D";
    while (size.size() < 100) size += " + D";
    const std::string text = "dim D = 8\n\nfn fused(x: [b " + size + " " + size + "], bias: [" + size + "]) -> [b " +
                             size + " " + size + "]:\n    return x + bias\n";
    Analysed a(text);
    auto d = std::find_if(a.result().diagnostics.begin(), a.result().diagnostics.end(),
                          [](const Diagnostic& x) { return x.code == "E0410"; });
    REQUIRE(d != a.result().diagnostics.end());
    REQUIRE(d->fixes.size() == 2);
    for (const Fix& fix : d->fixes) {
        CAPTURE(fix.title);
        std::string fixed = apply(text, fix.edits);
        CHECK(fixed.find("\ndim E = " + size + "\n\nfn fused") != std::string::npos);
        Analysed after(fixed);
        CHECK(after.result().diagnostics.empty());
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
