// A document's result written out whole, for tests that compare two
// analyses fact for fact: every diagnostic, symbol fact (with what each
// use resolves to), expression type (its structure and size symbols by
// id), size symbol, call site, effect and function fact, in order.
#pragma once

#include <memory>
#include <string>

#include "check/describe.hpp"
#include "check/document.hpp"

namespace ss::test {

// A type's structure, sizes with their symbols by id (the result's one
// table names them), without the text a renderer would make of it.
inline std::string structure(const ss::check::TypeRef& type) {
    if (!type) return "none";
    const ss::check::Type& t = *type;
    auto size = [](const ss::check::Size& s) {
        return s.to_string([](ss::check::SymbolId id) { return "s" + std::to_string(id); });
    };
    std::string out = "{" + std::to_string(static_cast<int>(t.kind)) + " " + t.ref;
    for (const auto& a : t.tensor.axes)
        out += " (" + a.name.value_or("") + "|" + a.written + "|" + size(a.size) + (a.variadic ? "|.." : "") + ")";
    const auto& e = t.tensor.element;
    out += " el" + std::to_string(static_cast<int>(e.kind)) + (e.written ? "w" : "") + " " + e.over + " " +
           e.bound_written;
    if (e.index_bound) out += "<" + size(*e.index_bound) + ">";
    for (const auto& element : t.elements) out += " " + structure(std::make_shared<ss::check::Type>(element));
    return out + "}";
}

inline std::string dump(const ss::check::DocumentResult& r) {
    std::string out;
    auto range = [](ss::ByteRange x) { return std::to_string(x.begin) + "-" + std::to_string(x.end); };
    for (const auto& d : r.diagnostics) {
        out += d.code + "@" + range(d.range) + " " + d.message;
        for (const auto& rel : d.related) out += " [" + range(rel.range) + " " + rel.message + "]";
        for (const auto& fix : d.fixes) {
            out += " fix " + fix.title;
            for (const auto& e : fix.edits) out += " " + range(e.range) + "=" + e.text;
        }
        out += "\n";
    }
    // Each fact: its kind and what it says (each use in `refs` resolves to
    // it), and its type's structure.
    for (const auto& s : r.check.symbols) {
        out += "sym " + std::to_string(static_cast<int>(s.kind)) + " " + s.name + "@" + range(s.definition) + " " +
               ss::check::describe(s) + " " + structure(s.type) + " " + s.owner + " " + s.written +
               (s.dim_value ? " =" + std::to_string(*s.dim_value) : "") + " refs";
        for (auto ref : s.references) out += " " + range(ref);
        out += "\n";
    }
    for (const auto& u : r.check.uses)
        out += "use " + std::to_string(static_cast<int>(u.kind)) + "@" + range(u.at) + " of " + range(u.definition) +
               (u.value ? " value" : "") + "\n";
    for (const auto& e : r.check.expressions)
        out += "expr@" + range(e.range) + " " + ss::check::describe(*e.type) + " " + structure(e.type) + "\n";
    for (size_t i = 0; i < r.check.symbol_names.size(); ++i)
        out += "s" + std::to_string(i) + "=" + r.check.symbol_names[i] + "\n";
    const ss::check::ProgramFacts& p = r.check.program;
    for (const auto& c : p.calls) {
        out += "call " + c.caller + "->" + c.callee + " " + std::string(ss::check::callee_kind_name(c.kind)) + "@" +
               range(c.range) + " " + range(c.callee_range) + (c.passed_as_value ? " value" : "");
        for (const auto& a : c.arguments)
            out += " " + a.parameter + ":" + std::to_string(static_cast<int>(a.source)) + "@" + range(a.range);
        for (const auto& x : c.axes) out += " " + ss::check::describe(x, r.check.symbol_names);
        out += "\n";
    }
    for (const auto& e : p.effects)
        out += "effect " + std::string(ss::check::effect_name(e.kind)) + "@" + range(e.range) + " " + e.detail + " " +
               e.size.to_string([](ss::check::SymbolId id) { return "s" + std::to_string(id); }) + "\n";
    for (const auto& f : p.functions) {
        out += "fn " + f.name + "@" + range(f.range) + " " + f.key + " calls " + std::to_string(f.calls_begin) + "-" +
               std::to_string(f.calls_end) + " effects " + std::to_string(f.effects_begin) + "-" +
               std::to_string(f.effects_end);
        for (const auto& m : f.mut_state_parameters) out += " " + m;
        // What is read from its syntax (a replay moves it, not reads it).
        out += " at " + range(f.name_range) + (f.elementwise_syntax ? " elementwise" : "") +
               (f.exported ? " exported" : "");
        for (const auto& [axis, id] : f.generic_axes) out += " " + axis + "=s" + std::to_string(id);
        for (const auto& param : f.params)
            out += " param " + param.name + "@" + range(param.range) + " " + ss::check::describe(*param.type) +
                   (param.has_default ? "=" : "");
        auto read = [&](const ss::check::FieldRead& x) {
            return " read " + x.parameter + "." + x.field + ":" + x.model + "@" + range(x.range) + " " +
                   ss::check::describe(*x.type);
        };
        for (const auto& x : f.field_reads) out += read(x);
        for (auto at : f.causal_attentions) out += " causal@" + range(at);
        if (f.serving) {
            for (const auto& e : f.serving->embeddings)
                out +=
                    " embedding@" + range(e.call) + " " + e.parameter + "@" + range(e.parameter_range) + read(e.table);
            for (const auto& r : f.serving->returns) {
                out += " return@" + range(r.value) + " hidden@" + range(r.hidden) + (r.bias ? " bias" : "");
                if (r.output) out += " output@" + range(*r.output);
                if (r.weight) out += read(*r.weight);
            }
            for (const auto& [name, at] : f.serving->parameter_uses) out += " use " + name + "@" + range(at);
        }
        out += "\n";
    }
    return out;
}

}  // namespace ss::test
