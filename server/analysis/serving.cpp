#include "analysis/serving.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "analysis/axis_reach.hpp"
#include "analysis/words.hpp"
#include "check/describe.hpp"

namespace ss::analysis {

namespace {

constexpr const char* kAttention = "scaled_dot_product_attention";

bool integer_element(check::ElementKind k) {
    return k == check::ElementKind::Index || k == check::ElementKind::I32 || k == check::ElementKind::I64;
}

// The effects of `fn` along axes that would mix one request's positions
// with another's, as causes (Cause::effect says which): every operation
// across an axis, masked or not, and every read of positions in order,
// but the attentions whose `attn_mask` is a `causal` mask written in the
// call (FunctionFacts::causal_attentions), and that mask.
std::vector<Cause> across_causes(const check::FunctionFacts& fn, const check::ProgramFacts& program) {
    auto allowed = [&](const check::Effect& e) {
        for (ByteRange call : fn.causal_attentions)
            if (e.range.begin >= call.begin && e.range.end <= call.end &&
                (e.range.begin == call.begin || e.detail == "`causal`"))
                return true;
        return false;
    };
    std::vector<Cause> out;
    for (size_t i = fn.effects_begin; i < fn.effects_end; ++i) {
        const check::Effect& e = program.effects[i];
        using K = check::EffectKind;
        if (e.kind != K::AcrossAxis && e.kind != K::AcrossAxisMasked && e.kind != K::InOrder) continue;
        if (allowed(e)) continue;
        out.emplace_back(Blocker::ServingAcross, e.detail, "", fn.name, e.range).effect = i - fn.effects_begin;
    }
    return out;
}

// The serving rules over one program: each function's effects across
// axes worked out once, then asked of any function.
class ServingRules {
public:
    ServingRules(const check::ProgramFacts& program, const ImportedCalls* imported)
        : program_(program), imported_(imported) {
        for (const check::FunctionFacts& fn : program.functions) {
            by_name_.emplace(fn.name, &fn);
            across_.push_back(across_causes(fn, program));
        }
        // Serving's causes aren't padding's, which the follower would read
        // in other files' verdicts: a call into another file is only noted
        // (AxisReach::imported), and `follow` reads serving's verdicts there.
        follower_.emplace(program, across_, nullptr);
    }

    std::vector<Cause> causes(const std::string& function) const {
        auto found = by_name_.find(function);
        if (found == by_name_.end() || !found->second->serving) return {};
        const check::FunctionFacts& fn = *found->second;
        std::vector<Cause> out;
        auto add = [&](Blocker what, ByteRange range, std::string detail, std::string subject = "") {
            out.emplace_back(what, std::move(subject), std::move(detail), fn.name, range);
        };
        // E3301: the model, the ids, the positions, the rest with defaults.
        const check::ParamFacts* ids = fn.params.size() > 1 ? &fn.params[1] : nullptr;
        std::optional<int64_t> vocabulary;
        std::optional<check::SymbolId> sequence;
        if (!ids) {
            add(Blocker::ServingParameters, fn.name_range, "`" + fn.name + "` takes no token ids");
        } else if (auto why = not_ids(*ids->type, vocabulary, sequence)) {
            add(Blocker::ServingParameters, ids->range,
                "its token ids `" + ids->name + "` are `" + check::describe(*ids->type) + "`: " + *why, ids->name);
        }
        for (size_t i = 2; i < fn.params.size(); ++i) {
            const check::ParamFacts& p = fn.params[i];
            if (p.has_default) continue;
            if (i == 2 && ids && positions(*p.type, *ids->type)) continue;
            add(Blocker::ServingParameters, p.range,
                i == 2 ? "`" + p.name + "`, `" + check::describe(*p.type) +
                             "`, is neither the ids' positions (`[b n]` of an integer type) nor has a default"
                       : "`" + p.name + "` has no default",
                p.name);
        }
        // E3302: one return, of the output layer.
        const check::ServingForm& form = *fn.serving;
        const check::ReturnForm* output = nullptr;
        if (form.returns.size() != 1) {
            add(Blocker::ServingOutput, fn.name_range,
                "`" + fn.name + "` has " + std::to_string(form.returns.size()) + " `return`s");
        } else if (const check::ReturnForm& r = form.returns.front(); !r.output) {
            add(Blocker::ServingOutput, r.value, "it returns something other than `linear(h, m.W)`");
        } else if (!r.weight || r.weight->parameter != fn.params.front().name) {
            add(Blocker::ServingOutput, r.value, "the output layer's weight isn't a param of the model");
        } else if (r.bias) {
            add(Blocker::ServingOutput, r.value, "the output layer has a bias");
        } else if (auto why = not_table(*r.weight->type, vocabulary)) {
            add(Blocker::ServingOutput, r.weight->range, "`" + r.weight->field + "` is " + *why);
        } else {
            output = &r;
        }
        // E3303: the ids read once, by the embedding; its table and the
        // output layer read nowhere else.
        const check::EmbeddingCall* embedding = nullptr;
        if (ids) {
            for (const check::EmbeddingCall& e : form.embeddings)
                if (e.parameter == ids->name && !embedding) embedding = &e;
            if (!embedding) {
                add(Blocker::ServingIds, ids->range, "",
                    "`" + ids->name + "` isn't given to `embedding(" + ids->name + ", m.E)`");
            } else if (auto why = not_table(*embedding->table.type, vocabulary)) {
                add(Blocker::ServingIds, embedding->table.range, "", "`" + embedding->table.field + "` is " + *why);
            }
            for (const auto& [name, range] : form.parameter_uses)
                if (name == ids->name && (!embedding || range.begin != embedding->parameter_range.begin))
                    add(Blocker::ServingIds, range, "", "`" + ids->name + "` is read here");
        }
        std::set<std::string> engine_fields;
        std::set<uint32_t> engine_reads;
        if (embedding) {
            engine_fields.insert(embedding->table.field);
            engine_reads.insert(embedding->table.range.begin);
        }
        if (output) {
            engine_fields.insert(output->weight->field);
            engine_reads.insert(output->weight->range.begin);
        }
        const std::string& model = fn.params.front().type->ref;
        std::vector<std::pair<const check::FunctionFacts*, std::vector<const check::CallSite*>>> reached{{&fn, {}}};
        for (const auto& [name, path] : check::CallGraph(program_).reaches(fn.name))
            if (auto f = by_name_.find(name); f != by_name_.end() && f->second != &fn)
                reached.emplace_back(f->second, path.sites);
        for (const auto& [f, path] : reached) {
            for (const check::FieldRead& read : f->field_reads)
                if (read.model == model && engine_fields.count(read.field) && !engine_reads.count(read.range.begin)) {
                    Cause c{Blocker::ServingIds, "`" + read.parameter + "." + read.field + "` is read here", "",
                            f->name, read.range};
                    out.push_back(along(c, path));
                }
            // And in the functions of other files it calls, a model of the
            // served type named there by its own name (`Gpt2` for `gpt2_layers.Gpt2`).
            for (size_t i = f->calls_begin; i < f->calls_end; ++i) {
                const check::CallSite& call = program_.calls[i];
                const ImportedVerdicts* other = imported_ ? imported_->of(program_, call.callee) : nullptr;
                if (!other) continue;
                const check::ImportedFunction& imported = program_.imported.at(call.callee);
                for (const check::FieldRead& read : other->reads)
                    if (imported.module + "." + read.model == model && engine_fields.count(read.field)) {
                        Cause c{Blocker::ServingIds, "`" + read.parameter + "." + read.field + "` is read here", "",
                                imported.name, read.range};
                        out.push_back(along(ImportedCalls::at_call(c, call, imported), path));
                    }
            }
        }
        // E3304 and E3305, along the ids' sequence axis.
        if (sequence) {
            ServingAxis found = follow(fn, *sequence);
            if (found.across) {
                found.across->detail = ids_axis_name(*ids->type);
                out.push_back(std::move(*found.across));
                return out;
            }
            out.insert(out.end(), found.problems.begin(), found.problems.end());
            for (const AttentionShape& a : found.shapes)
                if (const AttentionShape& first = found.shapes.front();
                    a.heads != first.heads || a.width != first.width) {
                    Cause c = a.where;
                    c.detail = "it has " + std::to_string(a.heads) + " heads of " + std::to_string(a.width) +
                               ", another attention " + std::to_string(first.heads) + " of " +
                               std::to_string(first.width);
                    out.push_back(std::move(c));
                }
            if (found.problems.empty() && found.shapes.empty())
                out.emplace_back(Blocker::ServingAttention, "", "`" + fn.name + "` runs no attention", fn.name,
                                 fn.name_range);
        }
        return out;
    }

private:
    // Why `t` isn't `[b n] Index[V]` with b and n generic and V a dim.
    static std::optional<std::string> not_ids(const check::Type& t, std::optional<int64_t>& vocabulary,
                                              std::optional<check::SymbolId>& sequence) {
        if (t.kind != check::TypeKind::Tensor || t.tensor.axes.size() != 2) return "expected a tensor `[b n] Index[V]`";
        const check::Element& e = t.tensor.element;
        auto bound = e.kind == check::ElementKind::Index && e.index_bound ? e.index_bound->as_constant() : std::nullopt;
        if (!bound) return "expected `Index[V]` with V a dim, the vocabulary";
        for (const check::AxisType& a : t.tensor.axes)
            if (a.variadic || !a.size.as_symbol()) return "expected two generic axes `[b n]`";
        vocabulary = *bound;
        sequence = t.tensor.axes[1].size.as_symbol();
        return std::nullopt;
    }

    static std::string ids_axis_name(const check::Type& ids) {
        return ids.tensor.axes.size() == 2 ? ids.tensor.axes[1].written : "n";
    }

    // Whether `t` is the positions of the ids `ids`: `[b n]`, integers.
    static bool positions(const check::Type& t, const check::Type& ids) {
        if (t.kind != check::TypeKind::Tensor || t.tensor.axes.size() != 2 || ids.tensor.axes.size() != 2) return false;
        for (size_t i = 0; i < 2; ++i)
            if (t.tensor.axes[i].variadic || !t.tensor.axes[i].size.identical(ids.tensor.axes[i].size)) return false;
        return integer_element(t.tensor.element.kind);
    }

    // Why a field of type `t` isn't a table `[V D]` of the vocabulary.
    static std::optional<std::string> not_table(const check::Type& t, std::optional<int64_t> vocabulary) {
        if (t.kind != check::TypeKind::Tensor || t.tensor.axes.size() != 2)
            return "`" + check::describe(t) + "`, not a param `[V D]`";
        auto rows = t.tensor.axes[0].size.as_constant();
        if (!rows || !t.tensor.axes[1].size.as_constant()) return "`" + check::describe(t) + "`, not of two dims";
        if (vocabulary && *rows != *vocabulary)
            return "`" + check::describe(t) + "`: its rows aren't the vocabulary's " + std::to_string(*vocabulary);
        return std::nullopt;
    }

public:
    // The axis `symbol` of `fn` followed as a served function's sequence
    // axis: the first thing that works across it, else the attentions it
    // reaches, in order, into other files by their verdicts.
    ServingAxis follow(const check::FunctionFacts& fn, check::SymbolId symbol) const {
        ServingAxis out;
        auto any = [](const check::FunctionFacts&, const Cause&) { return true; };
        AxisReach reach = follower_->reach(fn, symbol, any);
        if (reach.prevention) {
            Cause c = *reach.prevention;
            if (c.what != Blocker::ServingAcross) {  // a call takes it into a group, or as another size
                c.subject = padding_what(c);
                c.what = Blocker::ServingAcross;
            }
            out.across = std::move(c);
            return out;
        }
        attentions(reach, out);
        for (const auto& [call, axis] : reach.imported) {
            const check::ImportedFunction& f = program_.imported.at(call->callee);
            const ImportedVerdicts* other = imported_ ? imported_->of(program_, call->callee) : nullptr;
            auto there = other ? other->serving.find(axis) : std::map<std::string, ServingAxis>::const_iterator{};
            if (!other || there == other->serving.end()) {
                out.across = Cause{Blocker::ServingAcross, "`" + call->callee + "`, a function of another file,", "",
                                   call->caller, call->range};
                return out;
            }
            if (there->second.across) {
                out.across = ImportedCalls::at_call(*there->second.across, *call, f);
                return out;
            }
            for (const Cause& c : there->second.problems) out.problems.push_back(ImportedCalls::at_call(c, *call, f));
            for (AttentionShape a : there->second.shapes) {
                a.where = ImportedCalls::at_call(a.where, *call, f);
                out.shapes.push_back(std::move(a));
            }
        }
        return out;
    }

private:
    // E3305: the attentions where the sequence axis reached, in order:
    // those an engine can't run, and the shapes of the others.
    void attentions(const AxisReach& reach, ServingAxis& out) const {
        for (const auto& [name, axis] : reach.reached) {
            const check::FunctionFacts& f = *by_name_.at(name);
            for (size_t i = f.calls_begin; i < f.calls_end; ++i) {
                const check::CallSite& call = program_.calls[i];
                if (call.kind != check::CalleeKind::Builtin || call.callee != kAttention) continue;
                const check::AxisBinding *group = nullptr, *n = nullptr, *m = nullptr, *d = nullptr, *e = nullptr;
                for (const check::AxisBinding& b : call.axes) {
                    if (b.variadic) group = &b;
                    else if (b.axis == "n") n = &b;
                    else if (b.axis == "m") m = &b;
                    else if (b.axis == "d") d = &b;
                    else if (b.axis == "e") e = &b;
                }
                if (!n || !check::mentions(n->size, axis)) continue;
                Cause c{Blocker::ServingAttention, "", "", f.name, call.range};
                auto heads = group && group->covered && group->covered->tensor.axes.size() == 2
                                 ? group->covered->tensor.axes[1].size.as_constant()
                                 : std::nullopt;
                auto width = d ? d->size.as_constant() : std::nullopt;
                if (!heads) c.detail = "its queries aren't `[b H n Dh]` with H a dim";
                else if (!m || !m->size.identical(n->size)) c.detail = "its keys aren't as long as its queries";
                else if (!width || !e || !e->size.identical(d->size))
                    c.detail = "its queries, keys and values aren't of one width Dh, a dim";
                if (!c.detail.empty()) out.problems.push_back(std::move(c));
                else out.shapes.push_back({*heads, *width, std::move(c)});
            }
        }
    }

    const check::ProgramFacts& program_;
    std::map<std::string, const check::FunctionFacts*> by_name_;
    std::vector<std::vector<Cause>> across_;
    std::optional<AxisFollower> follower_;
    const ImportedCalls* imported_;
};

class Serving final : public Pass {
public:
    PassId id() const override { return PassId::Serving; }

    Summary summarize(const FunctionView&) const override { return {}; }

    // A fact for each function that takes a model first (few in a file).
    void finish(const Inputs& in, Result& out) const override {
        std::optional<ServingRules> rules;
        for (const check::FunctionFacts& fn : in.program.functions) {
            // What is exported, and what is called `forward`: the functions
            // that may be served (a training step taking a model is none).
            if (!fn.serving || (!fn.exported && fn.name != "forward")) continue;
            if (!rules) rules.emplace(in.program, in.imported);
            std::vector<Cause> causes = rules->causes(fn.name);
            if (causes.empty()) out.facts.push_back({FactKind::Servable, fn.name, fn.name_range});
            else out.facts.push_back({FactKind::Unservable, fn.name, fn.name_range, causes.front()});
        }
    }
};

}  // namespace

std::unique_ptr<Pass> serving_pass() { return std::make_unique<Serving>(); }

std::map<std::string, std::map<std::string, ServingAxis>> serving_axes(const check::ProgramFacts& program,
                                                                       const ImportedCalls* imported) {
    std::map<std::string, std::map<std::string, ServingAxis>> out;
    ServingRules rules(program, imported);
    for (const check::FunctionFacts& fn : program.functions)
        for (const auto& [axis, symbol] : fn.generic_axes) out[fn.name][axis] = rules.follow(fn, symbol);
    return out;
}

std::vector<Cause> serving_causes(const check::ProgramFacts& program, const std::string& function,
                                  const ImportedCalls* imported) {
    return ServingRules(program, imported).causes(function);
}

std::vector<Diagnostic> serving_errors(const check::ProgramFacts& program, const std::string& function,
                                       const ImportedCalls* imported) {
    std::vector<Diagnostic> out;
    for (const Cause& c : serving_causes(program, function, imported)) out.push_back(serving_diagnostic(c, function));
    return out;
}

}  // namespace ss::analysis
