// A built-in's arguments against the labels of its signature (the table's
// `params`, builtin_table.hpp): one argument per parameter, none unknown,
// none given twice, none left out that has no default. This is what Python
// checks when the generated code calls the runtime or torch; checked here, a
// checked program never fails that way. The C++ rules then type what is
// given.
#include <algorithm>
#include <set>

#include "check/builtin_table.hpp"
#include "check/describe.hpp"
#include "check/file_checker.hpp"
#include "check/suggest.hpp"

namespace ss::check {

namespace {

// What a torch user's keyword is here, when no parameter has it and no
// name is close: `dim=` is `over=` an axis name.
std::string torch_keyword_hint(const std::string& keyword, const std::vector<std::string>& names) {
    bool over = std::find(names.begin(), names.end(), "over") != names.end();
    if (over && (keyword == "dim" || keyword == "axis"))
        return "; an axis is given by name, `over=` (`over=D`), never by position";
    return "";
}

}  // namespace

bool FileChecker::check_builtin_arity(std::string_view callee, const std::vector<BuiltinLabel>& params,
                                      const std::vector<const ast::Argument*>& arguments, bool piped, ByteRange range) {
    const bool any_keywords =
        std::any_of(params.begin(), params.end(), [](const BuiltinLabel& p) { return p.any_keywords; });
    const std::string name = "`" + std::string(callee) + "`";
    std::vector<bool> has(params.size(), false);
    std::vector<bool> by_name(params.size(), false);
    std::set<std::string> free_keywords;
    size_t next = 0;  // the next parameter a positional argument may fill
    auto fill_positional = [&]() {
        while (next < params.size() &&
               (params[next].any_keywords || params[next].keyword_only || (has[next] && !params[next].variadic)))
            ++next;
        if (next >= params.size()) return false;
        has[next] = true;
        return true;
    };
    bool ok = true;
    if (piped && !fill_positional()) {
        report(DiagCode::E0501, range, {name, "no arguments", "a piped value"});
        ok = false;
    }
    for (const ast::Argument* a : arguments) {
        if (!a->keyword) {
            if (fill_positional()) continue;
            size_t count = 0;
            std::vector<std::string> by_name;
            for (const BuiltinLabel& p : params)
                if (p.keyword_only) by_name.push_back(p.name);
                else if (!p.any_keywords) ++count;
            std::string takes = positional_arguments(count, by_name);
            report(DiagCode::E0501, a->range, {name, takes, "more"});
            ok = false;
            continue;
        }
        const std::string& keyword = a->keyword->text;
        auto it = std::find_if(params.begin(), params.end(), [&](const BuiltinLabel& p) {
            return !p.any_keywords && !p.variadic && p.name == keyword;
        });
        if (it != params.end()) {
            size_t i = static_cast<size_t>(it - params.begin());
            if (!has[i]) {
                has[i] = by_name[i] = true;
                continue;
            }
            report(DiagCode::E0509, a->keyword->range, {name, keyword, by_name[i] ? "" : ", by position and by name"});
        } else if (any_keywords) {
            if (free_keywords.insert(keyword).second) continue;
            report(DiagCode::E0509, a->keyword->range, {name, keyword, ""});
        } else {
            std::vector<std::string> names;
            for (const BuiltinLabel& p : params)
                if (!p.variadic) names.push_back(p.name);
            std::string hint = did_you_mean(keyword, names);
            if (hint.empty()) hint = torch_keyword_hint(keyword, names);
            report(DiagCode::E0503, a->keyword->range, {name, keyword, hint});
        }
        ok = false;
    }
    // A misspelt or repeated keyword already explains what is missing.
    for (size_t i = 0; i < params.size() && ok; ++i)
        if (!has[i] && !params[i].optional && !params[i].variadic) {
            report(DiagCode::E0502, range, {name, params[i].name});
            ok = false;
        }
    return ok;
}

}  // namespace ss::check
