// codegen/names.hpp: py_name gives every name one Python spelling that no
// other name, in any role, shares, and that Python reads as it is
// (docs/generated-code.md, "Names"). tests/codegen/test_hostile_names.py
// runs the modules; this checks the mapping itself on names built to meet.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "codegen/names.hpp"

using ss::codegen::NameRole;
using ss::codegen::plain_python_name;
using ss::codegen::py_name;

namespace {

// Names and the names their spellings would take if the rule were weaker.
const std::vector<std::string> kNames = {
    "x",          "x_",           "x__",        "class",  "class_",  "class__", "range",        "range_",
    "seed",       "seed_",        "self",       "_",      "__",      "_x",      "_x_",          "__x",
    "__x_",       "__debug__",    "__debug___", "_ss_rt", "_ss_rt_", "_ss_x",   "_ss_x_1d403x", "_ss_y",
    "u_x",        "training",     "training_",  "to",     "to_",     "fields",  "fields_",      "D",
    "\U0001D403", "ffi",          "\uFB03",     "\u210C", "H",       "H_",      "\u03B1",       "e\u0301",
    "\u00E9",     "_ss_x_\u03B1", "torch",      "torch_", "match",   "type",
};

}  // namespace

TEST_CASE("py_name: one Python name per name and role, none shared") {
    const NameRole roles[] = {NameRole::Variable, NameRole::Shadowing, NameRole::Global, NameRole::ModelField,
                              NameRole::DataField};
    // Variables, shadowing variables and globals meet in one function's scope.
    std::map<std::string, std::string> scope;
    for (NameRole role : roles) {
        std::map<std::string, std::string> seen;
        bool shared_scope = role == NameRole::Variable || role == NameRole::Shadowing || role == NameRole::Global;
        for (const std::string& name : kNames) {
            std::string python = py_name(name, role);
            CAPTURE(name);
            CAPTURE(python);
            CHECK(plain_python_name(python));
            CHECK((python.substr(0, 2) != "__" || python == "__"));  // no private or dunder names (`_` is `__`)
            auto [it, fresh] = seen.emplace(python, name);
            CHECK_MESSAGE(fresh, "same as " << it->second);
            if (shared_scope) {
                auto [other, unused] = scope.emplace(python, name);
                CHECK_MESSAGE(other->second == name, "same as " << other->second);
            }
        }
    }
}

TEST_CASE("py_name: the documented spellings") {
    struct Case {
        const char* name;
        NameRole role;
        const char* python;
    };
    const Case cases[] = {
        {"x", NameRole::Variable, "x"},
        {"class", NameRole::Variable, "class_"},
        {"x_", NameRole::Global, "x__"},
        {"seed", NameRole::Variable, "seed"},
        {"seed", NameRole::Global, "seed_"},
        {"training", NameRole::ModelField, "training_"},
        {"fields", NameRole::DataField, "fields_"},
        {"H", NameRole::Shadowing, "H_"},
        {"\U0001D403", NameRole::Global, "_ss_x_1d403x"},
        {"\U0001D403", NameRole::Shadowing, "_ss_y_1d403x"},
        {"__debug__", NameRole::Variable, "_ss_x____debug____"},
        {"\u03B1", NameRole::Variable, "\u03B1"},
    };
    for (const Case& c : cases) CHECK_MESSAGE(py_name(c.name, c.role) == c.python, c.name);
}
