#include "check/serving_form.hpp"

#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "check/few_names.hpp"
#include "syntax/walk.hpp"

namespace ss::check {

namespace {

const ast::NameExpr* as_name(const ast::Expr* e) { return e ? std::get_if<ast::NameExpr>(&e->node) : nullptr; }

// `linear`, called by that name (a local or a parameter can't be named so:
// built-ins are reserved words of the file's namespace).
bool calls(const ast::Call& call, std::string_view name) {
    const ast::NameExpr* callee = as_name(call.callee.get());
    return callee && callee->name.text == name;
}

// `scaled_dot_product_attention(..., attn_mask=causal[n n])`: the mask
// written in the call, over one axis twice.
bool causal_attention(const ast::Call& call) {
    if (!calls(call, "scaled_dot_product_attention")) return false;
    for (const ast::Argument& a : call.arguments) {
        if (!a.keyword || a.keyword->text != "attn_mask" || !a.value) continue;
        const auto* mask = std::get_if<ast::CausalMask>(&a.value->node);
        return mask && mask->axes.size() == 2 && mask->axes[0] && mask->axes[1] &&
               mask->axes[0]->kind == ast::AxisKind::Name && mask->axes[1]->kind == ast::AxisKind::Name &&
               mask->axes[0]->name.text == mask->axes[1]->name.text;
    }
    return false;
}

class FormReader {
public:
    // (Views of `facts`' parameters, which outlive the reader.)
    FormReader(const FunctionFacts& facts, const FieldTypeOf& field_type) : field_type_(field_type) {
        for (const ParamFacts& p : facts.params) {
            parameters_.insert(p.name);
            if (p.type->kind == TypeKind::Model) models_.emplace_back(p.name, p.type->ref);
        }
    }

    // `m.f` with `m` a model parameter, as a FieldRead.
    std::optional<FieldRead> field_read(const ast::Expr& e) const {
        const auto* a = std::get_if<ast::Attribute>(&e.node);
        const ast::NameExpr* object = a ? as_name(a->object.get()) : nullptr;
        if (!object) return std::nullopt;
        auto model =
            std::find_if(models_.begin(), models_.end(), [&](const auto& m) { return m.first == object->name.text; });
        if (model == models_.end() || reassigned_.count(object->name.text)) return std::nullopt;
        TypeRef type = field_type_(model->second, a->attribute.text);
        if (!type) return std::nullopt;
        return FieldRead{object->name.text, model->second, a->attribute.text, e.range, std::move(type)};
    }

    bool is_parameter(std::string_view name) const { return parameters_.count(name); }

    // The parameters assigned anywhere in the body: their names are other
    // values there (conservatively, everywhere).
    void note_assigned(const ast::Block& body) {
        syntax::for_each_statement(body, [&](const ast::Stmt& s) {
            auto note = [&](const ast::Expr& target) {
                if (const ast::NameExpr* n = as_name(&target); n && is_parameter(n->name.text))
                    reassigned_.insert(n->name.text);
            };
            if (auto* a = std::get_if<ast::Assign>(&s.node)) {
                for (const ast::ExprPtr& t : a->targets)
                    if (t) syntax::for_each_expression(*t, note);
            } else if (auto* a = std::get_if<ast::AugAssign>(&s.node); a && a->target) {
                note(*a->target);
            } else if (auto* f = std::get_if<ast::For>(&s.node)) {
                for (const ast::Name& n : f->targets)
                    if (is_parameter(n.text)) reassigned_.insert(n.text);
            }
        });
    }
    const std::set<std::string>& reassigned() const { return reassigned_; }

private:
    const FieldTypeOf& field_type_;
    FewNames parameters_;                                           // a function has a few
    std::vector<std::pair<std::string_view, std::string>> models_;  // parameter, its model
    std::set<std::string> reassigned_;                              // sorted: the uses list them so
};

// A returned `linear(h, m.W)` or `h |> linear(m.W)`, as ReturnForm.
ReturnForm return_form(const ast::Expr& value, const FormReader& reader) {
    ReturnForm out{value.range, std::nullopt, {}, std::nullopt, false};
    const ast::Expr* hidden = nullptr;
    const ast::Call* call = nullptr;
    std::vector<const ast::Argument*> rest;  // after h
    if (auto* pipe = std::get_if<ast::Pipe>(&value.node); pipe && pipe->stage) {
        call = std::get_if<ast::Call>(&pipe->stage->node);
        hidden = pipe->input.get();
        if (call)
            for (const ast::Argument& a : call->arguments) rest.push_back(&a);
    } else if ((call = std::get_if<ast::Call>(&value.node)) && !call->arguments.empty()) {
        hidden = call->arguments[0].keyword ? nullptr : call->arguments[0].value.get();
        for (size_t i = 1; i < call->arguments.size(); ++i) rest.push_back(&call->arguments[i]);
    }
    if (!call || !hidden || !calls(*call, "linear")) return out;
    out.output = value.range;
    out.hidden = hidden->range;
    for (const ast::Argument* a : rest) {
        if (!a->value) continue;
        bool weight = a->keyword ? a->keyword->text == "weight" : a == rest.front();
        if (weight) out.weight = reader.field_read(*a->value);
        else out.bias = true;  // `bias=` or a third positional argument
    }
    return out;
}

// `embedding(ids, m.E)`, or `ids |> embedding(m.E)`, with `ids` a parameter
// never assigned: as EmbeddingCall, else nothing.
std::optional<EmbeddingCall> embedding_read(const ast::Expr& e, const FormReader& reader) {
    const auto* pipe = std::get_if<ast::Pipe>(&e.node);
    const auto* call =
        pipe ? (pipe->stage ? std::get_if<ast::Call>(&pipe->stage->node) : nullptr) : std::get_if<ast::Call>(&e.node);
    if (!call || !calls(*call, "embedding")) return std::nullopt;
    size_t given = call->arguments.size() + (pipe ? 1 : 0);
    if (given != 2 || std::any_of(call->arguments.begin(), call->arguments.end(),
                                  [](const ast::Argument& a) { return a.keyword.has_value(); }))
        return std::nullopt;
    const ast::Expr* ids = pipe ? pipe->input.get() : call->arguments[0].value.get();
    const ast::Expr* table = call->arguments.back().value.get();
    const ast::NameExpr* name = as_name(ids);
    if (!name || !table || !reader.is_parameter(name->name.text) || reader.reassigned().count(name->name.text))
        return std::nullopt;
    std::optional<FieldRead> read = reader.field_read(*table);
    if (!read) return std::nullopt;
    return EmbeddingCall{e.range, name->name.text, ids->range, std::move(*read)};
}

}  // namespace

void read_serving_form(const ast::FnDef& fn, FunctionFacts& facts, const FieldTypeOf& field_type) {
    FormReader reader(facts, field_type);
    reader.note_assigned(fn.body);
    // A model's forward (its first parameter a model) has a serving form.
    const bool serving = !facts.params.empty() && facts.params.front().type->kind == TypeKind::Model;
    ServingForm form;
    // One walk of the expressions for the field reads, the causal
    // attentions and (a forward's) embeddings, each in source order.
    syntax::for_each_expression(fn.body, [&](const ast::Expr& e) {
        if (auto read = reader.field_read(e)) facts.field_reads.push_back(std::move(*read));
        if (auto* call = std::get_if<ast::Call>(&e.node); call && causal_attention(*call))
            facts.causal_attentions.push_back(e.range);
        if (!serving) return;
        if (auto embedding = embedding_read(e, reader)) form.embeddings.push_back(std::move(*embedding));
    });
    if (!serving) return;
    for (const std::string& name : reader.reassigned()) form.parameter_uses.emplace_back(name, fn.name.range);
    syntax::for_each_statement(fn.body, [&](const ast::Stmt& s) {
        if (auto* r = std::get_if<ast::Return>(&s.node); r && r->value)
            form.returns.push_back(return_form(*r->value, reader));
        // An assignment's target is no read (note_assigned counted it).
        if (auto* a = std::get_if<ast::Assign>(&s.node)) {
            if (a->value)
                syntax::for_each_expression(*a->value, [&](const ast::Expr& e) {
                    if (const ast::NameExpr* n = as_name(&e); n && reader.is_parameter(n->name.text))
                        form.parameter_uses.emplace_back(n->name.text, e.range);
                });
            return;
        }
        syntax::for_each_child(s, [&](const ast::Expr& child) {
            syntax::for_each_expression(child, [&](const ast::Expr& e) {
                if (const ast::NameExpr* n = as_name(&e); n && reader.is_parameter(n->name.text))
                    form.parameter_uses.emplace_back(n->name.text, e.range);
            });
        });
    });
    facts.serving = std::move(form);
}

}  // namespace ss::check
