// Built-in docs: each entry of check's table of built-ins
// (check/builtin_table.cpp), its signature read from the prelude's AST and
// text when the prelude declares it, else written in the table (notation:
// builtin_docs.hpp, docs/types.md); and the pattern functions' table below.
#include "ide/builtin_docs.hpp"

#include <algorithm>
#include <map>
#include <variant>

#include "check/builtin_table.hpp"
#include "check/prelude.hpp"
#include "syntax/keywords.hpp"

namespace ss::ide {

namespace {

// A pattern function's doc, in the notation of the table of built-ins.
struct Entry {
    syntax::PatternFunction function;
    std::vector<const char*> params;  // labels
    const char* result;               // "" for none
    const char* doc;
};

const std::vector<Entry>& pattern_table() {
    static const std::vector<Entry> entries = {
        {syntax::PatternFunction::Rearrange,
         {"pattern", "name=size ..."},
         "",
         "Moves, merges and splits axes by name: `x |> rearrange(b n (H Dh) -> b H n Dh)`. Every input name is on "
         "the output (E0413); `h=16` gives a name a size."},
        {syntax::PatternFunction::Split,
         {"pattern"},
         "",
         "As `rearrange`, with one number on the input that is the count of results: `q, k, v = x |> split(b n (3 "
         "H Dh) -> b H n Dh)`."},
        {syntax::PatternFunction::Repeat,
         {"pattern", "name=size ..."},
         "",
         "Adds axes, each a dim, a number or a name given a size: `x |> repeat(b n -> b n k, k=4)`."},
        {syntax::PatternFunction::Reduce,
         {"pattern", "reducer"},
         "",
         "Reduces the input axes the output leaves out with `mean`, `sum`, `max`, `min` or `prod`: `x |> reduce(b "
         "n D -> b D, mean)`."},
        {syntax::PatternFunction::Einsum,
         {"operands ...", "pattern"},
         "",
         "Multiplies its operands and sums the names the output leaves out, one input side per operand: "
         "`einsum(q, k: b H n Dh, b H m Dh -> b H n m)`."},
    };
    return entries;
}

BuiltinParam param_of_label(std::string label) {
    check::BuiltinLabel parsed = check::builtin_label(label);
    BuiltinParam p;
    p.name = parsed.any_keywords ? label.substr(0, label.find('=')) : parsed.name;
    p.optional = parsed.optional;
    p.variadic = parsed.variadic;
    p.label = std::move(label);
    return p;
}

std::string slice(std::string_view text, ByteRange range) {
    if (range.begin >= range.end || range.end > text.size()) return "";
    return std::string(text.substr(range.begin, range.end - range.begin));
}

// A signature written in the table (notation: builtin_docs.hpp).
template <class Labels>
BuiltinDoc doc_of(std::string_view name, const Labels& labels, std::string_view result, std::string_view doc,
                  bool is_call) {
    BuiltinDoc d;
    d.name = name;
    d.is_call = is_call;
    d.doc = doc;
    if (!is_call) {
        d.signature = d.name + (!result.empty() ? ": " + std::string(result) : "");
        return d;
    }
    d.signature = d.name + "(";
    for (size_t i = 0; i < labels.size(); ++i) {
        d.params.push_back(param_of_label(std::string(labels[i])));
        d.signature += (i ? ", " : "") + d.params.back().label;
    }
    d.signature += ")";
    if (!result.empty()) d.signature += " -> " + std::string(result);
    return d;
}

BuiltinDoc doc_of_entry(const Entry& e) { return doc_of(syntax::name_of(e.function), e.params, e.result, e.doc, true); }

// The prelude's extern fns, with their signatures as the prelude writes them.
std::map<std::string, BuiltinDoc> prelude_docs() {
    std::map<std::string, BuiltinDoc> out;
    std::string_view text = check::prelude_text();
    for (const ast::Item& item : check::prelude_ast().items) {
        auto* fn = std::get_if<ast::ExternFn>(&item.node);
        if (!fn || fn->name.missing) continue;
        BuiltinDoc d;
        d.name = fn->name.text;
        d.in_prelude = true;
        d.signature = d.name + "(";
        for (size_t i = 0; i < fn->params.size(); ++i) {
            BuiltinParam p;
            p.name = fn->params[i].name.text;
            p.label = collapse_spaces(slice(text, fn->params[i].range));
            p.optional = fn->params[i].default_value != nullptr;
            d.signature += (i ? ", " : "") + p.label;
            d.params.push_back(std::move(p));
        }
        d.signature += ")";
        if (fn->return_type) d.signature += " -> " + collapse_spaces(slice(text, fn->return_type->range));
        d.doc = doc_comment_above(text, item.range.begin);
        out.emplace(d.name, std::move(d));
    }
    return out;
}

std::vector<BuiltinDoc> make_docs() {
    std::map<std::string, BuiltinDoc> prelude = prelude_docs();
    std::map<std::string, BuiltinDoc> docs;
    for (const check::Builtin& b : check::builtin_table()) {
        auto declared = prelude.find(std::string(b.name));
        if (b.typing != check::BuiltinTyping::Prelude || declared == prelude.end()) {
            docs.emplace(b.name, doc_of(b.name, b.params, b.result, b.doc, b.is_call));
            continue;
        }
        BuiltinDoc d = std::move(declared->second);
        d.doc = d.doc.empty() ? std::string(b.doc) : d.doc + "\n\n" + std::string(b.doc);
        docs.emplace(b.name, std::move(d));
    }
    std::vector<BuiltinDoc> out;
    for (auto& [name, d] : docs) out.push_back(std::move(d));
    return out;  // sorted by name: a std::map's order
}

const BuiltinDoc* find(const std::vector<BuiltinDoc>& docs, std::string_view name) {
    auto it = std::lower_bound(docs.begin(), docs.end(), name,
                               [](const BuiltinDoc& d, std::string_view n) { return d.name < n; });
    return it != docs.end() && it->name == name ? &*it : nullptr;
}

}  // namespace

const std::vector<BuiltinDoc>& builtin_docs() {
    static const std::vector<BuiltinDoc> docs = make_docs();
    return docs;
}

const BuiltinDoc* builtin_doc(std::string_view name) { return find(builtin_docs(), name); }

const std::vector<BuiltinDoc>& pattern_function_docs() {
    static const std::vector<BuiltinDoc> docs = [] {
        std::vector<BuiltinDoc> out;
        for (const Entry& e : pattern_table()) out.push_back(doc_of_entry(e));
        std::sort(out.begin(), out.end(), [](const BuiltinDoc& a, const BuiltinDoc& b) { return a.name < b.name; });
        return out;
    }();
    return docs;
}

const BuiltinDoc* pattern_function_doc(std::string_view name) { return find(pattern_function_docs(), name); }

std::string doc_comment_above(std::string_view text, uint32_t offset) {
    if (offset > text.size()) offset = static_cast<uint32_t>(text.size());
    size_t line_start = text.rfind('\n', offset == 0 ? std::string_view::npos : offset - 1);
    line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
    std::vector<std::string> lines;
    while (line_start > 0) {
        size_t prev_end = line_start - 1;  // the '\n' ending the line above
        size_t prev_start = prev_end == 0 ? 0 : text.rfind('\n', prev_end - 1);
        prev_start = prev_start == std::string_view::npos || prev_end == 0 ? 0 : prev_start + 1;
        std::string_view line = text.substr(prev_start, prev_end - prev_start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        size_t first = line.find_first_not_of(" \t");
        if (first == std::string_view::npos || line[first] != '#') break;
        std::string_view body = line.substr(first + 1);
        if (!body.empty() && body[0] == ' ') body.remove_prefix(1);
        lines.emplace_back(body);
        line_start = prev_start;
    }
    std::string out;
    for (auto it = lines.rbegin(); it != lines.rend(); ++it) out += (out.empty() ? "" : "\n") + *it;
    return out;
}

std::string collapse_spaces(std::string_view text) {
    std::string out;
    bool space = false;
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += c;
    }
    return out;
}

}  // namespace ss::ide
