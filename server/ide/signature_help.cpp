// Signature help (signature_help.hpp), from the text context
// (text_context.hpp) and the signatures of the file's functions and
// built-ins.
#include "ide/signature_help.hpp"

#include <algorithm>
#include <variant>

#include "ide/builtin_docs.hpp"
#include "ide/function_label.hpp"
#include "ide/text_context.hpp"
#include "syntax/keywords.hpp"

namespace ss::ide {

namespace {

using namespace text;

// A built-in's label is its signature; each parameter's label is found in
// it, in order.
SignatureHelp from_builtin(const BuiltinDoc& d) {
    SignatureHelp h;
    h.label = d.signature;
    h.documentation = d.doc;
    size_t at = d.signature.find('(');
    at = at == std::string::npos ? 0 : at + 1;
    for (const BuiltinParam& p : d.params) {
        size_t found = h.label.find(p.label, at);
        if (found == std::string::npos) found = at;
        size_t end = std::min(found + p.label.size(), h.label.size());
        h.parameter_label_offsets.emplace_back(static_cast<uint32_t>(found), static_cast<uint32_t>(end));
        at = end;
    }
    return h;
}

// Whether `name` is assigned or a parameter in the function before the
// offset: then it is a local value, not the function of that name.
bool is_local(const TextContext& c, std::string_view name) {
    if (c.item != ItemKind::Fn) return false;
    const auto& t = c.tokens;
    bool header = true;  // before the first line break: the parameters
    for (size_t i = 0; i + 1 < t.size(); ++i) {
        if (t[i].kind == TokenKind::Newline) header = false;
        if (t[i].kind != TokenKind::Identifier || t[i].text != name) continue;
        const Token& next = t[i + 1];
        bool param = header && t[i].depth == 1 && next.kind == TokenKind::Punct && next.text == ":" && i > 0 &&
                     t[i - 1].kind == TokenKind::Punct && (t[i - 1].text == "(" || t[i - 1].text == ",");
        bool assigned = t[i].depth == 0 && (i == 0 || t[i - 1].kind == TokenKind::Newline) &&
                        next.kind == TokenKind::Punct && (next.text == "=" || next.text == ",");
        bool loop = i > 0 && t[i - 1].kind == TokenKind::Keyword && t[i - 1].text == "for";
        if (param || assigned || loop) return true;
    }
    return false;
}

int active_by_position(const std::vector<BuiltinParam>* builtin, size_t count, size_t position) {
    if (builtin)
        for (size_t i = 0; i < builtin->size() && i <= position; ++i)
            if ((*builtin)[i].variadic) return static_cast<int>(i);
    return position < count ? static_cast<int>(position) : -1;
}

std::optional<SignatureHelp> help_for(const Snapshot& s, const TextContext& c, const Bracket& b) {
    if (b.callee.empty()) return std::nullopt;
    if (b.role == BracketRole::PatternCall) {
        const BuiltinDoc* d = pattern_function_doc(b.callee[0]);
        if (!d) return std::nullopt;
        SignatureHelp h = from_builtin(*d);
        int last = static_cast<int>(d->params.size()) - 1;
        if (syntax::pattern_function(b.callee[0]) == syntax::PatternFunction::Einsum)
            h.active_parameter = b.colon ? 1 : 0;
        else if (b.arrow && b.argument_start > b.arrow) h.active_parameter = std::min(std::max(b.commas, 1), last);
        else h.active_parameter = 0;
        return h;
    }
    std::vector<std::string> names;
    const std::vector<BuiltinParam>* builtin_params = nullptr;
    SignatureHelp h;
    if (b.callee.size() == 2 && b.callee[1] == "init" && !is_local(c, b.callee[0])) {
        bool model = false;
        for (const ast::Item* item : s.result.items)
            if (auto* m = item ? std::get_if<ast::ModelDef>(&item->node) : nullptr; m && m->name.text == b.callee[0])
                model = true;
        if (!model) return std::nullopt;
        h.label = "init(seed: int) -> " + b.callee[0];
        h.parameter_label_offsets.emplace_back(5, 14);
        h.documentation = "Makes a `" + b.callee[0] + "` with each field drawn by its initialiser from `seed`.";
        names = {"seed"};
    } else if (b.callee.size() == 1 && !is_local(c, b.callee[0])) {
        if (const ast::Item* item = find_function(s, b.callee[0])) {
            FunctionLabel label = function_label(s, *item);
            h.label = label.label;
            h.parameter_label_offsets = label.params;
            h.documentation = doc_comment_above(s.text, item->range.begin);
            names = label.names;
        } else if (const BuiltinDoc* d = builtin_doc(b.callee[0]); d && d->is_call) {
            h = from_builtin(*d);
            builtin_params = &d->params;
            for (const BuiltinParam& p : d->params) names.push_back(p.name);
        } else {
            return std::nullopt;
        }
    } else {
        return std::nullopt;
    }
    std::string_view keyword = current_keyword(c, b);
    if (!keyword.empty()) {
        auto it = std::find(names.begin(), names.end(), keyword);
        h.active_parameter = it == names.end() ? -1 : static_cast<int>(it - names.begin());
    } else {
        size_t position = static_cast<size_t>(b.commas) + (is_piped(c, b) ? 1 : 0);
        h.active_parameter = active_by_position(builtin_params, names.size(), position);
    }
    return h;
}

}  // namespace

// A failure here is a bug: it reaches the LSP boundary, which logs it and
// answers the request with an error, and the tests of random edits see it.
std::optional<SignatureHelp> signature_help(const Snapshot& snapshot, uint32_t offset) {
    TextContext c = lex_context(snapshot, offset);
    if (c.in_comment_or_string) return std::nullopt;
    for (auto it = c.open.rbegin(); it != c.open.rend(); ++it) {
        if (it->role == BracketRole::ParamList) return std::nullopt;
        if (it->role == BracketRole::Call || it->role == BracketRole::PatternCall) return help_for(snapshot, c, *it);
    }
    return std::nullopt;
}

}  // namespace ss::ide
