// Editor features on unfinished text: built-in docs, completion and
// signature help (server/ide/builtin_docs, completion, signature_help).
// What completion and signature help answer at a position is in the marker
// fixtures tests/ide/completion_*.ss and signature_help.ss; here, the
// built-ins' docs and the bounds at every offset of the examples and edits.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "check/builtin_table.hpp"
#include "check/builtin_types.hpp"
#include "check/prelude.hpp"
#include "ide/builtin_docs.hpp"
#include "ide/completion.hpp"
#include "ide/signature_help.hpp"
#include "ide_test_util.hpp"
#include "syntax/keywords.hpp"
#include "syntax_test_util.hpp"

using ss::ide::CompletionEntry;
using ss::test::AnalysedDocument;

// ------------------------------------------------------------------ built-in docs

TEST_CASE("ide: every built-in has a signature and a doc") {
    std::set<std::string> names;
    for (const auto& d : ss::ide::builtin_docs()) names.insert(d.name);
    CHECK(names.size() == ss::ide::builtin_docs().size());  // unique
    CHECK(std::is_sorted(ss::ide::builtin_docs().begin(), ss::ide::builtin_docs().end(),
                         [](const auto& a, const auto& b) { return a.name < b.name; }));
    for (const std::string& name : ss::check::builtin_names()) {
        CAPTURE(name);
        const ss::ide::BuiltinDoc* d = ss::ide::builtin_doc(name);
        REQUIRE(d != nullptr);
        CHECK(d->name == name);
        CHECK(d->signature.rfind(name, 0) == 0);
        CHECK(!d->doc.empty());
        CHECK(d->doc != "A built-in.");  // the fallback for a name the table lacks
        if (d->is_call) {
            size_t at = d->signature.find('(');
            for (const auto& p : d->params) {
                CAPTURE(p.label);
                CHECK(!p.name.empty());
                size_t found = d->signature.find(p.label, at);
                CHECK(found != std::string::npos);
                at = found + p.label.size();
            }
        }
    }
    CHECK(ss::ide::builtin_doc("no_such_builtin") == nullptr);
    CHECK(ss::ide::builtin_doc("sum")->signature == "sum(x: [..s], over?: axis, keepdim?: bool) -> [..s without over]");
    CHECK(ss::ide::builtin_doc("sum")->params[1].optional);
    CHECK(ss::ide::builtin_doc("cat")->params[0].variadic);
    CHECK(ss::ide::builtin_doc("zeros")->signature == "zeros: initializer");
    CHECK_FALSE(ss::ide::builtin_doc("Eval")->is_call);
    CHECK(ss::ide::pattern_function_docs().size() == ss::syntax::kPatternFunctions.size());
    for (std::string_view f : ss::syntax::kPatternFunctions) {
        CAPTURE(f);
        REQUIRE(ss::ide::pattern_function_doc(f) != nullptr);
        CHECK(ss::ide::builtin_doc(f) == nullptr);
    }
}

TEST_CASE("ide: prelude built-ins take their signatures and comments from the prelude") {
    std::string_view text = ss::check::prelude_text();
    int declarations = 0;
    for (const auto& item : ss::check::prelude_ast().items) {
        auto* fn = std::get_if<ss::ast::ExternFn>(&item.node);
        if (!fn) continue;
        ++declarations;
        CAPTURE(fn->name.text);
        const ss::ide::BuiltinDoc* d = ss::ide::builtin_doc(fn->name.text);
        REQUIRE(d != nullptr);
        CHECK(d->in_prelude);
        // The declaration's line, from after `extern fn ` to before ` = target`.
        size_t line_end = text.find('\n', item.range.begin);
        std::string line(text.substr(item.range.begin, line_end - item.range.begin));
        REQUIRE(line.rfind("extern fn ", 0) == 0);
        std::string expected = ss::ide::collapse_spaces(line.substr(10, line.rfind(" = ") - 10));
        CHECK(d->signature == expected);
        CHECK(d->params.size() == fn->params.size());
        std::string comment = ss::ide::doc_comment_above(text, item.range.begin);
        if (!comment.empty()) CHECK(d->doc.rfind(comment, 0) == 0);
    }
    CHECK(declarations >= 18);
    CHECK(ss::ide::builtin_doc("softmax")->signature == "softmax(x: [..s], over: axis) -> [..s]");
    CHECK(ss::ide::builtin_doc("gelu")->doc.rfind("Elementwise functions\n\n", 0) == 0);
    CHECK_FALSE(ss::ide::builtin_doc("sum")->in_prelude);
}

TEST_CASE("ide: doc comments directly above a line") {
    std::string text = "# not this\n\n# one\n#two\n  # three\nfn f():\n";
    CHECK(ss::ide::doc_comment_above(text, static_cast<uint32_t>(text.find("fn"))) == "one\ntwo\nthree");
    CHECK(ss::ide::doc_comment_above(text, 0) == "");
    CHECK(ss::ide::doc_comment_above("fn f", 99) == "");
    CHECK(ss::ide::collapse_spaces("  a\n   b  ") == "a b");
}

TEST_CASE("ide: the built-in types offered are the checker's, each with its doc") {
    auto labels_at = [](const std::string& text) {
        AnalysedDocument doc(text);
        std::set<std::string> labels;
        for (const CompletionEntry& e : ss::ide::complete(doc.snapshot(), doc.size())) labels.insert(e.label);
        return labels;
    };
    std::set<std::string> in_fn = labels_at("fn f(x: ");
    std::set<std::string> in_extern = labels_at("extern fn f(x: ");
    for (const ss::check::BuiltinType& t : ss::check::builtin_types()) {
        CAPTURE(t.name);
        CHECK(ss::check::is_builtin_type_name(t.name));
        CHECK(!t.doc.empty());
        CHECK(in_extern.count(std::string(t.name)) == 1);
        CHECK(in_fn.count(std::string(t.name)) == (t.extern_only ? 0u : 1u));
        CHECK(t.element.has_value() == (t.family == ss::check::BuiltinTypeFamily::Element));
        if (t.element) CHECK(ss::check::element_name(*t.element) == t.name);
    }
}

// ------------------------------------------------------------------ robustness

namespace {

void check_bounded(const AnalysedDocument& doc, uint32_t offset) {
    auto snapshot = doc.snapshot();
    std::vector<CompletionEntry> entries;
    REQUIRE_NOTHROW(entries = ss::ide::complete(snapshot, offset));
    REQUIRE(entries.size() <= ss::ide::kMaxCompletions);
    for (const auto& e : entries) REQUIRE(!e.label.empty());
    std::optional<ss::ide::SignatureHelp> help;
    REQUIRE_NOTHROW(help = ss::ide::signature_help(snapshot, offset));
    if (help) {
        REQUIRE(help->active_parameter >= -1);
        REQUIRE(help->active_parameter < static_cast<int>(std::max<size_t>(help->parameter_label_offsets.size(), 1)));
        for (auto [from, to] : help->parameter_label_offsets) REQUIRE((from <= to && to <= help->label.size()));
    }
}

}  // namespace

TEST_CASE("ide: completion and signature help at every offset of the examples") {
    auto files = ss::test::example_files();
    REQUIRE(files.size() >= 4);
    for (const std::string& file : files) {
        CAPTURE(file);
        AnalysedDocument doc(ss::test::read_source_file(file));
        uint32_t size = doc.size();
        for (uint32_t offset = 0; offset <= size + 2; ++offset) {
            CAPTURE(offset);
            check_bounded(doc, offset);
        }
    }
}

TEST_CASE("ide: completion and signature help after random edits") {
    const char* pieces[] = {"",
                            " ",
                            "\n",
                            "    ",
                            "(",
                            ")",
                            "[",
                            "]",
                            "x",
                            "m.",
                            "@",
                            "+ 1",
                            "D",
                            "n",
                            "fn ",
                            ",",
                            ":",
                            "\n    return x\n",
                            "#",
                            "\"",
                            "over=",
                            "|> softmax(",
                            "rearrange(b n ->",
                            "einsum(q, k:",
                            "as [b ",
                            "..",
                            "é",
                            "\xff",
                            "$",
                            "model M:\n    w: [",
                            "= ",
                            "."};
    for (const std::string& file : ss::test::example_files()) {
        CAPTURE(file);
        AnalysedDocument doc(ss::test::read_source_file(file));
        std::mt19937 rng(7);
        for (int step = 0; step < 40; ++step) {
            CAPTURE(step);
            uint32_t size = doc.size();
            uint32_t at = size ? rng() % size : 0;
            uint32_t length = rng() % 4;
            doc.edit({at, at + length, pieces[rng() % std::size(pieces)]});
            size = doc.size();
            check_bounded(doc, at);
            check_bounded(doc, std::min(size, at + 1));
            for (int probe = 0; probe < 8; ++probe) check_bounded(doc, size ? rng() % (size + 1) : 0);
        }
    }
}
