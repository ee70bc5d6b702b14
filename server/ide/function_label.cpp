#include "ide/function_label.hpp"

#include <variant>

#include "ide/builtin_docs.hpp"

namespace ss::ide {

const ast::Item* find_function(const Snapshot& snapshot, std::string_view name) {
    for (const ast::Item* item : snapshot.result.items) {
        if (!item) continue;
        if (auto* fn = std::get_if<ast::FnDef>(&item->node); fn && fn->name.text == name && !fn->name.missing)
            return item;
        if (auto* fn = std::get_if<ast::ExternFn>(&item->node); fn && fn->name.text == name && !fn->name.missing)
            return item;
    }
    return nullptr;
}

FunctionLabel function_label(const Snapshot& snapshot, const ast::Item& item) {
    FunctionLabel out;
    const std::vector<ast::Param>* params = nullptr;
    const ast::TypePtr* returns = nullptr;
    std::string name;
    if (auto* fn = std::get_if<ast::FnDef>(&item.node)) {
        params = &fn->params;
        returns = &fn->return_type;
        name = fn->name.text;
    } else if (auto* fn = std::get_if<ast::ExternFn>(&item.node)) {
        params = &fn->params;
        returns = &fn->return_type;
        name = fn->name.text;
    } else {
        return out;
    }
    auto slice = [&](ByteRange r) -> std::string {
        if (r.begin >= r.end || r.end > snapshot.text.size()) return "";
        return collapse_spaces(snapshot.text.substr(r.begin, r.end - r.begin));
    };
    out.label = name + "(";
    for (size_t i = 0; i < params->size(); ++i) {
        const ast::Param& p = (*params)[i];
        if (i) out.label += ", ";
        std::string text = slice(p.range);
        if (text.empty()) text = p.name.text;
        auto begin = static_cast<uint32_t>(out.label.size());
        out.label += text;
        out.params.emplace_back(begin, static_cast<uint32_t>(out.label.size()));
        out.names.push_back(p.name.text);
    }
    out.label += ")";
    if (*returns) {
        std::string r = slice((*returns)->range);
        if (!r.empty()) out.label += " -> " + r;
    }
    return out;
}

}  // namespace ss::ide
