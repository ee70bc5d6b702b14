// The table of built-ins (server/check/builtin_table.cpp) is complete: every
// entry has docs, a type rule or prelude declaration, and a code generation
// entry (or a reason it has none); every built-in the prelude declares or the
// checker types is in it; and docs/types.md lists each one's properties as
// the table has them.
#include <doctest/doctest.h>

#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "check/analyze.hpp"
#include "check/builtin_table.hpp"
#include "check/prelude.hpp"
#include "ide/builtin_docs.hpp"
#include "syntax_test_util.hpp"

using ss::check::Builtin;
using ss::check::BuiltinEmit;
using ss::check::BuiltinRule;
using ss::check::BuiltinTyping;

TEST_CASE("builtin table: every entry has docs, typing and code generation") {
    std::set<std::string> names;
    for (const Builtin& b : ss::check::builtin_table()) {
        CAPTURE(b.name);
        CHECK(names.insert(std::string(b.name)).second);  // one entry a name
        CHECK(ss::check::find_builtin(b.name) == &b);
        CHECK(!b.doc.empty());
        // Typing: the prelude's declaration, a named rule, or its arguments only.
        const ss::ast::ExternFn* declared = ss::check::prelude_declaration(b.name);
        CHECK((b.typing == BuiltinTyping::Prelude) == (declared != nullptr));
        CHECK((b.typing == BuiltinTyping::Rule) == (b.rule != BuiltinRule::None));
        // The signature is the prelude's, or the table's.
        if (b.typing == BuiltinTyping::Prelude) {
            CHECK(b.params.empty());
            CHECK(b.result.empty());
            CHECK(b.is_call);
        } else if (b.is_call) {
            CHECK((!b.params.empty() || !b.result.empty()));
        } else {
            CHECK(b.params.empty());
        }
        const ss::ide::BuiltinDoc* doc = ss::ide::builtin_doc(b.name);
        REQUIRE(doc != nullptr);
        CHECK(doc->in_prelude == (b.typing == BuiltinTyping::Prelude));
        CHECK(doc->doc.find(std::string(b.doc)) != std::string::npos);
        // Code generation: a Python name, or a reason there is none.
        CHECK((b.typing == BuiltinTyping::Initializer) == (b.emit == BuiltinEmit::Initializer));
        if (b.emit == BuiltinEmit::NotGenerated) CHECK(!b.not_generated.empty());
        else if (b.emit != BuiltinEmit::Initializer) CHECK(!ss::check::builtin_python(b).empty());
        if (b.typing == BuiltinTyping::Prelude) CHECK(b.python.empty());  // the declaration's target, not a copy
        // Properties that can't hold together.
        if (b.masked) CHECK(b.across != ss::check::BuiltinAcross::Nothing);
        if (b.host_only) CHECK_FALSE(b.exportable);
        if (b.effect == ss::check::EffectKind::DeviceWork) CHECK_FALSE(b.exportable);
    }
    CHECK(names.size() == ss::check::builtin_names().size());
    CHECK(ss::check::find_builtin("no_such_builtin") == nullptr);
}

TEST_CASE("builtin table: every built-in the prelude declares or the checker types is in it") {
    int declarations = 0;
    for (const ss::ast::Item& item : ss::check::prelude_ast().items)
        if (auto* fn = std::get_if<ss::ast::ExternFn>(&item.node)) {
            ++declarations;
            CAPTURE(fn->name.text);
            const Builtin* b = ss::check::find_builtin(fn->name.text);
            REQUIRE(b != nullptr);
            CHECK(b->typing == BuiltinTyping::Prelude);
        }
    CHECK(declarations >= 18);
    // Every rule of builtin_rules.cpp types some entry (a rule no entry
    // names is a built-in missing from the table).
    std::set<BuiltinRule> used;
    for (const Builtin& b : ss::check::builtin_table()) used.insert(b.rule);
    for (int r = static_cast<int>(BuiltinRule::Reduction); r <= static_cast<int>(BuiltinRule::Update); ++r) {
        CAPTURE(r);
        CHECK(used.count(static_cast<BuiltinRule>(r)) == 1);
    }
    // The checker knows each entry's name, and a name outside the table is
    // undefined. Named as a value, a built-in is E0103 (it isn't one), but `Eval`.
    for (const Builtin& b : ss::check::builtin_table()) {
        CAPTURE(b.name);
        std::string source = "fn f(x: [n]) -> [n]:\n    y = " + std::string(b.name) + "\n    return x\n";
        std::vector<std::string> expected;
        if (b.rule != BuiltinRule::EvalMode) expected.push_back("E0103");
        CHECK(ss::test::codes_of(ss::check::check_text(source)) == expected);
    }
    CHECK(ss::test::codes_of(ss::check::check_text("fn f(x: [n]) -> [n]:\n    y = no_such_builtin\n    return x\n")) ==
          std::vector<std::string>{"E0102"});
}

// docs/types.md, "Properties of the built-ins": one row a built-in,
// | `name` | across | masked | host only | exportable |, each a word.
TEST_CASE("builtin table: docs/types.md gives each built-in's properties as the table does") {
    std::string text = ss::test::read_source_file("docs/types.md");
    size_t start = text.find("### Properties of the built-ins");
    REQUIRE(start != std::string::npos);
    std::istringstream lines(text.substr(start));
    static const std::regex row(R"(^\| `(\w+)` \| (\w+) \| (yes|no) \| (yes|no) \| (yes|no) \|$)");
    std::map<std::string, std::string> documented;
    std::string line;
    std::getline(lines, line);  // the heading
    while (std::getline(lines, line) && line.rfind("### ", 0) != 0 && line.rfind("## ", 0) != 0) {
        std::smatch m;
        if (!std::regex_match(line, m, row)) continue;
        CHECK_MESSAGE(
            documented.emplace(m[1], m[2].str() + " " + m[3].str() + " " + m[4].str() + " " + m[5].str()).second,
            "listed twice: " << m[1]);
    }
    auto word = [](ss::check::BuiltinAcross a) {
        return a == ss::check::BuiltinAcross::Over        ? "over"
               : a == ss::check::BuiltinAcross::Signature ? "signature"
                                                          : "no";
    };
    auto yes = [](bool b) { return b ? "yes" : "no"; };
    for (const Builtin& b : ss::check::builtin_table()) {
        CAPTURE(b.name);
        auto it = documented.find(std::string(b.name));
        REQUIRE_MESSAGE(it != documented.end(), "docs/types.md has no row for " << b.name);
        CHECK(it->second ==
              std::string(word(b.across)) + " " + yes(b.masked) + " " + yes(b.host_only) + " " + yes(b.exportable));
        documented.erase(it);
    }
    for (const auto& [name, props] : documented)
        CHECK_MESSAGE(false, "docs/types.md lists a built-in the table lacks: " << name);
}
