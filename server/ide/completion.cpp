// Completion (completion.hpp): the text context at the offset
// (ide/text_context.hpp) picks the context, whose file in completion/ adds
// what may be written there; the checker's facts and the AST say what each
// name is (completion/context.hpp), and completion/render.hpp makes the
// entries.
#include "ide/completion.hpp"

#include <cctype>

#include "check/builtin_table.hpp"
#include "ide/builtin_docs.hpp"
#include "ide/completion/contexts.hpp"

namespace ss::ide {

namespace completion {

namespace {

using namespace text;

// What the context at the offset asks for, the first that applies.
void dispatch(Completions& acc, const CompletionContext& ctx) {
    const Token* p = ctx.prev();
    bool depth0 = ctx.c.open.empty();
    if (depth0 && ctx.c.at_line_start && ctx.c.column == 0) {
        add_top_level(acc);
        return;
    }
    if (complete_member(acc, ctx)) return;
    if (p && (is(*p, "fn") || is(*p, "model") || is(*p, "data") || is(*p, "dim") || is(*p, "for") ||
              is(*p, "devices") || is(*p, "python")))
        return;  // a new name
    if (complete_axes(acc, ctx)) return;
    if (complete_type(acc, ctx)) return;
    if (complete_pattern(acc, ctx)) return;
    const Bracket* b = ctx.inner();
    switch (ctx.c.item) {
        case ItemKind::None: add_top_level(acc); return;
        case ItemKind::Import:
            if (p && is(*p, "import")) acc.add(0, "python", CompletionKind::Keyword);
            return;
        case ItemKind::Devices:
        case ItemKind::ExternFn:
            if (b && b->role == BracketRole::ParamList && p && (is(*p, "(") || is(*p, ",")))
                acc.add(0, "mut", CompletionKind::Keyword);
            return;
        case ItemKind::Dim:
            if (p && (is(*p, "=") || p->kind == TokenKind::Punct)) {
                std::string_view self = ctx.c.tokens.size() > 1 ? ctx.c.tokens[1].text : "";
                add_dims(acc, ctx, 0, self);
            }
            return;
        case ItemKind::Model:
        case ItemKind::Data:
            if (complete_call(acc, ctx)) return;
            if (depth0 && p && is(*p, "=") && ctx.c.item == ItemKind::Model) {
                for (const check::Builtin& init : check::builtin_table())
                    if (const BuiltinDoc* d =
                            init.typing == check::BuiltinTyping::Initializer ? builtin_doc(init.name) : nullptr)
                        acc.add(0, d->name, CompletionKind::Function, d->signature, d->doc);
                add_dims(acc, ctx, 1);
            }
            return;
        case ItemKind::Fn: break;
    }
    complete_function(acc, ctx);
}

}  // namespace

}  // namespace completion

std::vector<CompletionEntry> complete(const Snapshot& snapshot, uint32_t offset) {
    text::TextContext c = text::lex_context(snapshot, offset);
    if (c.in_comment_or_string) return {};
    if (!c.prefix.empty() && std::isdigit(static_cast<unsigned char>(c.prefix[0]))) return {};
    completion::Completions acc(c.prefix);
    completion::CompletionContext ctx(snapshot, std::move(c));
    completion::dispatch(acc, ctx);
    return acc.finish();
}

}  // namespace ss::ide
