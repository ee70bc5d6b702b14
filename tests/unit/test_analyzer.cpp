// The steps analysis (server/analysis/steps.hpp): every way of writing a
// step is one, and what only looks like one is not.
#include <doctest/doctest.h>

#include <set>
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

std::set<std::string> steps_of(const std::string& body, std::string* facts = nullptr) {
    std::string text = std::string(kPrelude) + body;
    ss::check::DocumentAnalysis document(text);
    const auto& result = document.analyze();
    for (const auto& d : result.diagnostics) CAPTURE(d.message);
    REQUIRE(result.diagnostics.empty());
    ss::analysis::Result analysed = ss::analysis::analyze(result.check);
    if (facts)
        for (const auto& f : analysed.facts)
            *facts += f.function + " " + std::string(ss::analysis::fact_kind_name(f.kind)) + " `" +
                      text.substr(f.range.begin, f.range.end - f.range.begin).substr(0, 40) + "` " +
                      ss::analysis::fact_detail(f) + "\n";
    return analysed.steps.steps;
}

using Names = std::set<std::string>;

}  // namespace

TEST_CASE("every spelling of a step is one") {
    CHECK(steps_of("fn s(mut m: M, mut opt: Optimizer[M], x: [V]) -> [] f32:\n"
                   "    l, grads = value_and_grad(loss, m, x)\n    update(m, opt, grads)\n    return l\n") ==
          Names{"s"});
    CHECK(steps_of("fn s(mut m: M, mut opt: Optimizer[M], x: [V]):\n"
                   "    update(m, opt, value_and_grad(loss, m, x)[1])\n") == Names{"s"});
    CHECK(steps_of("fn s(mut m: M, mut opt: Optimizer[M], x: [V]):\n"
                   "    for i in 0..2:\n        update(m, opt, value_and_grad(loss, m, x)[1] |> clip_norm(1.0))\n") ==
          Names{"s"});
    CHECK(steps_of(
              "fn s(mut m: M, mut opt: Optimizer[M], x: [V]):\n"
              "    if x[0] > 0.0:\n        l, grads = value_and_grad(loss, m, x)\n        update(m, opt, grads)\n") ==
          Names{"s"});
    CHECK(steps_of("fn s(mut m: M, mut opt: Optimizer[M], x: [V]):\n    grads = value_and_grad(loss, m, x)[1]\n"
                   "    m |> update(opt, grads)\n") == Names{"s"});
    CHECK(steps_of("fn s(mut m: M, x: [V]):\n    m.w = m.w * 0.5 + x\n") == Names{"s"});
    CHECK(steps_of("fn s(mut m: M, x: [V]):\n    for i in 0..3:\n        m.w = m.w + x\n") == Names{"s"});
}

TEST_CASE("what is not a step") {
    // mut parameters that change nothing
    CHECK(steps_of("fn f(mut m: M, mut opt: Optimizer[M], x: [V]) -> [] f32:\n    return loss(m, x)\n").empty());
    // device work that changes no state passed in
    CHECK(steps_of("fn f(mut m: M, x: [V]) -> [] f32:\n    return value_and_grad(loss, m, x)[0]\n").empty());
    // a change without `mut` state: a local model
    CHECK(steps_of("fn f(x: [V]):\n    m = M.init(seed=0)\n    opt = sgd(m, lr=0.1)\n"
                   "    update(m, opt, value_and_grad(loss, m, x)[1])\n")
              .empty());
    // a loop that calls a step is not one itself (the README's `main`)
    CHECK(steps_of("fn s(mut m: M, mut opt: Optimizer[M], x: [V]):\n    update(m, opt, value_and_grad(loss, m, x)[1])\n"
                   "fn main(mut m: M, mut opt: Optimizer[M], x: [V]):\n    for i in 0..3:\n        s(m, opt, x)\n") ==
          Names{"s"});
}

TEST_CASE("a step's facts say what it changes and where its device work is") {
    std::string facts;
    steps_of("fn s(mut m: M, mut opt: Optimizer[M], x: [V]):\n    update(m, opt, value_and_grad(loss, m, x)[1])\n",
             &facts);
    CHECK(facts.find("s step `fn s(mut m: M") != std::string::npos);
    CHECK(facts.find("changes `m`, `opt`") != std::string::npos);
    CHECK(facts.find("s device-work `update(m, opt, value_and_grad(loss, m, x` update") != std::string::npos);
    CHECK(facts.find("s device-work `value_and_grad(loss, m, x)` value_and_grad") != std::string::npos);
    CHECK(facts.find("s changes-state `m` m") != std::string::npos);
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
