#include "analysis/padding.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <set>

#include "analysis/axis_reach.hpp"
#include "analysis/words.hpp"
#include "check/builtin_table.hpp"
#include "diag/catalogue.hpp"

namespace ss::analysis {

namespace {

// One pad id per (function, axis), however many loops, selections or
// generic axes reach it: each new one is appended to `out`, numbered after
// those in `before`.
class PadIds {
public:
    explicit PadIds(std::vector<PaddedAxis>& out, const std::vector<PaddedAxis>& before = {}) : out_(out) {
        for (const PaddedAxis& a : before) ids_.emplace(std::pair{a.function, a.symbol}, a.id);
    }

    // Every (function, axis) `reach` reached; the one it started from
    // (`function`'s `start`) is made there when `made_here`, the batch axis
    // of the loop `loop` when that is set.
    void add(const AxisReach& reach, const std::string& function, check::SymbolId start, std::optional<ByteRange> loop,
             bool made_here) {
        for (const auto& [reached, symbol] : reach.reached) {
            auto [at, added] = ids_.emplace(std::pair{reached, symbol}, static_cast<int>(ids_.size()));
            if (!added) continue;
            bool own = reached == function && symbol == start;
            out_.push_back({reached, symbol, at->second, own ? loop : std::nullopt, own && made_here});
        }
    }

private:
    std::vector<PaddedAxis>& out_;
    std::map<std::pair<std::string, check::SymbolId>, int> ids_;
};

class Padding final : public Pass {
public:
    PassId id() const override { return PassId::Padding; }

    // What mixes values along an axis, in this body; whether it reaches a
    // loop's batch axis is decided over the whole program.
    Summary summarize(const FunctionView& fn) const override {
        Summary s;
        for (size_t i = 0; i < fn.effects.size(); ++i) {
            const check::Effect& e = fn.effects[i];
            if (e.kind != check::EffectKind::AcrossAxis && e.kind != check::EffectKind::InOrder) continue;
            Blocker what = e.kind == check::EffectKind::AcrossAxis ? Blocker::MixesAlongAxis : Blocker::ReadsInOrder;
            s.causes.emplace_back(what, e.detail, "", fn.function.name, e.range).effect = i;
        }
        return s;
    }

    void finish(const Inputs& in, Result& out) const override {
        const check::ProgramFacts& program = in.program;
        PaddingResult& padding = out.padding;
        for (Summary* s : in.own) padding.mixing.push_back(std::move(s->causes));
        // Made when first needed: most edits leave a file with no loop over batches.
        std::optional<AxisFollower> made;
        auto follower = [&]() -> const AxisFollower& {
            if (!made) made.emplace(program, padding.mixing, in.imported);
            return *made;
        };
        PadIds ids(padding.padded);
        for (const check::FunctionFacts& fn : program.functions)
            for (size_t i = fn.effects_begin; i < fn.effects_end; ++i) {
                const check::Effect& loop = program.effects[i];
                auto axis = loop.kind == check::EffectKind::DatasetLoop ? loop.size.as_symbol() : std::nullopt;
                if (!axis) continue;  // a loop over examples
                AxisReach reach = follower().reach(fn, *axis, padding_prevents(false));
                if (!reach.prevention) {
                    out.facts.push_back({FactKind::PaddedLoop, fn.name, loop.range});
                    ids.add(reach, fn.name, *axis, loop.range, true);
                    continue;
                }
                const Cause& p = *reach.prevention;
                out.facts.push_back({FactKind::UnpaddedLoop, fn.name, loop.range, p});
                out.facts.push_back({FactKind::PreventsPadding, p.function, p.range, p});
                Diagnostic hint = make_diagnostic(DiagCode::H2001, loop.range, {padding_why(p, "in this loop")});
                hint.related.push_back(
                    {p.range, p.elsewhere ? "this call reaches " + padding_what(p) + " in `" + p.function +
                                                "`, in another file: it has no masked version along the batch axis"
                                          : padding_what(p) + " here: it has no masked version along the batch axis"});
                out.diagnostics.push_back(std::move(hint));
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
                AxisReach reach = follower().reach(fn, *k, padding_prevents(true));
                if (reach.prevention) {
                    out.facts.push_back({FactKind::CompactedSelection, fn.name, selection.range, reach.prevention});
                    continue;
                }
                Fact fact{FactKind::KeptSelection, fn.name, selection.range};
                given_back(program, fn, *k, follower(), fact);
                out.facts.push_back(std::move(fact));
                if (first) {
                    ids.add(reach, fn.name, *k, std::nullopt, true);
                    kept.emplace_back(&fn, *k);
                }
            }
        }
        // A kept size a function returns comes back kept to each caller that
        // can keep it too, as a size made there, which it may return on.
        std::set<std::pair<std::string, check::SymbolId>> seen;
        // So does one a function of another file gives back kept.
        for (const check::FunctionFacts& caller : program.functions)
            for (size_t i = caller.calls_begin; i < caller.calls_end && in.imported; ++i) {
                const check::CallSite& call = program.calls[i];
                const ImportedVerdicts* other = call.kind == check::CalleeKind::Function && !call.passed_as_value
                                                    ? in.imported->of(program, call.callee)
                                                    : nullptr;
                if (!other) continue;
                for (const check::AxisBinding& r : call.results) {
                    auto size = r.size.as_symbol();
                    if (!size || !other->kept_results.count(r.axis) || !seen.insert({caller.name, *size}).second)
                        continue;
                    AxisReach reach = follower().reach(caller, *size, padding_prevents(true));
                    if (reach.prevention) continue;
                    ids.add(reach, caller.name, *size, std::nullopt, true);
                    kept.emplace_back(&caller, *size);
                }
            }
        while (!kept.empty()) {
            auto [fn, k] = kept.back();
            kept.pop_back();
            for (const auto& [caller, size] : results_of(program, *fn, k)) {
                if (!seen.insert({caller->name, size}).second) continue;
                AxisReach reach = follower().reach(*caller, size, padding_prevents(true));
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
    static void given_back(const check::ProgramFacts& program, const check::FunctionFacts& fn, check::SymbolId k,
                           const AxisFollower& follower, Fact& fact) {
        for (size_t i = fn.effects_begin; i < fn.effects_end; ++i)
            fact.returned = fact.returned || (program.effects[i].kind == check::EffectKind::Returned &&
                                              program.effects[i].size.as_symbol() == k);
        if (!fact.returned) return;
        std::set<std::string> keeping;
        for (const auto& [caller, size] : results_of(program, fn, k))
            if (!follower.reach(*caller, size, padding_prevents(true)).prevention) keeping.insert(caller->name);
        fact.names.assign(keeping.begin(), keeping.end());
    }
};

// One function's generic axes, each followed from the function itself:
// whether `shapescript.padded` can pad it, and what it reaches if so.
std::vector<std::pair<PaddableAxis, AxisReach>> follow_generics(const AxisFollower& follower,
                                                                const check::FunctionFacts& fn) {
    std::vector<std::pair<PaddableAxis, AxisReach>> out;
    for (const auto& [axis, symbol] : fn.generic_axes) {
        AxisReach reach = follower.reach(fn, symbol, padding_prevents(false));
        PaddableAxis verdict{fn.name, axis, symbol, reach.prevention};
        out.emplace_back(std::move(verdict), std::move(reach));
    }
    return out;
}

}  // namespace

std::unique_ptr<Pass> padding_pass() { return std::make_unique<Padding>(); }

// A kept selection's positions are the mask's, so what reads them in order
// (`causal`, `arange`) prevents it too.
PreventsFollowing padding_prevents(bool selection) {
    return [selection](const check::FunctionFacts&, const Cause& mix) {
        return mix.what == Blocker::MixesAlongAxis || (selection && mix.what == Blocker::ReadsInOrder);
    };
}

PaddableResult paddable_axes(const check::ProgramFacts& program, const PaddingResult& padding,
                             const ImportedCalls* imported) {
    PaddableResult out;
    PadIds ids(out.padded, padding.padded);
    AxisFollower follower(program, padding.mixing, imported);
    for (const check::FunctionFacts& fn : program.functions)
        for (auto& [verdict, reach] : follow_generics(follower, fn)) {
            if (!verdict.prevented) ids.add(reach, fn.name, verdict.symbol, std::nullopt, false);
            out.axes.push_back(std::move(verdict));
        }
    return out;
}

}  // namespace ss::analysis
