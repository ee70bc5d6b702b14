// The analysis driver (server/analysis/analysis.hpp): passes in the order
// they require, a real program's steps, and summaries kept across edits.
// What each pass finds is tested with files: tests/check's `# fact` markers.
#include <doctest/doctest.h>

#include <memory>
#include <set>
#include <stdexcept>
#include <string>

#include "analysis/analysis.hpp"
#include "analysis/words.hpp"
#include "check/document.hpp"
#include "syntax_test_util.hpp"

namespace {

const char* kPrelude =
    "dim V = 8\n"
    "model M:\n    w: [V] = normal(0.1)\n"
    "fn loss(m: M, x: [V]) -> [] f32:\n    return sum(m.w * x)\n";

using Names = std::set<std::string>;

// A pass that finds nothing and requires `needs`.
class Needing final : public ss::analysis::Pass {
public:
    Needing(ss::analysis::PassId id, std::vector<ss::analysis::PassId> needs) : id_(id), needs_(std::move(needs)) {}
    ss::analysis::PassId id() const override { return id_; }
    std::vector<ss::analysis::PassId> required() const override { return needs_; }
    ss::analysis::Summary summarize(const ss::analysis::FunctionView&) const override { return {}; }

private:
    ss::analysis::PassId id_;
    std::vector<ss::analysis::PassId> needs_;
};

std::vector<ss::analysis::PassId> order_of(
    std::vector<std::pair<ss::analysis::PassId, std::vector<ss::analysis::PassId>>> passes) {
    std::vector<std::unique_ptr<ss::analysis::Pass>> given;
    for (auto& [id, needs] : passes) given.push_back(std::make_unique<Needing>(id, needs));
    std::vector<ss::analysis::PassId> out;
    for (const auto& pass : ss::analysis::in_required_order(std::move(given))) out.push_back(pass->id());
    return out;
}

}  // namespace

TEST_CASE("passes are ordered by what they require, else as given") {
    using ss::analysis::PassId;
    CHECK(
        order_of({{PassId::Recording, {PassId::Steps, PassId::Padding}}, {PassId::Padding, {}}, {PassId::Steps, {}}}) ==
        std::vector{PassId::Padding, PassId::Steps, PassId::Recording});
    CHECK(order_of({{PassId::Export, {}}, {PassId::Steps, {}}}) == std::vector{PassId::Export, PassId::Steps});
    CHECK_THROWS_AS(order_of({{PassId::Steps, {PassId::Padding}}, {PassId::Padding, {PassId::Steps}}}),
                    std::logic_error);
}

TEST_CASE("the driver runs each pass after those it requires") {
    std::string text = ss::test::read_source_file("examples/digits.ss");
    ss::check::DocumentAnalysis document(text);
    ss::analysis::Result analysed = ss::analysis::analyze(document.analyze().check);
    // Recording requires steps: it found train_step recorded only if steps ran first.
    CHECK(analysed.recording.recorded == Names{"train_step"});
}

TEST_CASE("the README's example: train_step is a step, main is not") {
    std::string text = ss::test::read_source_file("examples/digits.ss");
    ss::check::DocumentAnalysis document(text);
    auto steps = ss::analysis::analyze(document.analyze().check).steps.steps;
    CHECK(steps == Names{"train_step"});
}

TEST_CASE("an analyzer keeps the summaries of unchanged functions, moved") {
    std::string text = std::string(kPrelude) +
                       "fn s(mut m: M, x: [V]):\n    m.w = m.w + x\n"
                       "fn t(mut m: M, x: [V]):\n    m.w = m.w - x\n";
    ss::check::DocumentAnalysis document(text);
    ss::analysis::Analyzer analyzer;
    auto first = analyzer.run(document.analyze().check);
    REQUIRE(first.steps.steps == Names{"s", "t"});
    // An edit inside s moves t: t's summary is replayed at its new place.
    auto at = static_cast<uint32_t>(text.find("m.w + x") + 7);
    document.apply_edit({at, at, " + x"});
    const auto& again = analyzer.run(document.analyze().check);
    auto fresh = ss::analysis::analyze(document.analyze().check);
    REQUIRE(again.facts.size() == fresh.facts.size());
    for (size_t i = 0; i < fresh.facts.size(); ++i) {
        CHECK(again.facts[i].range.begin == fresh.facts[i].range.begin);
        CHECK(again.facts[i].range.end == fresh.facts[i].range.end);
        CHECK(ss::analysis::fact_detail(again.facts[i]) == ss::analysis::fact_detail(fresh.facts[i]));
    }
}

TEST_CASE("a moved function's diagnostics point where they are, and at what stayed") {
    // E1702's related place is the extern fn's target, outside the cached
    // body: an edit above the function moves the body, not the extern.
    std::string text =
        "extern fn cdf(x: [..s]) -> [..s] = scipy.special.ndtr\n"
        "fn g(x: [4]) -> [4]:\n    return x\n"
        "export fn f(x: [n]) -> [n]:\n    return cdf(x)\n";
    ss::check::DocumentAnalysis document(text);
    ss::analysis::Analyzer analyzer;
    analyzer.run(document.analyze().check);
    auto at = static_cast<uint32_t>(text.find("return x") + 8);
    document.apply_edit({at, at, " + x"});
    const auto& again = analyzer.run(document.analyze().check);
    auto fresh = ss::analysis::analyze(document.analyze().check);
    REQUIRE(fresh.diagnostics.size() == 1);
    REQUIRE(again.diagnostics.size() == 1);
    const ss::Diagnostic& d = again.diagnostics[0];
    CHECK(d.code == "E1702");
    CHECK(d.range.begin == fresh.diagnostics[0].range.begin);
    REQUIRE(d.related.size() == fresh.diagnostics[0].related.size());
    REQUIRE(!d.related.empty());
    CHECK(d.related[0].range.begin == fresh.diagnostics[0].related[0].range.begin);
    CHECK(d.related[0].range.begin == text.find("scipy.special.ndtr"));
}
