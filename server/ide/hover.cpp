#include "ide/hover.hpp"

#include <algorithm>
#include <map>

#include "analysis/words.hpp"
#include "check/builtin_table.hpp"
#include "check/describe.hpp"
#include "ide/builtin_docs.hpp"
#include "ide/devices_hover.hpp"
#include "ide/navigation.hpp"

namespace ss::ide {

namespace {

using check::SymbolFact;
using check::SymbolKind;

std::string code_block(const std::string& text) { return "```shapescript\n" + text + "\n```"; }

// Dim name -> its value, from the dims' facts.
std::map<std::string, std::string> dim_values(const Snapshot& s) {
    std::map<std::string, std::string> out;
    for (const SymbolFact& f : s.result.check.symbols)
        if (f.kind == SymbolKind::Dim && f.dim_value && *f.dim_value >= 0) out[f.name] = std::to_string(*f.dim_value);
    return out;
}

// The smallest expression fact around `offset`.
const check::ExpressionFact* expression_at(const Snapshot& s, uint32_t offset) {
    const check::ExpressionFact* best = nullptr;
    for (const check::ExpressionFact& e : s.result.check.expressions)
        if (e.range.begin <= offset && offset < e.range.end &&
            (!best || e.range.end - e.range.begin < best->range.end - best->range.begin))
            best = &e;
    return best;
}

// A function's or extern function's header as written, for its hover.
std::string item_signature(const Snapshot& s, const SymbolFact& fact) {
    if (fact.module) return {};  // written in its own file
    const ast::Item* item = item_containing(s, fact.definition);
    if (!item) return {};
    uint32_t end = item->range.end;
    if (auto* fn = std::get_if<ast::FnDef>(&item->node)) end = fn->body.range.begin;
    else if (!std::holds_alternative<ast::ExternFn>(item->node)) return {};
    std::string header(s.text.substr(item->range.begin, end - item->range.begin));
    while (!header.empty() &&
           (header.back() == ' ' || header.back() == '\n' || header.back() == '\r' || header.back() == ':'))
        header.pop_back();
    return header;
}

// What the padding analysis says of the built-in named at `word`: of a
// loop's `batches`, whether its last batch is padded; of an operation,
// that it keeps a loop's batch from being padded (docs/padding.md).
std::string padding_notes(const Snapshot& s, ByteRange word) {
    if (!s.analysed) return {};
    std::string out;
    const check::Builtin* b = check::find_builtin(s.text.substr(word.begin, word.end - word.begin));
    bool batches = b && b->rule == check::BuiltinRule::Batches;
    for (const analysis::Fact& f : s.analysed->facts) {
        if (f.range.begin > word.begin || word.end > f.range.end) continue;
        if (batches && f.kind == analysis::FactKind::PaddedLoop)
            out += "\n\nThe last batch is padded to the batch size, so every step has the same shapes.";
        else if (batches && f.kind == analysis::FactKind::UnpaddedLoop)
            out += "\n\nThe last batch isn't padded to the batch size, because of " +
                   analysis::padding_why(*f.cause, "in this loop") + ".";
        else if (f.kind == analysis::FactKind::PreventsPadding)
            out += "\n\nThis keeps the batch axis of a loop over batches from being padded: " +
                   analysis::padding_what(*f.cause) + " has no masked version along it.";
    }
    return out;
}

// What the recording analysis says (docs/recording.md): of a step's name,
// whether it is recorded as a CUDA graph; of what keeps one from being
// recorded, which step and why.
std::string recording_notes(const Snapshot& s, ByteRange at, const std::string& function = "") {
    if (!s.analysed) return {};
    std::string out;
    for (const analysis::Fact& f : s.analysed->facts) {
        if (!function.empty() && f.function == function && f.kind == analysis::FactKind::RecordedStep)
            out +=
                "\n\nA step, recorded as a CUDA graph on CUDA: its first call runs as it is, then each new "
                "signature is recorded once and replayed.";
        else if (!function.empty() && f.function == function && f.kind == analysis::FactKind::UnrecordedStep)
            out += "\n\nA step, not recorded as a CUDA graph: it runs operation by operation, because it " +
                   analysis::recording_why(*f.cause) + ".";
        else if (function.empty() && f.kind == analysis::FactKind::PreventsRecording && f.range.begin <= at.begin &&
                 at.end <= f.range.end)
            out += "\n\nThis keeps the step `" + f.names.front() + "`: it " + analysis::recording_what(*f.cause) +
                   ", so it isn't recorded as a CUDA graph.";
    }
    return out;
}

// What the serving analysis says of a function that may be served (an
// export fn, or `forward`, taking a model first; docs/export.md): whether
// vLLM and llama.cpp can serve it, and if not, the first rule it breaks.
std::string serving_notes(const Snapshot& s, const std::string& function) {
    if (!s.analysed) return {};
    for (const analysis::Fact& f : s.analysed->facts) {
        if (f.function != function) continue;
        if (f.kind == analysis::FactKind::Servable)
            return "\n\nServable: vLLM and llama.cpp can run it (`shapescript export --hf DIR --vllm`, `--gguf`), "
                   "with their own embedding, attention and output layer.";
        if (f.kind == analysis::FactKind::Unservable) {
            Diagnostic d = analysis::serving_diagnostic(*f.cause, function);
            return "\n\nNot servable by vLLM or llama.cpp (" + d.code + "): " + d.message +
                   ". A Hugging Face folder for transformers can still be made (`--hf`).";
        }
    }
    return {};
}

// Of a selection's mask (`keep` in `x[keep]`): whether the selection is
// kept padded, at the mask's size, or compacted, and why (docs/padding.md).
std::string selection_notes(const Snapshot& s, ByteRange at) {
    if (!s.analysed) return {};
    for (const analysis::Fact& f : s.analysed->facts) {
        if (f.range.begin > at.begin || at.end > f.range.end) continue;
        if (f.kind == analysis::FactKind::KeptSelection)
            return "\n\nThis selection is kept padded: at the mask's size, the mask saying which positions are "
                   "selected, so its shape doesn't depend on the data." +
                   (f.returned ? " " + analysis::given_back(f) : "");
        if (f.kind == analysis::FactKind::CompactedSelection)
            return "\n\nThis selection is compacted (its size depends on the data), because of " +
                   analysis::padding_why(*f.cause, "in `" + f.function + "`") + ".";
    }
    return {};
}

// Which of a function's generic axes `shapescript.padded` can pad, and
// what prevents each other one (docs/padding.md).
std::string paddable_notes(const Snapshot& s, const std::string& function) {
    std::string can, out;
    if (!s.analysed) return {};
    for (const analysis::PaddableAxis& a : s.analysed->paddable_of(function)) {
        if (!a.prevented) can += (can.empty() ? "`" : ", `") + a.axis + "`";
        else
            out += "\n\n`shapescript.padded` can't pad `" + a.axis + "`, because of " +
                   analysis::padding_why(*a.prevented, "in `" + function + "`") + ".";
    }
    if (!can.empty()) out = "\n\n`shapescript.padded` can pad " + can + "." + out;
    return out;
}

// The fact of `symbol` an occurrence at `at` belongs to: for a local
// assigned twice, the last assignment at or before it.
const SymbolFact* fact_for(const SymbolAt& symbol, ByteRange at) {
    const SymbolFact* best = symbol.facts.front();
    for (const SymbolFact* f : symbol.facts)
        if (f->definition.begin <= at.begin) best = f;
    return best;
}

}  // namespace

std::optional<HoverInfo> hover(const Snapshot& s, uint32_t offset) {
    if (auto devices = devices_hover(s, offset)) return devices;
    if (auto symbol = symbol_at(s, offset)) {
        const SymbolFact& fact = *fact_for(*symbol, symbol->occurrence);
        std::string markdown;
        std::string sizes;  // the type with dims evaluated, when that differs
        if (fact.kind == SymbolKind::Function || fact.kind == SymbolKind::ExternFunction) {
            // The header as written, then an inferred return type.
            std::string shown = item_signature(s, fact);
            if (shown.empty()) shown = check::describe(fact);
            else if (fact.type && shown.find("->") == std::string::npos)
                shown += " -> " + check::describe(*fact.type) + " (inferred)";
            markdown = code_block(shown);
            if (fact.kind == SymbolKind::Function)
                markdown += paddable_notes(s, fact.name) + recording_notes(s, symbol->occurrence, fact.name) +
                            serving_notes(s, fact.name);
            size_t colon = shown.find(": [");
            if (colon != std::string::npos) {
                std::string written = shown.substr(colon + 2);
                std::string value = check::with_dim_values(written, dim_values(s));
                if (value != written) sizes = value;
            }
        } else {
            markdown = code_block(check::describe(fact));
            bool valued =
                fact.kind == SymbolKind::Parameter || fact.kind == SymbolKind::Local || fact.kind == SymbolKind::Field;
            if (valued && fact.type && fact.type->kind == check::TypeKind::Tensor) {
                std::string value = check::describe(*fact.type, dim_values(s));
                if (value != check::describe(*fact.type)) sizes = value;
            }
        }
        if (!sizes.empty()) markdown += "\n\nsizes: `" + sizes + "`";
        markdown += selection_notes(s, symbol->occurrence);
        if (fact.kind != SymbolKind::Function) markdown += recording_notes(s, symbol->occurrence);
        return HoverInfo{symbol->occurrence, markdown};
    }
    const check::ExpressionFact* expression = expression_at(s, offset);
    ByteRange word = identifier_at(s.text, offset);
    if (word.begin < word.end) {
        std::string name(s.text.substr(word.begin, word.end - word.begin));
        if (const BuiltinDoc* doc = builtin_doc(name)) {
            std::string markdown = code_block(doc->signature);
            if (!doc->doc.empty()) markdown += "\n\n" + doc->doc;
            if (expression) markdown += "\n\ngives `" + check::describe(*expression->type) + "` here";
            markdown += padding_notes(s, word) + recording_notes(s, word);
            return HoverInfo{word, markdown};
        }
    }
    if (expression) {
        std::string shown = check::describe(*expression->type);
        std::string markdown = code_block(shown);
        std::string value = check::describe(*expression->type, dim_values(s));
        if (value != shown) markdown += "\n\nsizes: `" + value + "`";
        markdown += recording_notes(s, expression->range);
        return HoverInfo{expression->range, markdown};
    }
    return std::nullopt;
}

}  // namespace ss::ide
