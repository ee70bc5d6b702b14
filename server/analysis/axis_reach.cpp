#include "analysis/axis_reach.hpp"

#include <deque>
#include <set>
#include <tuple>

#include "check/builtin_table.hpp"

namespace ss::analysis {

AxisFollower::AxisFollower(const check::ProgramFacts& program, const std::vector<std::vector<Cause>>& causes,
                           const ImportedCalls* imported)
    : program_(program), imported_(imported) {
    for (size_t i = 0; i < program.functions.size(); ++i) {
        functions_.emplace(program.functions[i].name, &program.functions[i]);
        causes_.emplace(&program.functions[i], &causes[i]);
    }
}

AxisReach AxisFollower::reach(const check::FunctionFacts& start, check::SymbolId symbol,
                              const PreventsFollowing& prevents) const {
    AxisReach out;
    std::deque<std::tuple<const check::FunctionFacts*, check::SymbolId, std::vector<const check::CallSite*>>> todo{
        {&start, symbol, {}}};
    std::set<std::pair<const check::FunctionFacts*, check::SymbolId>> seen{{&start, symbol}};
    while (!todo.empty()) {
        auto [fn, axis, path] = std::move(todo.front());
        todo.pop_front();
        out.reached.emplace_back(fn->name, axis);
        for (const Cause& cause : *causes_.at(fn)) {
            if (check::mentions(program_.effects[fn->effects_begin + cause.effect].size, axis) &&
                prevents(*fn, cause)) {
                out.prevention = along(cause, path);
                return out;
            }
        }
        for (size_t i = fn->calls_begin; i < fn->calls_end; ++i) {
            const check::CallSite& call = program_.calls[i];
            if (call.kind != check::CalleeKind::Function) continue;
            auto callee = functions_.find(call.callee);
            const ImportedVerdicts* other =
                callee == functions_.end() && imported_ ? imported_->of(program_, call.callee) : nullptr;
            for (const check::AxisBinding* b : check::callee_axes_of(call, axis)) {
                if (b->variadic && callee != functions_.end() && elementwise(*callee->second)) continue;
                if (b->variadic && other && other->elementwise) continue;
                if (b->variadic || !b->size.identical(check::Size::symbol(axis))) {
                    Blocker what = b->variadic ? Blocker::TakenIntoGroup : Blocker::TakenAsOtherSize;
                    out.prevention = along({what, call.callee, b->axis, fn->name, call.range}, path);
                    return out;
                }
                if (callee == functions_.end() && program_.imported.count(call.callee)) {
                    // Into another file, by what its analyses found there;
                    // without them (no ImportedCalls), only noted as reached.
                    if (!imported_) {
                        out.imported.emplace_back(&call, b->axis);
                        continue;
                    }
                    const check::ImportedFunction& f = program_.imported.at(call.callee);
                    auto there =
                        other ? other->axes.find(b->axis) : std::map<std::string, ImportedAxis>::const_iterator{};
                    std::optional<Cause> found;
                    if (!other || there == other->axes.end())
                        found = Cause{Blocker::MixesAlongAxis, "`" + call.callee + "`, a function of another file,", "",
                                      fn->name, call.range};
                    else if (there->second.selection && prevents(*fn, *there->second.selection))
                        found = ImportedCalls::at_call(*there->second.selection, call, f);
                    else if (there->second.loop) found = ImportedCalls::at_call(*there->second.loop, call, f);
                    if (found) {
                        out.prevention = along(*found, path);
                        return out;
                    }
                    out.imported.emplace_back(&call, b->axis);
                    continue;
                }
                if (callee == functions_.end() || !seen.insert({callee->second, b->symbol}).second) continue;
                std::vector<const check::CallSite*> longer = path;
                longer.push_back(&call);
                todo.emplace_back(callee->second, b->symbol, std::move(longer));
            }
        }
    }
    return out;
}

// Its body as written only does maths position by position
// (FunctionFacts::elementwise_syntax), it has no effects, and it calls only
// elementwise built-ins (the table's: nothing across an axis, nothing on
// the host, written as a plain torch call).
bool AxisFollower::elementwise(const check::FunctionFacts& fn) const {
    if (!fn.elementwise_syntax || fn.effects_begin != fn.effects_end) return false;
    for (size_t i = fn.calls_begin; i < fn.calls_end; ++i) {
        const check::CallSite& call = program_.calls[i];
        const check::Builtin* b = call.kind == check::CalleeKind::Builtin ? check::find_builtin(call.callee) : nullptr;
        if (!b || call.passed_as_value || b->across != check::BuiltinAcross::Nothing || b->host_only || b->effect ||
            (b->emit != check::BuiltinEmit::Call && b->emit != check::BuiltinEmit::Aligned))
            return false;
    }
    return true;
}

}  // namespace ss::analysis
