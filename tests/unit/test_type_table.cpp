// Interned fact types: equal types are one object, different ones never
// merge (a wrong merge would show one value's type for another).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "check/document.hpp"
#include "check/type_table.hpp"

namespace {

using namespace ss;

check::Type tensor(std::vector<std::string> names, check::ElementKind element = check::ElementKind::F32) {
    check::Type t = check::of_kind(check::TypeKind::Tensor);
    for (size_t i = 0; i < names.size(); ++i) {
        check::AxisType a;
        a.name = names[i];
        a.written = names[i];
        a.size = check::Size::symbol(static_cast<check::SymbolId>(i));
        t.tensor.axes.push_back(a);
    }
    t.tensor.element.kind = element;
    return t;
}

}  // namespace

TEST_CASE("type table: equal types share one object, different ones stay apart") {
    check::TypeTable table;
    check::TypeRef a = table.intern(tensor({"b", "n"}));
    CHECK(table.intern(tensor({"b", "n"})) == a);
    CHECK(table.intern(tensor({"b", "m"})) != a);                           // written differently
    CHECK(table.intern(tensor({"b", "n"}, check::ElementKind::I64)) != a);  // another element
    check::Type moved = tensor({"b", "n"});
    moved.tensor.axes[1].size = check::Size::symbol(7);  // same text, another symbol
    CHECK(table.intern(moved) != a);
    check::Type over = tensor({"b", "n"});
    over.tensor.axes[1].size = check::Size::overflow();
    check::TypeRef o = table.intern(over);
    CHECK(table.intern(over) == o);  // identical, though no overflowed size is == another
}

TEST_CASE("type table: a type's origins are not kept, so equal types from two places are one") {
    // A fact's type is shared by every copy a replayed body makes, so it
    // holds no place in the text.
    check::TypeTable table;
    check::Type here = tensor({"b", "n"});
    here.tensor.axes[0].origin = {10, 11};
    check::Type there = tensor({"b", "n"});
    there.tensor.axes[0].origin = {40, 41};
    check::TypeRef a = table.intern(here);
    CHECK(a->tensor.axes[0].origin.begin == 0);
    CHECK(a->tensor.axes[0].origin.end == 0);
    CHECK(table.intern(there) == a);
    CHECK(table.intern(std::move(there)) == a);
    check::Type nested = check::of_kind(check::TypeKind::Tuple);
    nested.elements.push_back(here);
    check::TypeRef t = table.intern(std::move(nested));
    CHECK(t->elements[0].tensor.axes[0].origin.end == 0);
    CHECK(here.tensor.axes[0].origin.begin == 10);  // the caller's type is left as it was
}

TEST_CASE("type table: every type is found again as the table grows, and equal hashes stay apart") {
    check::TypeTable table;
    std::vector<check::TypeRef> held;
    for (int i = 0; i < 1000; ++i) held.push_back(table.intern(tensor({"a" + std::to_string(i), "n"})));
    for (int i = 0; i < 1000; ++i) CHECK(table.intern(tensor({"a" + std::to_string(i), "n"})) == held[i]);
    // An axis's name is not hashed (its written size is): the same hash,
    // two types.
    check::Type named = tensor({"b"}), renamed = tensor({"b"});
    renamed.tensor.axes[0].name = "c";
    check::TypeRef x = table.intern(named), y = table.intern(renamed);
    CHECK(x != y);
    CHECK(table.intern(named) == x);
    CHECK(table.intern(renamed) == y);
}

TEST_CASE("type table: what no fact holds is swept, once the table has grown") {
    check::TypeTable table;
    check::TypeRef kept = table.intern(tensor({"b"}));
    table.intern(tensor({"c"}));
    table.sweep();
    CHECK(table.size() == 2);  // too few to walk the table for
    // Held while the table grows (a growth also drops what expired), then
    // let go: only a sweep drops them.
    std::vector<check::TypeRef> held;
    for (int i = 0; i < 100; ++i) held.push_back(table.intern(tensor({"c" + std::to_string(i)})));
    held.clear();
    CHECK(table.size() >= 100);
    table.sweep();
    CHECK(table.size() == 1);
    CHECK(table.intern(tensor({"b"})) == kept);
}

TEST_CASE("type table: a body's equal types are one object, also after a replay moves its symbols") {
    // `b` makes its own `?k`; `t` and `w` have the one type `[k]`.
    std::string a = "fn a(x: [n], m: [n] Mask) -> [n]:\n    s = x[m]\n    return x\n";
    std::string text = a + "fn b(v: [n], m: [n] Mask):\n    t = v[m] as [k]\n    w = t |> gelu\n";
    check::DocumentAnalysis document(text);
    auto same = [&](const check::CheckResult& r) {
        const check::SymbolFact *t = nullptr, *w = nullptr;
        for (const check::SymbolFact& f : r.symbols) {
            if (f.name == "t") t = &f;
            if (f.name == "w") w = &f;
        }
        REQUIRE(t);
        REQUIRE(w);
        return t->type && t->type == w->type;
    };
    CHECK(same(document.analyze().check));
    // One more selection in `a`: `b` is replayed, its `k` renumbered.
    auto at = static_cast<uint32_t>(text.find("    return x\n"));
    document.apply_edit({at, at, "    u = x[m]\n"});
    CHECK(same(document.analyze().check));
}
