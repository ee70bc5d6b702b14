// Editor features on unfinished text: built-in docs, completion and
// signature help (server/ide/builtin_docs, completion, signature_help).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "check/builtin_table.hpp"
#include "check/document.hpp"
#include "check/prelude.hpp"
#include "diag/line_index.hpp"
#include "ide/builtin_docs.hpp"
#include "ide/completion.hpp"
#include "ide/signature_help.hpp"
#include "syntax_test_util.hpp"

using ss::ide::CompletionEntry;
using ss::ide::CompletionKind;

namespace {

// A document analysed once; `$` in the source marks the offset.
struct Doc {
    std::unique_ptr<ss::check::DocumentAnalysis> analysis;
    const ss::check::DocumentResult* result = nullptr;
    std::unique_ptr<ss::LineIndex> lines;
    uint32_t offset = 0;

    explicit Doc(std::string text, bool marked = true) {
        size_t mark = marked ? text.find('$') : std::string::npos;
        if (mark != std::string::npos) {
            offset = static_cast<uint32_t>(mark);
            text.erase(mark, 1);
        }
        analysis = std::make_unique<ss::check::DocumentAnalysis>(std::move(text));
        refresh();
    }

    void refresh() {
        result = &analysis->analyze();
        lines = std::make_unique<ss::LineIndex>(analysis->text());
    }

    ss::ide::Snapshot snapshot() const { return {analysis->text(), *lines, *result, analysis->tree()}; }
    std::vector<CompletionEntry> complete() const { return ss::ide::complete(snapshot(), offset); }
    std::optional<ss::ide::SignatureHelp> help() const { return ss::ide::signature_help(snapshot(), offset); }
};

std::vector<CompletionEntry> complete(const std::string& text) { return Doc(text).complete(); }

std::set<std::string> labels(const std::vector<CompletionEntry>& entries) {
    std::set<std::string> out;
    for (const auto& e : entries) out.insert(e.label);
    return out;
}

const CompletionEntry* entry(const std::vector<CompletionEntry>& entries, const std::string& label,
                             std::optional<CompletionKind> kind = std::nullopt) {
    for (const auto& e : entries)
        if (e.label == label && (!kind || e.kind == *kind)) return &e;
    return nullptr;
}

// The entry, which must be there.
const CompletionEntry& get(const std::vector<CompletionEntry>& entries, const std::string& label,
                           std::optional<CompletionKind> kind = std::nullopt) {
    const CompletionEntry* e = entry(entries, label, kind);
    REQUIRE_MESSAGE(e != nullptr, label);
    return *e;
}

int active(const std::optional<ss::ide::SignatureHelp>& h) {
    REQUIRE(h.has_value());
    return h->active_parameter;
}

std::string param_label(const ss::ide::SignatureHelp& h, int i) {
    REQUIRE(i >= 0);
    REQUIRE(static_cast<size_t>(i) < h.parameter_label_offsets.size());
    auto [from, to] = h.parameter_label_offsets[static_cast<size_t>(i)];
    return h.label.substr(from, to - from);
}

const char* kRecords =
    "dim D = 4\n"
    "dim H = 8\n"
    "\n"
    "model Mlp:\n"
    "    w1: [D H] = normal(0.02)\n"
    "    b1: [H] = zeros\n"
    "\n"
    "data Digit:\n"
    "    image: [D]\n"
    "    label: Index[H]\n"
    "\n";

}  // namespace

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
    CHECK(ss::ide::builtin_doc("sum")->signature == "sum(x: [..s], over?: axis) -> [..s without over]");
    CHECK(ss::ide::builtin_doc("sum")->params[1].optional);
    CHECK(ss::ide::builtin_doc("cat")->params[0].variadic);
    CHECK(ss::ide::builtin_doc("zeros")->signature == "zeros: initializer");
    CHECK_FALSE(ss::ide::builtin_doc("Eval")->is_call);
    for (const char* f : {"rearrange", "split", "repeat", "reduce", "einsum"}) {
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
    CHECK(declarations >= 19);
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

// ------------------------------------------------------------------ completion

TEST_CASE("ide: completion after m. lists exactly the fields") {
    std::string head = kRecords;
    SUBCASE("a model parameter") {
        auto entries = complete(head + "fn f(m: Mlp, batch: Batch[Digit]) -> [D H]:\n    return m.$\n");
        CHECK(labels(entries) == std::set<std::string>{"w1", "b1"});
        const CompletionEntry* w1 = entry(entries, "w1");
        REQUIRE(w1);
        CHECK(w1->kind == CompletionKind::Field);
        CHECK(w1->detail == "[D H]");
        CHECK(w1->documentation.find("normal(0.02)") != std::string::npos);
    }
    SUBCASE("filtered by what is typed") {
        auto entries = complete(head + "fn f(m: Mlp) -> [D H]:\n    return m.w$\n");
        CHECK(labels(entries) == std::set<std::string>{"w1"});
    }
    SUBCASE("a batch: fields gain the batch axis") {
        auto entries = complete(head + "fn f(m: Mlp, batch: Batch[Digit]) -> [D H]:\n    x = batch.$\n");
        CHECK(labels(entries) == std::set<std::string>{"image", "label"});
        CHECK(get(entries, "image").detail == "[b D]");
        CHECK(get(entries, "label").detail == "[b] Index[H]");
    }
    SUBCASE("a local made by init, and a loop's batches") {
        auto entries = complete(head + "fn f(train: Dataset[Digit]):\n    m = Mlp.init(seed=0)\n    y = m.$\n");
        CHECK(labels(entries) == std::set<std::string>{"w1", "b1"});
        entries = complete(head + "fn f(train: Dataset[Digit]):\n    for batch in train |> batches(4):\n        y = batch.i$\n");
        CHECK(labels(entries) == std::set<std::string>{"image"});
    }
    SUBCASE("a model's name: init") {
        auto entries = complete(head + "fn f():\n    m = Mlp.$\n");
        CHECK(labels(entries) == std::set<std::string>{"init"});
        CHECK(get(entries, "init").is_snippet);
    }
    SUBCASE("something unknown: nothing") {
        CHECK(complete(head + "fn f(x: [D]):\n    y = x.$\n").empty());
        CHECK(complete(head + "import python torch\nfn f():\n    y = torch.$\n").empty());
    }
}

TEST_CASE("ide: completion inside a tensor type lists dims and axes") {
    SUBCASE("a return type being written") {
        auto entries = complete("dim D = 4\ndim Dh = 2\n\nfn f(x: [b n D]) -> [b $");
        CHECK(labels(entries) == std::set<std::string>{"b", "n", "D", "Dh"});
        CHECK(get(entries, "D").kind == CompletionKind::Dim);
        CHECK(get(entries, "D").detail == "dim D = 4");
        CHECK(get(entries, "n").kind == CompletionKind::Axis);
        CHECK(labels(complete("dim D = 4\ndim Dh = 2\n\nfn f(x: [b n D]) -> [b D$")) ==
              std::set<std::string>{"D", "Dh"});
    }
    SUBCASE("a model field: dims only") {
        auto entries = complete("dim D = 4\ndim H = 2\n\nmodel M:\n    w: [D $\n");
        CHECK(labels(entries) == std::set<std::string>{"D", "H"});
    }
    SUBCASE("causal and as") {
        auto entries = complete("dim D = 4\nfn f(x: [n m D]) -> [n m D]:\n    y = causal[n $\n");
        CHECK(labels(entries) == std::set<std::string>{"n", "m", "D"});
        entries = complete("dim D = 4\nfn f(x: [n m D]) -> [n m D]:\n    y = x as [$\n");
        CHECK(labels(entries) == std::set<std::string>{"n", "m", "D"});
        CHECK(get(entries, "m").detail == "axis of [n m D]");  // the value's axes first
    }
    SUBCASE("type names after a colon, the element type after the axes") {
        auto entries = complete(std::string(kRecords) + "fn f(x: $");
        auto names = labels(entries);
        for (const char* t : {"f32", "Mask", "Index", "Dataset", "Batch", "Mlp", "Digit", "int"}) CHECK(names.count(t));
        CHECK_FALSE(names.count("softmax"));
        names = labels(complete("dim D = 4\nfn f(x: [n D] M$"));
        CHECK(names == std::set<std::string>{"Mask"});
        names = labels(complete(std::string(kRecords) + "fn f(x: Batch[$"));
        CHECK(names == std::set<std::string>{"Digit"});
    }
}

TEST_CASE("ide: completion in patterns and over= offers the operand's axes") {
    std::string head = "dim D = 8\n\nfn f(x: [b n D], y: [n D]) -> [n b D]:\n";
    SUBCASE("a piped pattern") {
        auto entries = complete(head + "    return x |> rearrange($");
        auto names = labels(entries);
        for (const char* a : {"b", "n", "D"}) CHECK(names.count(a));
        std::string first = entries.at(0).label, second = entries.at(1).label, third = entries.at(2).label;
        CHECK(std::set<std::string>{first, second, third} == std::set<std::string>{"b", "n", "D"});
        CHECK(get(entries, "b").detail == "axis of [b n D]");
        CHECK_FALSE(names.count("softmax"));
    }
    SUBCASE("the output side offers the input's names") {
        auto names = labels(complete(head + "    return x |> rearrange(b n D -> n $"));
        CHECK(names == std::set<std::string>{"b", "n", "D"});
    }
    SUBCASE("einsum operands are expressions, its pattern axes") {
        CHECK(labels(complete(head + "    return einsum(x, $")).count("y"));
        auto entries = complete(head + "    return einsum(x, y: $");
        CHECK(entry(entries, "b", CompletionKind::Axis));
        CHECK_FALSE(entry(entries, "y"));
        CHECK(labels(complete(head + "    return reduce(x: b n D -> b D, $")) ==
              std::set<std::string>{"mean", "sum", "max", "min", "prod"});
    }
    SUBCASE("a keyword argument: over= and the callee's parameters") {
        auto entries = complete(head + "    return softmax(x, ov$");
        const CompletionEntry* over = entry(entries, "over=");
        REQUIRE(over);
        CHECK(over->kind == CompletionKind::Parameter);
        CHECK(over->detail == "over: axis");
        CHECK(entries.at(0).label == "over=");
        entries = complete(head + "    return x |> rms_norm($");
        auto names = labels(entries);
        for (const char* k : {"over=", "weight=", "bias=", "eps="}) CHECK(names.count(k) == (std::string(k) != "bias="));
        CHECK(names.count("x"));  // a value is fine too
        entries = complete(head + "    return x |> rms_norm(over=D, $");
        CHECK_FALSE(entry(entries, "over="));
        CHECK(entry(entries, "weight="));
    }
    SUBCASE("a user function's parameters") {
        std::string text = "dim D = 8\nfn g(x: [n], scale_by: float, axis_name: axis) -> [n]:\n    return x\n"
                           "fn f(x: [n]) -> [n]:\n    return g(x, $";
        auto names = labels(complete(text));
        CHECK(names.count("scale_by="));
        CHECK(names.count("axis_name="));
        CHECK_FALSE(names.count("x="));  // given by position
    }
    SUBCASE("the value of over=") {
        auto entries = complete(head + "    return x |> softmax(over=$");
        CHECK(entry(entries, "n", CompletionKind::Axis));
        CHECK(entry(entries, "b", CompletionKind::Axis));
        CHECK(entries.at(0).sort_text.rfind("0", 0) == 0);
        CHECK_FALSE(entry(entries, "softmax"));
        entries = complete(head + "    return sum(y, over=$");
        CHECK(get(entries, "n").detail == "axis of [n D]");
        CHECK_FALSE(entry(entries, "x"));
    }
}

TEST_CASE("ide: completion of names in scope") {
    std::string text =
        "dim D = 4\n"
        "\n"
        "# Returns its argument.\n"
        "fn helper(x: [n D]) -> [n D]:\n"
        "    return x\n"
        "\n"
        "fn f(x: [n D], y: [n D]) -> [n D]:\n"
        "    z = x + y\n"
        "    $\n"
        "    w = z\n"
        "    return w\n";
    auto entries = complete(text);
    auto names = labels(entries);
    for (const char* n : {"x", "y", "z", "helper", "f", "D", "softmax", "rearrange", "return", "for", "if"}) {
        CAPTURE(n);
        CHECK(names.count(n));
    }
    CHECK_FALSE(names.count("w"));  // assigned after the offset
    CHECK_FALSE(entry(entries, "fn", CompletionKind::Snippet));
    CHECK(get(entries, "z").detail == "[n D]");
    CHECK(get(entries, "z").kind == CompletionKind::Variable);
    CHECK(get(entries, "x").kind == CompletionKind::Parameter);
    CHECK(get(entries, "helper").detail == "fn helper(x: [n D]) -> [n D]");
    CHECK(get(entries, "helper").documentation == "Returns its argument.");
    CHECK(get(entries, "softmax").detail == "softmax(x: [..s], over: axis) -> [..s]");
    CHECK(get(entries, "n").kind == CompletionKind::Axis);
    CHECK(entries.size() <= ss::ide::kMaxCompletions);
    // Locals come before items, items before built-ins, built-ins before keywords.
    auto rank = [&](const std::string& label) {
        for (size_t i = 0; i < entries.size(); ++i)
            if (entries[i].label == label) return i;
        return entries.size();
    };
    CHECK(rank("z") < rank("helper"));
    CHECK(rank("helper") < rank("softmax"));
    CHECK(rank("softmax") < rank("return"));

    SUBCASE("filtered by the prefix") {
        std::string typed = text;
        typed.replace(typed.find('$'), 1, "he$");
        CHECK(labels(complete(typed)) == std::set<std::string>{"helper"});
        typed = text;
        typed.replace(typed.find('$'), 1, "so$");
        CHECK(labels(complete(typed)) == std::set<std::string>{"softmax", "sort"});
    }
    SUBCASE("a file's own function shadows a built-in") {
        auto shadowed = complete("fn gelu(x: [n]) -> [n]:\n    return x\nfn f(x: [n]) -> [n]:\n    return gel$\n");
        REQUIRE(shadowed.size() == 1);
        CHECK(shadowed[0].detail == "fn gelu(x: [n]) -> [n]");
    }
    SUBCASE("a pipeline stage: functions") {
        std::string staged = text;
        staged.replace(staged.find('$'), 1, "q = z |> $");
        auto stages = complete(staged);
        CHECK(entry(stages, "helper"));
        CHECK(entry(stages, "softmax"));
        CHECK(entry(stages, "rearrange"));
        CHECK_FALSE(entry(stages, "z"));
        CHECK_FALSE(entry(stages, "D"));
        CHECK_FALSE(entry(stages, "zeros"));
        CHECK(stages.at(0).label == "f");  // the file's functions first
    }
    SUBCASE("after a value, only what may follow it") {
        CHECK(labels(complete("fn f(x: [n]) -> [n]:\n    return x $\n")) == std::set<std::string>{"as", "and", "or"});
        CHECK(labels(complete("fn f(x: [n]) -> [n]:\n    for i i$")) == std::set<std::string>{"in"});
    }
    SUBCASE("the top level: items and snippets") {
        auto top = complete("dim D = 4\n$");
        CHECK(entry(top, "fn", CompletionKind::Snippet));
        CHECK(entry(top, "fn", CompletionKind::Keyword));
        CHECK(get(top, "model", CompletionKind::Snippet).is_snippet);
        CHECK(entry(top, "data", CompletionKind::Snippet));
        CHECK_FALSE(entry(top, "D"));
        CHECK(labels(complete("dim D = 4\nmo$")) == std::set<std::string>{"model"});
    }
    SUBCASE("nothing in comments, strings and new names") {
        CHECK(complete("fn f(x: [n]) -> [n]:\n    # x$\n    return x\n").empty());
        CHECK(complete("fn f(x: [n]) -> [n]:\n    save(\"a$\", x)\n").empty());
        CHECK(complete("fn $").empty());
        CHECK(complete("dim D = 4\nfn f(x: [n]) -> [n]:\n    for $").empty());
        CHECK(labels(complete("fn f($")) == std::set<std::string>{"mut"});
    }
    SUBCASE("dims in a dim's value, initialisers in a model") {
        CHECK(labels(complete("dim D = 4\ndim H = 2\ndim Q = $")) == std::set<std::string>{"D", "H"});
        auto inits = labels(complete("dim D = 4\nmodel M:\n    w: [D] = $"));
        for (const char* i : {"normal", "zeros", "ones", "D"}) CHECK(inits.count(i));
    }
}

// ------------------------------------------------------------------ signature help

TEST_CASE("ide: signature help on unfinished calls") {
    std::string head =
        "dim D = 8\n"
        "\n"
        "model M:\n"
        "    w: [D D] = normal(0.02)\n"
        "\n"
        "# Scales x.\n"
        "fn g(x: [n], scale_by: float, over: axis) -> [n]:\n"
        "    return x\n"
        "\n"
        "fn f(x: [b n D], w: [D D], m: M) -> [b n D]:\n";
    SUBCASE("a prelude built-in") {
        auto h = Doc(head + "    return linear(x, $").help();
        REQUIRE(h);
        CHECK(h->label == "linear(x: [..s I], w: [O I]) -> [..s O]");
        CHECK(h->active_parameter == 1);
        CHECK(param_label(*h, 0) == "x: [..s I]");
        CHECK(param_label(*h, 1) == "w: [O I]");
        CHECK(!h->documentation.empty());
    }
    SUBCASE("the first argument, a piped value, a keyword") {
        CHECK(active(Doc(head + "    return softmax($").help()) == 0);
        CHECK(active(Doc(head + "    return x |> softmax($").help()) == 1);
        CHECK(active(Doc(head + "    return softmax(over=n, $").help()) == 1);
        auto h = Doc(head + "    return softmax(over=$").help();
        REQUIRE(h);
        CHECK(h->active_parameter == 1);
        CHECK(param_label(*h, 1) == "over: axis");
        CHECK(active(Doc(head + "    return softmax(x, nope=$").help()) == -1);
        CHECK(active(Doc(head + "    return softmax(x, n, x, $").help()) == -1);
    }
    SUBCASE("a user function, with its doc comment") {
        auto h = Doc(head + "    return g(x[0], 2.0, $").help();
        REQUIRE(h);
        CHECK(h->label == "g(x: [n], scale_by: float, over: axis) -> [n]");
        CHECK(h->active_parameter == 2);
        CHECK(param_label(*h, 2) == "over: axis");
        CHECK(h->documentation == "Scales x.");
        CHECK(active(Doc(head + "    return g(x, over=n, scale_by=$").help()) == 1);
    }
    SUBCASE("the innermost call, past other brackets") {
        auto h = Doc(head + "    return g(softmax(x, $").help();
        REQUIRE(h);
        CHECK(h->label.rfind("softmax(", 0) == 0);
        h = Doc(head + "    return g(x, (1 + $").help();
        REQUIRE(h);
        CHECK(h->label.rfind("g(", 0) == 0);
        CHECK(h->active_parameter == 1);
        h = Doc(head + "    return g(softmax(x, over=n), $").help();
        REQUIRE(h);
        CHECK(h->label.rfind("g(", 0) == 0);
        CHECK(h->active_parameter == 1);
    }
    SUBCASE("hand-written built-ins, variadic parameters") {
        auto h = Doc(head + "    return cat(x, x, x, $").help();
        REQUIRE(h);
        CHECK(h->active_parameter == 0);
        CHECK(param_label(*h, 0) == "parts: [..s] ...");
        CHECK(active(Doc(head + "    return cat(x, x, over=$").help()) == 1);
        h = Doc(head + "    return x |> sum(over=$").help();
        REQUIRE(h);
        CHECK(h->label == "sum(x: [..s], over?: axis) -> [..s without over]");
        CHECK(h->active_parameter == 1);
    }
    SUBCASE("a model's init, pattern functions") {
        auto h = Doc(head + "    y = M.init($").help();
        REQUIRE(h);
        CHECK(h->label == "init(seed: int) -> M");
        CHECK(param_label(*h, 0) == "seed: int");
        h = Doc(head + "    return x |> rearrange(b n D -> n b D, $").help();
        REQUIRE(h);
        CHECK(h->label.rfind("rearrange(", 0) == 0);
        CHECK(h->active_parameter == 1);
        h = Doc(head + "    return einsum(x, w: $").help();
        REQUIRE(h);
        CHECK(h->active_parameter == 1);
    }
    SUBCASE("no help outside calls and for unknown callees") {
        CHECK_FALSE(Doc(head + "    return softmax(x)$").help());
        CHECK_FALSE(Doc(head + "    return x$").help());
        CHECK_FALSE(Doc("import python torch\nfn f(x: [n]):\n    torch.foo($").help());
        CHECK_FALSE(Doc(head + "    # softmax($").help());
        CHECK_FALSE(Doc("fn f(x: $").help());
        CHECK_FALSE(Doc(head + "    g = 1\n    g($").help());  // a local, not the function
    }
}

// ------------------------------------------------------------------ robustness

namespace {

void check_bounded(const Doc& doc, uint32_t offset) {
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
        Doc doc(ss::test::read_source_file(file), false);
        auto size = static_cast<uint32_t>(doc.analysis->text().size());
        for (uint32_t offset = 0; offset <= size + 2; ++offset) {
            CAPTURE(offset);
            check_bounded(doc, offset);
        }
    }
}

TEST_CASE("ide: completion and signature help after random edits") {
    const char* pieces[] = {"", " ", "\n", "    ", "(", ")", "[", "]", "x", "m.", "@", "+ 1", "D", "n", "fn ", ",",
                            ":", "\n    return x\n", "#", "\"", "over=", "|> softmax(", "rearrange(b n ->", "einsum(q, k:",
                            "as [b ", "..", "é", "\xff", "$", "model M:\n    w: [", "= ", "."};
    for (const std::string& file : ss::test::example_files()) {
        CAPTURE(file);
        Doc doc(ss::test::read_source_file(file), false);
        std::mt19937 rng(7);
        for (int step = 0; step < 40; ++step) {
            CAPTURE(step);
            auto size = static_cast<uint32_t>(doc.analysis->text().size());
            uint32_t at = size ? rng() % size : 0;
            uint32_t length = rng() % 4;
            doc.analysis->apply_edit({at, at + length, pieces[rng() % std::size(pieces)]});
            doc.refresh();
            size = static_cast<uint32_t>(doc.analysis->text().size());
            check_bounded(doc, at);
            check_bounded(doc, std::min(size, at + 1));
            for (int probe = 0; probe < 8; ++probe) check_bounded(doc, size ? rng() % (size + 1) : 0);
        }
    }
}
