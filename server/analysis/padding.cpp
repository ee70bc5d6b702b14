#include "analysis/padding.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <set>

#include "check/builtin_table.hpp"
#include "diag/catalogue.hpp"

namespace ss::analysis {

namespace {

constexpr std::string_view kPadding = "padding";

// What keeps a loop's batch axis from being padded: an operation, or a call
// that takes the axis into a variadic group (whose axes the callee can't
// name, so the analysis can't follow it), with the call path to it.
struct Prevention {
    std::string what;  // "`sort`", "`f`, which takes it into its group `..s`"
    std::string function;
    ByteRange range;
    check::CallPath path;  // from the loop's function to `function`
};

struct Reach {
    std::optional<Prevention> prevention;
    std::vector<std::pair<std::string, check::SymbolId>> reached;  // with no prevention: where it is padded
};

class Follower {
public:
    explicit Follower(const check::ProgramFacts& program) : program_(program) {
        for (const check::FunctionFacts& fn : program.functions) functions_.emplace(fn.name, &fn);
    }

    // What the axis `symbol` of `start` reaches, breadth first (so the
    // first prevention is along a shortest call path): the first thing that
    // prevents padding it, or none and every (function, axis) it reaches.
    // A `selection`'s positions aren't in order: what reads them in order
    // (`causal`) prevents keeping it too.
    Reach reach(const check::FunctionFacts& start, check::SymbolId symbol, bool selection = false) const {
        Reach out;
        std::deque<std::tuple<const check::FunctionFacts*, check::SymbolId, check::CallPath>> todo{
            {&start, symbol, {}}};
        std::set<std::pair<const check::FunctionFacts*, check::SymbolId>> seen{{&start, symbol}};
        while (!todo.empty()) {
            auto [fn, axis, path] = std::move(todo.front());
            todo.pop_front();
            out.reached.emplace_back(fn->name, axis);
            for (size_t i = fn->effects_begin; i < fn->effects_end; ++i) {
                const check::Effect& e = program_.effects[i];
                bool prevents =
                    e.kind == check::EffectKind::AcrossAxis || (selection && e.kind == check::EffectKind::InOrder);
                if (prevents && check::mentions(e.size, axis)) {
                    out.prevention = Prevention{e.detail, fn->name, e.range, path};
                    return out;
                }
            }
            for (size_t i = fn->calls_begin; i < fn->calls_end; ++i) {
                const check::CallSite& call = program_.calls[i];
                if (call.kind != check::CalleeKind::Function) continue;
                auto callee = functions_.find(call.callee);
                for (const check::AxisBinding* b : check::callee_axes_of(call, axis)) {
                    // Into a group of a function that only does elementwise
                    // maths, a padded position only ever affects itself.
                    if (b->variadic && callee != functions_.end() && elementwise(*callee->second)) continue;
                    std::string refused =
                        b->variadic ? "`" + call.callee + "`, which takes it into its group `.." + b->axis + "`"
                        : !b->size.identical(check::Size::symbol(axis))
                            ? "`" + call.callee + "`, which takes it as `" + b->axis + "` of another size"
                            : "";
                    if (!refused.empty()) {
                        out.prevention = Prevention{refused, fn->name, call.range, path};
                        return out;
                    }
                    if (callee == functions_.end() || !seen.insert({callee->second, b->symbol}).second) continue;
                    check::CallPath longer = path;
                    longer.sites.push_back(&call);
                    todo.emplace_back(callee->second, b->symbol, std::move(longer));
                }
            }
        }
        return out;
    }

private:
    // Whether `fn` only does maths position by position: its body as
    // written (FunctionFacts::elementwise_syntax), no effects, and only
    // elementwise built-ins called (the table's: nothing across an axis,
    // nothing on the host, written as a plain torch call).
    bool elementwise(const check::FunctionFacts& fn) const {
        if (!fn.elementwise_syntax || fn.effects_begin != fn.effects_end) return false;
        for (size_t i = fn.calls_begin; i < fn.calls_end; ++i) {
            const check::CallSite& call = program_.calls[i];
            const check::Builtin* b =
                call.kind == check::CalleeKind::Builtin ? check::find_builtin(call.callee) : nullptr;
            if (!b || call.passed_as_value || b->across != check::BuiltinAcross::Nothing || b->host_only || b->effect ||
                (b->emit != check::BuiltinEmit::Call && b->emit != check::BuiltinEmit::Aligned))
                return false;
        }
        return true;
    }

    const check::ProgramFacts& program_;
    std::map<std::string, const check::FunctionFacts*> functions_;
};

// One pad id per (function, axis), however many loops, selections or
// generic axes reach it: each new one is appended to Result::padded.
class PadIds {
public:
    explicit PadIds(Result& result) : result_(result) {
        for (const PaddedAxis& a : result.padded) ids_.emplace(std::pair{a.function, a.symbol}, a.id);
    }

    // Every (function, axis) `reach` reached; the one it started from
    // (`function`'s `start`) is made there when `made_here`, the batch axis
    // of the loop `loop` when that is set.
    void add(const Reach& reach, const std::string& function, check::SymbolId start, std::optional<ByteRange> loop,
             bool made_here) {
        for (const auto& [reached, symbol] : reach.reached) {
            auto [at, added] = ids_.emplace(std::pair{reached, symbol}, static_cast<int>(ids_.size()));
            if (!added) continue;
            bool own = reached == function && symbol == start;
            result_.padded.push_back({reached, symbol, at->second, own ? loop : std::nullopt, own && made_here});
        }
    }

private:
    Result& result_;
    std::map<std::pair<std::string, check::SymbolId>, int> ids_;
};

// Where a prevention is, seen from the loop (analysis.hpp's place_in).
std::string place_of(const Prevention& p, std::string_view here = "in this loop") {
    return place_in(p.function, p.path, here);
}

class Padding final : public Pass {
public:
    std::string_view name() const override { return kPadding; }

    // Everything is decided over the whole program: a loop's batch axis
    // reaches other functions.
    Summary summarize(const FunctionView&) const override { return {}; }

    void finish(const check::ProgramFacts& program, Result& result) const override {
        std::optional<Follower> follower;
        PadIds ids(result);
        for (const check::FunctionFacts& fn : program.functions)
            for (size_t i = fn.effects_begin; i < fn.effects_end; ++i) {
                const check::Effect& loop = program.effects[i];
                auto axis = loop.kind == check::EffectKind::DatasetLoop ? loop.size.as_symbol() : std::nullopt;
                if (!axis) continue;  // a loop over examples
                if (!follower) follower.emplace(program);
                Reach reach = follower->reach(fn, *axis);
                if (!reach.prevention) {
                    result.facts.push_back({FactKind::PaddedLoop, fn.name, loop.range, ""});
                    ids.add(reach, fn.name, *axis, loop.range, true);
                    continue;
                }
                const Prevention& p = *reach.prevention;
                std::string why = p.what + " " + place_of(p);
                result.facts.push_back({FactKind::UnpaddedLoop, fn.name, loop.range, why});
                result.facts.push_back({FactKind::PreventsPadding, p.function, p.range, p.what});
                Diagnostic hint = make_diagnostic(DiagCode::H2001, loop.range, {why});
                hint.related.push_back({p.range, p.what + " here: it has no masked version along the batch axis"});
                result.diagnostics.push_back(std::move(hint));
            }
        // Selections by a Mask of one axis, kept at the mask's size where
        // nothing their size reaches prevents it, else compacted.
        std::vector<std::pair<const check::FunctionFacts*, check::SymbolId>> kept;
        for (const check::FunctionFacts& fn : program.functions) {
            std::set<check::SymbolId> done;
            for (size_t i = fn.effects_begin; i < fn.effects_end; ++i) {
                const check::Effect& selection = program.effects[i];
                auto k = selection.kind == check::EffectKind::Selection ? selection.size.as_symbol() : std::nullopt;
                if (!k) continue;
                bool first = done.insert(*k).second;
                if (!follower) follower.emplace(program);
                Reach reach = follower->reach(fn, *k, true);
                if (reach.prevention) {
                    const Prevention& p = *reach.prevention;
                    result.facts.push_back({FactKind::CompactedSelection, fn.name, selection.range,
                                            p.what + " " + place_of(p, "in `" + fn.name + "`")});
                    continue;
                }
                result.facts.push_back(
                    {FactKind::KeptSelection, fn.name, selection.range, given_back(program, fn, *k, *follower)});
                if (first) {
                    ids.add(reach, fn.name, *k, std::nullopt, true);
                    kept.emplace_back(&fn, *k);
                }
            }
        }
        // A kept size a function returns comes back kept to each caller that
        // can keep it too, as a size made there, which it may return on.
        std::set<std::pair<std::string, check::SymbolId>> seen;
        while (!kept.empty()) {
            auto [fn, k] = kept.back();
            kept.pop_back();
            for (const auto& [caller, size] : results_of(program, *fn, k)) {
                if (!seen.insert({caller->name, size}).second) continue;
                Reach reach = follower->reach(*caller, size, true);
                if (reach.prevention) continue;
                ids.add(reach, caller->name, size, std::nullopt, true);
                kept.emplace_back(caller, size);
            }
        }
    }

private:
    // Each call's `?k` result that `fn` returns its kept size `k` as: the
    // caller, and the size made there.
    static std::vector<std::pair<const check::FunctionFacts*, check::SymbolId>> results_of(
        const check::ProgramFacts& program, const check::FunctionFacts& fn, check::SymbolId k) {
        std::set<check::SymbolId> declared;
        for (size_t i = fn.effects_begin; i < fn.effects_end; ++i)
            if (const check::Effect& e = program.effects[i];
                e.kind == check::EffectKind::Returned && e.size.as_symbol() == k)
                declared.insert(e.returned_as);
        std::vector<std::pair<const check::FunctionFacts*, check::SymbolId>> out;
        if (declared.empty()) return out;
        for (const check::FunctionFacts& caller : program.functions)
            for (size_t i = caller.calls_begin; i < caller.calls_end; ++i) {
                const check::CallSite& call = program.calls[i];
                if (call.kind != check::CalleeKind::Function || call.passed_as_value || call.callee != fn.name)
                    continue;
                for (const check::AxisBinding& r : call.results)
                    if (auto size = r.size.as_symbol(); size && declared.count(r.symbol))
                        out.emplace_back(&caller, *size);
            }
        return out;
    }

    // For a kept selection `fn` returns: to whom it is given back kept
    // (the callers its first hop reaches without a prevention).
    static std::string given_back(const check::ProgramFacts& program, const check::FunctionFacts& fn, check::SymbolId k,
                                  const Follower& follower) {
        bool returned = false;
        for (size_t i = fn.effects_begin; i < fn.effects_end; ++i)
            returned = returned || (program.effects[i].kind == check::EffectKind::Returned &&
                                    program.effects[i].size.as_symbol() == k);
        if (!returned) return "";
        std::set<std::string> keeping;
        for (const auto& [caller, size] : results_of(program, fn, k))
            if (!follower.reach(*caller, size, true).prevention) keeping.insert("`" + caller->name + "`");
        std::string names;
        for (const std::string& n : keeping) names += (names.empty() ? "" : ", ") + n;
        return names.empty()
                   ? "Returned, it is compacted: no caller can keep it."
                   : "Returned, it is given back kept to " + names + "; Python and other callers get it compacted.";
    }
};

// One function's generic axes, each followed from the function itself:
// whether `shapescript.padded` can pad it, and what it reaches if so.
std::vector<std::pair<PaddableAxis, Reach>> follow_generics(const Follower& follower, const check::FunctionFacts& fn) {
    std::vector<std::pair<PaddableAxis, Reach>> out;
    for (const auto& [axis, symbol] : fn.generic_axes) {
        Reach reach = follower.reach(fn, symbol);
        PaddableAxis verdict{fn.name, axis, symbol, ""};
        if (reach.prevention)
            verdict.prevented = reach.prevention->what + " " + place_of(*reach.prevention, "in `" + fn.name + "`");
        out.emplace_back(std::move(verdict), std::move(reach));
    }
    return out;
}

}  // namespace

std::unique_ptr<Pass> padding_pass() { return std::make_unique<Padding>(); }

void add_paddable_axes(const check::ProgramFacts& program, Result& result) {
    PadIds ids(result);
    Follower follower(program);
    for (const check::FunctionFacts& fn : program.functions)
        for (auto& [verdict, reach] : follow_generics(follower, fn)) {
            if (verdict.prevented.empty()) ids.add(reach, fn.name, verdict.symbol, std::nullopt, false);
            result.paddable.push_back(std::move(verdict));
        }
}

std::vector<PaddableAxis> paddable_axes(const check::ProgramFacts& program, const std::string& function) {
    std::vector<PaddableAxis> out;
    Follower follower(program);
    for (const check::FunctionFacts& fn : program.functions)
        if (fn.name == function)
            for (auto& [verdict, reach] : follow_generics(follower, fn)) out.push_back(std::move(verdict));
    return out;
}

}  // namespace ss::analysis
