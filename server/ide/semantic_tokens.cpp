#include "ide/semantic_tokens.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "check/builtin_table.hpp"
#include "check/builtin_types.hpp"
#include "syntax/keywords.hpp"
#include "syntax/node_kinds.hpp"
#include "syntax/walk.hpp"

namespace ss::ide {

const std::vector<std::string_view>& token_type_names() {
    static const std::vector<std::string_view> names = {
        "namespace", "type",    "typeParameter", "parameter", "variable", "property", "enumMember",
        "function",  "keyword", "comment",       "string",    "number",   "operator", "dim",
    };
    return names;
}

const std::vector<std::string_view>& token_modifier_names() {
    static const std::vector<std::string_view> names = {"declaration", "readonly", "defaultLibrary"};
    return names;
}

namespace {

using check::SymbolKind;
namespace mod = token_modifier;

struct Kind {
    TokenType type;
    uint32_t modifiers = 0;
};

bool is_operator(std::string_view s) {
    static const std::unordered_set<std::string_view> ops = {
        "**", "*",  "/", "//", "%",  "@",  "+",  "-", "&", "|",  "!",  "==", "!=",
        "<",  "<=", ">", ">=", "..", "|>", "->", "?", "=", "+=", "-=", "*=", "/=",
    };
    return ops.count(s) > 0;
}

// Words the grammar reserves (syntax/keywords.hpp). Error recovery may
// leave one as an identifier (`y = x +` then `return y`): one that names
// nothing is still shown as a keyword. (Where no keyword fits, the grammar
// lets them be names: `fn f(data: [n])`.) Left out: `over`, which names
// parameters (`over=m`), and `inf` and `causal`, shown as a number and a
// function where the grammar reads them.
bool is_reserved(std::string_view s) { return syntax::is_keyword(s) && s != "over" && s != "inf" && s != "causal"; }

bool is_word(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')) return false;
    return true;
}

// A name's fact at one exact range.
struct FactAt {
    uint32_t end = 0;
    SymbolKind kind = SymbolKind::Dim;
    bool definition = false;
    bool value = false;  // a built-in that is a value (`Eval`), not a function
};

// One function's names, to classify the uses in its body the checker keeps
// no fact for (a statement with a syntax error): its parameters as written,
// and its locals from the checker's facts.
struct Scope {
    ByteRange range;
    std::unordered_set<std::string> params;
    std::unordered_set<std::string> locals;
};

// What a chunk's tree says of each of its tokens, in bytes from the chunk's
// start: made once per chunk text (SyntaxTree::derived), so the tree may be
// forgotten; the facts, which change with every edit anywhere, are applied
// to them at each request (Classifier).
struct Leaf {
    enum class What : uint8_t { Fixed, Identifier, ScaledAxis };
    uint32_t begin = 0;
    uint32_t end = 0;
    // An attribute's name: the leftmost name of its object (`a` of `a.b.c`).
    uint32_t object_begin = 0;
    uint32_t object_end = 0;
    // An identifier's place: its parent's and grandparent's symbols (0 when
    // none), the field it hangs under, and the flags below.
    TSSymbol parent = 0;
    TSSymbol grand = 0;
    TSFieldId field = 0;
    What what = What::Fixed;
    uint8_t flags = 0;
    // A Fixed token's kind, in a byte each (every file holds many leaves).
    uint8_t type = 0;
    uint8_t modifiers = 0;

    Kind kind() const { return {static_cast<TokenType>(type), modifiers}; }
};

namespace leaf_flag {
constexpr uint8_t HasParent = 1;
constexpr uint8_t InError = 2;           // its parent is an error node
constexpr uint8_t ExternTarget = 4;      // the last part of an extern fn's dotted target
constexpr uint8_t OverValue = 8;         // the value of `over=`
constexpr uint8_t AttributeCalled = 16;  // an attribute's name, the attribute called or a pipe's stage
constexpr uint8_t HasObject = 32;        // object_begin/end name the attribute's leftmost object
}  // namespace leaf_flag

using ChunkLeaves = std::vector<Leaf>;

class LeafWalk {
public:
    explicit LeafWalk(const syntax::ChunkView& chunk) : chunk_(chunk), k_(syntax::NodeKinds::get()) {}

    ChunkLeaves run() {
        TSTreeCursor cursor = ts_tree_cursor_new(chunk_.root);
        std::vector<TSNode> ancestors;
        for (;;) {
            TSNode node = ts_tree_cursor_current_node(&cursor);
            TSSymbol sym = ts_node_symbol(node);
            bool token = ts_node_child_count(node) == 0 || sym == k_.string || sym == k_.comment || sym == k_.integer ||
                         sym == k_.float_ || sym == k_.scaled_axis || sym == k_.identifier;
            if (!token && ts_tree_cursor_goto_first_child(&cursor)) {
                ancestors.push_back(node);
                continue;
            }
            if (token) leaf(node, ts_tree_cursor_current_field_id(&cursor), ancestors);
            bool moved = false;
            while (!moved) {
                if (ts_tree_cursor_goto_next_sibling(&cursor)) {
                    moved = true;
                } else if (!ancestors.empty() && ts_tree_cursor_goto_parent(&cursor)) {
                    ancestors.pop_back();
                } else {
                    break;
                }
            }
            if (!moved) break;
        }
        ts_tree_cursor_delete(&cursor);
        out_.shrink_to_fit();  // kept as long as the chunk's text: no slack
        return std::move(out_);
    }

private:
    void fixed(TSNode node, Kind kind) {
        Leaf l{ts_node_start_byte(node), ts_node_end_byte(node)};
        l.type = static_cast<uint8_t>(kind.type);
        l.modifiers = static_cast<uint8_t>(kind.modifiers);
        out_.push_back(l);
    }

    void leaf(TSNode node, TSFieldId field, const std::vector<TSNode>& ancestors) {
        if (ts_node_end_byte(node) <= ts_node_start_byte(node) || ts_node_is_missing(node)) return;
        TSSymbol sym = ts_node_symbol(node);
        if (sym == k_.comment) return fixed(node, {TokenType::Comment});
        if (sym == k_.string) return fixed(node, {TokenType::String});
        if (sym == k_.integer || sym == k_.float_ || sym == k_.inf) return fixed(node, {TokenType::Number});
        if (sym == k_.true_ || sym == k_.false_) return fixed(node, {TokenType::Keyword});
        if (sym == k_.scaled_axis) {
            Leaf l{ts_node_start_byte(node), ts_node_end_byte(node)};
            l.what = Leaf::What::ScaledAxis;
            out_.push_back(l);
            return;
        }
        if (sym == k_.identifier) return identifier(node, field, ancestors);
        if (syntax::is_error_node(node)) return;
        const char* type = ts_node_type(node);
        std::string_view t = type ? std::string_view(type) : std::string_view();
        if (t == "pattern_function" || t == "shape_function")
            return fixed(node, {TokenType::Function, mod::DefaultLibrary});
        if (ts_node_is_named(node)) return;
        if (t == "causal") return fixed(node, {TokenType::Function, mod::DefaultLibrary});
        if (is_word(t)) return fixed(node, {TokenType::Keyword});
        if (is_operator(t)) fixed(node, {TokenType::Operator});
    }

    void identifier(TSNode node, TSFieldId field, const std::vector<TSNode>& ancestors) {
        using namespace leaf_flag;
        Leaf l{ts_node_start_byte(node), ts_node_end_byte(node)};
        l.what = Leaf::What::Identifier;
        l.field = field;
        if (ancestors.empty()) {
            out_.push_back(l);
            return;
        }
        TSNode parent = ancestors.back();
        TSNode grand = ancestors.size() < 2 ? TSNode{} : ancestors[ancestors.size() - 2];
        l.flags |= HasParent;
        l.parent = ts_node_symbol(parent);
        l.grand = ts_node_is_null(grand) ? 0 : ts_node_symbol(grand);
        if (syntax::is_error_node(parent)) l.flags |= InError;
        if (l.parent == k_.dotted_name && l.grand == k_.extern_function &&
            ts_node_is_null(ts_node_next_named_sibling(node)))
            l.flags |= ExternTarget;
        if (l.parent == k_.keyword_argument && field == k_.f_value &&
            chunk_.node_text(ts_node_child_by_field_id(parent, k_.f_name)) == "over")
            l.flags |= OverValue;
        if (l.parent == k_.attribute && field == k_.f_attribute) {
            if (ancestors.size() >= 2 && is_called(l.grand, field_id_of(grand, parent))) l.flags |= AttributeCalled;
            // The leftmost name of `a.b.c`; a longer chain than anyone writes
            // (asked again for each of its names) is not followed.
            TSNode object = ts_node_child_by_field_id(parent, k_.f_object);
            int steps = 0;
            for (; !ts_node_is_null(object) && ts_node_symbol(object) == k_.attribute && steps < 64; ++steps)
                object = ts_node_child_by_field_id(object, k_.f_object);
            if (steps < 64 && !ts_node_is_null(object) && ts_node_symbol(object) == k_.identifier) {
                l.flags |= HasObject;
                l.object_begin = ts_node_start_byte(object);
                l.object_end = ts_node_end_byte(object);
            }
        }
        out_.push_back(l);
    }

    // Whether the node under `field` of a `parent` node is what a call calls or a pipe's stage.
    bool is_called(TSSymbol parent, TSFieldId field) const {
        return (parent == k_.call && field == k_.f_function) || (parent == k_.pipe_expression && field == k_.f_right);
    }

    // The field under which `child` hangs from `parent` (0 when none).
    static TSFieldId field_id_of(TSNode parent, TSNode child) {
        TSTreeCursor c = ts_tree_cursor_new(parent);
        TSFieldId out = 0;
        if (ts_tree_cursor_goto_first_child(&c)) {
            do {
                TSNode n = ts_tree_cursor_current_node(&c);
                if (ts_node_eq(n, child)) {
                    out = ts_tree_cursor_current_field_id(&c);
                    break;
                }
            } while (ts_tree_cursor_goto_next_sibling(&c));
        }
        ts_tree_cursor_delete(&c);
        return out;
    }

    const syntax::ChunkView& chunk_;
    const syntax::NodeKinds& k_;
    ChunkLeaves out_;
};

ChunkLeaves chunk_leaves(const syntax::ChunkView& chunk) { return LeafWalk(chunk).run(); }

class Classifier {
public:
    explicit Classifier(const Snapshot& s) : s_(s), k_(syntax::NodeKinds::get()) {
        for (const ast::Item* item : s.result.items) {
            const std::vector<ast::Param>* params = nullptr;
            if (auto* fn = std::get_if<ast::FnDef>(&item->node)) params = &fn->params;
            if (auto* ext = std::get_if<ast::ExternFn>(&item->node)) params = &ext->params;
            if (!params) continue;
            Scope scope{item->range, {}, {}};
            for (const ast::Param& p : *params) scope.params.insert(p.name.text);
            scopes_.push_back(std::move(scope));
        }
        std::sort(scopes_.begin(), scopes_.end(),
                  [](const Scope& a, const Scope& b) { return a.range.begin < b.range.begin; });
        for (const check::SymbolFact& f : s.result.check.symbols) {
            if (f.kind == SymbolKind::Local)
                if (Scope* scope = scope_at(f.definition.begin)) scope->locals.insert(f.name);
            if (!f.module) add_fact(f.definition, {f.definition.end, f.kind, true, false});  // else another file's
            for (ByteRange r : f.references) add_fact(r, {r.end, f.kind, false, false});
            if (f.kind == SymbolKind::Dim || f.kind == SymbolKind::Model || f.kind == SymbolKind::Data ||
                f.kind == SymbolKind::Function || f.kind == SymbolKind::ExternFunction ||
                f.kind == SymbolKind::PythonModule)
                globals_.emplace(f.name, f.kind);
        }
        for (const check::NameUse& u : s.result.check.uses)
            add_fact(u.at, {u.at.end, u.kind, u.at.begin == u.definition.begin, u.value});
        settle_facts();
    }

    void run() {
        std::vector<syntax::ChunkSpan> spans = s_.tree.spans();
        for (size_t i = 0; i < spans.size(); ++i)
            for (const Leaf& l : s_.tree.derived(i, &chunk_leaves)) leaf(l, spans[i].begin);
        std::stable_sort(out_.begin(), out_.end(),
                         [](const SemanticToken& a, const SemanticToken& b) { return a.begin < b.begin; });
        std::vector<SemanticToken> clean;
        clean.reserve(out_.size());
        uint32_t last_end = 0;
        for (const SemanticToken& t : out_) {
            if (t.length == 0 || t.begin < last_end) continue;
            clean.push_back(t);
            last_end = t.begin + t.length;
        }
        out_ = std::move(clean);
    }

    std::vector<SemanticToken> take() { return std::move(out_); }

private:
    void add_fact(ByteRange r, FactAt f) {
        if (r.end <= r.begin || r.end > s_.text.size()) return;
        facts_.emplace_back(r.begin, f);
    }

    // One fact per start, sorted: the first one given there, unless a
    // definition came later (then the first definition). One list, not a
    // node per fact: a large file has hundreds of thousands.
    void settle_facts() {
        std::stable_sort(facts_.begin(), facts_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        size_t kept = 0;
        for (size_t i = 0; i < facts_.size(); ++i) {
            if (kept > 0 && facts_[kept - 1].first == facts_[i].first) {
                if (facts_[i].second.definition && !facts_[kept - 1].second.definition) facts_[kept - 1] = facts_[i];
                continue;
            }
            facts_[kept++] = facts_[i];
        }
        facts_.resize(kept);
    }

    // Adds a token for [begin, end), split at line breaks and clamped to the text.
    void emit(uint32_t begin, uint32_t end, Kind kind) {
        auto size = static_cast<uint32_t>(s_.text.size());
        end = std::min(end, size);
        while (begin < end) {
            uint32_t stop = begin;
            while (stop < end && s_.text[stop] != '\n' && s_.text[stop] != '\r') ++stop;
            if (stop > begin) out_.push_back({begin, stop - begin, kind.type, kind.modifiers});
            begin = stop;
            while (begin < end && (s_.text[begin] == '\n' || s_.text[begin] == '\r')) ++begin;
        }
    }

    void leaf(const Leaf& l, uint32_t base) {
        ByteRange r{base + l.begin, base + l.end};
        if (l.what == Leaf::What::Fixed) return emit(r.begin, r.end, l.kind());
        if (l.what == Leaf::What::ScaledAxis) {
            // `16gh`: the coefficient, then the axis's name.
            uint32_t digits = r.begin;
            while (digits < r.end && digits < s_.text.size() && s_.text[digits] >= '0' && s_.text[digits] <= '9')
                ++digits;
            emit(r.begin, digits, {TokenType::Number});
            if (digits < r.end) emit(digits, r.end, axis_name({digits, r.end}));
            return;
        }
        if (is_reserved(text(r)) && !names_something(r)) return emit(r.begin, r.end, {TokenType::Keyword});
        emit(r.begin, r.end, identifier(l, r, base));
    }

    std::string_view text(ByteRange r) const {
        if (r.begin >= s_.text.size() || r.end <= r.begin) return {};
        return s_.text.substr(r.begin, std::min<size_t>(r.end, s_.text.size()) - r.begin);
    }

    const FactAt* fact(ByteRange r) const {
        auto it = std::lower_bound(facts_.begin(), facts_.end(), r.begin,
                                   [](const auto& fact, uint32_t at) { return fact.first < at; });
        return it != facts_.end() && it->first == r.begin && it->second.end == r.end ? &it->second : nullptr;
    }

    Kind of_fact(const FactAt& f) const {
        uint32_t decl = f.definition ? mod::Declaration : 0;
        switch (f.kind) {
            case SymbolKind::Dim: return {TokenType::Dim, decl | mod::Readonly};
            case SymbolKind::Model:
            case SymbolKind::Data: return {TokenType::Type, decl};
            case SymbolKind::Function:
            case SymbolKind::ExternFunction: return {TokenType::Function, decl};
            case SymbolKind::PythonModule:
            case SymbolKind::Module: return {TokenType::Namespace, decl};
            case SymbolKind::Parameter: return {TokenType::Parameter, decl};
            case SymbolKind::Local: return {TokenType::Variable, decl};
            case SymbolKind::Field: return {TokenType::Property, decl};
            case SymbolKind::Axis: return {TokenType::TypeParameter, decl};
            // Where a pattern first writes an axis is not shown as declaring it.
            case SymbolKind::PatternAxis: return {TokenType::TypeParameter};
            case SymbolKind::Builtin:
                if (f.value) return {TokenType::Variable, mod::Readonly | mod::DefaultLibrary};
                return {TokenType::Function, mod::DefaultLibrary};
        }
        return {TokenType::Variable, decl};
    }

    // Whether the name at `r` is one the checker or the function knows:
    // `data` and `model` may name parameters.
    bool names_something(ByteRange r) const {
        if (fact(r)) return true;
        std::string name(text(r));
        const Scope* scope = scope_at(r.begin);
        return scope && (scope->params.count(name) || scope->locals.count(name));
    }

    const Scope* scope_at(uint32_t offset) const { return const_cast<Classifier*>(this)->scope_at(offset); }
    Scope* scope_at(uint32_t offset) {
        auto it = std::upper_bound(scopes_.begin(), scopes_.end(), offset,
                                   [](uint32_t at, const Scope& s) { return at < s.range.begin; });
        if (it == scopes_.begin()) return nullptr;
        --it;
        return offset < it->range.end ? &*it : nullptr;
    }

    const SymbolKind* global(std::string_view name) const {
        auto it = globals_.find(std::string(name));
        return it == globals_.end() ? nullptr : &it->second;
    }

    // A name where an axis is written: a dim or a generic axis.
    Kind axis_name(ByteRange r) const {
        if (const FactAt* f = fact(r)) return of_fact(*f);
        const SymbolKind* g = global(text(r));
        if (g && *g == SymbolKind::Dim) return {TokenType::Dim, mod::Readonly};
        return {TokenType::TypeParameter};
    }

    // A name used as a value, with no fact: a parameter, a local, an item, a
    // built-in.
    Kind value_name(ByteRange r, bool called) const {
        std::string name(text(r));
        if (const Scope* scope = scope_at(r.begin)) {
            if (scope->params.count(name)) return {TokenType::Parameter};
            if (scope->locals.count(name)) return {TokenType::Variable};
        }
        if (const SymbolKind* g = global(name)) return of_fact(FactAt{r.end, *g, false, false});
        if (const check::Builtin* b = check::find_builtin(name))  // `Eval` is a value, the others functions
            return b->emit == check::BuiltinEmit::Value ? Kind{TokenType::Variable, mod::Readonly | mod::DefaultLibrary}
                                                        : Kind{TokenType::Function, mod::DefaultLibrary};
        return {called ? TokenType::Function : TokenType::Variable};
    }

    // Whether the name at `r` (the leftmost of an attribute's object) is a Python module.
    bool is_namespace(ByteRange r) const {
        if (const FactAt* f = fact(r)) return f->kind == SymbolKind::PythonModule;
        Kind k = value_name(r, false);
        return k.type == TokenType::Namespace;
    }

    Kind identifier(const Leaf& l, ByteRange r, uint32_t base) const {
        using namespace leaf_flag;
        TSSymbol p = l.parent, g = l.grand;
        TSFieldId field = l.field;
        bool in_error = l.flags & InError;

        // Python names: every part of an import's module, all but the last
        // part of an extern fn's target.
        if (p == k_.dotted_name && !in_error) {
            if (l.flags & ExternTarget) return {TokenType::Function};
            const FactAt* f = fact(r);
            return {TokenType::Namespace, f && f->definition ? mod::Declaration : 0u};
        }
        if (const FactAt* f = fact(r)) return of_fact(*f);
        if (in_error || !(l.flags & HasParent)) return value_name(r, false);

        // Definitions the checker has no fact for (a duplicate, a name in a
        // statement it skipped).
        if (field == k_.f_name) {
            if (p == k_.dim_declaration) return {TokenType::Dim, mod::Declaration | mod::Readonly};
            if (p == k_.function_definition || p == k_.extern_function) return {TokenType::Function, mod::Declaration};
            if (p == k_.model_definition || p == k_.data_definition) return {TokenType::Type, mod::Declaration};
            if (p == k_.field_declaration) return {TokenType::Property, mod::Declaration};
            if (p == k_.parameter) return {TokenType::Parameter, mod::Declaration};
            // `rearrange(... , p1=P)`: the keyword names an axis of the pattern.
            if (p == k_.keyword_argument) return g == k_.pattern_call ? axis_name(r) : Kind{TokenType::Parameter};
            if (p == k_.named_type) {
                std::string_view name = text(r);
                return {TokenType::Type, check::is_builtin_type_name(name) ? mod::DefaultLibrary : 0u};
            }
            if (p == k_.unknown_axis || p == k_.variadic_axis) return axis_name(r);
        }
        if (p == k_.import_declaration && field == k_.f_alias) return {TokenType::Namespace, mod::Declaration};
        if (p == k_.device && field == k_.f_kind) return {TokenType::EnumMember, mod::Readonly | mod::DefaultLibrary};
        if (p == k_.named_type && field == k_.f_over) return axis_name(r);
        if (p == k_.named_index && field == k_.f_axis) return axis_name(r);
        if (p == k_.tensor_type || p == k_.axis_group || p == k_.size_binary || p == k_.pattern_side ||
            p == k_.causal_mask)
            return axis_name(r);
        if (p == k_.type_arguments) {
            // `Dataset[Digit]`, `Index[V]`: a record, or a dim.
            const SymbolKind* gk = global(text(r));
            if (gk && *gk == SymbolKind::Dim) return {TokenType::Dim, mod::Readonly};
            return {TokenType::Type, check::is_builtin_type_name(text(r)) ? mod::DefaultLibrary : 0u};
        }
        // `softmax(over=m)`: the value names an axis.
        if (l.flags & OverValue) return axis_name(r);
        if (p == k_.for_statement && field == k_.f_left) return {TokenType::Variable, mod::Declaration};
        if (p == k_.identifier_list && g == k_.for_statement) return {TokenType::Variable, mod::Declaration};
        if (p == k_.attribute && field == k_.f_attribute) {
            bool called = l.flags & AttributeCalled;
            if ((l.flags & HasObject) && is_namespace({base + l.object_begin, base + l.object_end}))
                return {called ? TokenType::Function : TokenType::Namespace};
            return {called ? TokenType::Function : TokenType::Property};
        }
        if (p == k_.field_declaration && field == k_.f_initializer) return value_name(r, true);
        bool called = (p == k_.call && field == k_.f_function) || (p == k_.pipe_expression && field == k_.f_right);
        return value_name(r, called);
    }

    const Snapshot& s_;
    const syntax::NodeKinds& k_;
    std::vector<std::pair<uint32_t, FactAt>> facts_;  // by start (settle_facts)
    std::unordered_map<std::string, SymbolKind> globals_;
    std::vector<Scope> scopes_;
    std::vector<SemanticToken> out_;
};

}  // namespace

std::vector<SemanticToken> semantic_tokens(const Snapshot& snapshot) {
    Classifier c(snapshot);
    c.run();
    return c.take();
}

}  // namespace ss::ide
