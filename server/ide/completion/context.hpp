// What completion knows at the offset (rust-analyzer's CompletionContext):
// the text context (ide/text_context.hpp), the checker's facts (those of a
// repaired copy of the text when the function being written has a syntax
// error), the locals before the offset and the types of values as far as
// facts and names tell. Made once per request, then only read by the
// contexts (completion/contexts.hpp).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "check/describe.hpp"
#include "ide/snapshot.hpp"
#include "ide/text_context.hpp"

namespace ss::ide::completion {

// A value's type as completion knows it: the checker's, from a fact, or the
// source text of a type written where no fact has one (a text mid-edit).
struct ValueType {
    check::TypeRef checked;
    std::string written;
    bool empty() const { return !checked && written.empty(); }
    std::string shown() const { return checked ? check::describe(*checked) : written; }
};

// The checker's type, when it knows one.
ValueType known(const check::TypeRef& type);

// The names of a type's axes (a tuple's: its first element's); an axis
// written as a size or a group has none.
std::vector<std::string> axis_names(const ValueType& type);

struct Local {
    std::string name;
    uint32_t at = 0;
    bool parameter = false;
    ValueType type;         // empty if unknown
    ByteRange iterable;     // a `for` target: the loop's iterable
    bool counting = false;  // a `for` target over `a..b`
};

class CompletionContext {
public:
    CompletionContext(const Snapshot& snapshot, text::TextContext context);
    ~CompletionContext();
    CompletionContext(const CompletionContext&) = delete;
    CompletionContext& operator=(const CompletionContext&) = delete;

    const Snapshot& s;
    const text::TextContext c;

    // The facts to read: the snapshot's, or the repaired copy's.
    const check::CheckResult& facts() const { return repaired_facts_ ? *repaired_facts_ : s.result.check; }

    const text::Token* prev() const { return c.tokens.empty() ? nullptr : &c.tokens.back(); }
    const text::Token* prev2() const { return c.tokens.size() < 2 ? nullptr : &c.tokens[c.tokens.size() - 2]; }
    const text::Bracket* inner() const { return c.open.empty() ? nullptr : &c.open.back(); }

    // The source text of `r`, its blanks collapsed.
    std::string slice(ByteRange r) const;

    // An axis of this item's signature (in a repaired text, not one the
    // repair wrote at the offset).
    bool own_axis(ByteRange r) const;

    // Parameters, assignment targets and `for` targets of the function the
    // offset is in, before the offset, in order.
    const std::vector<Local>& locals() const { return locals_; }
    const Local* local(std::string_view name) const;

    // The file's model or data record `name` (telling which), or its
    // function or extern function; null when there is none.
    const ast::Item* record(std::string_view name, bool* is_model = nullptr) const;
    const ast::Item* function(std::string_view name) const;
    static const std::vector<ast::Field>* fields_of(const ast::Item& item);

    // A field's type as a value of its record shows it: a batch's fields
    // gain the leading axis `b`.
    std::string field_type(const ast::Field& f, bool batch) const;

    // The record a value of type `type` has fields of: `Mlp`, `Digit`,
    // `Batch[Digit]`.
    const ast::Item* record_of_type(const ValueType& type, bool* batch) const;

    // The type of `a.b.c` (names), or empty when unknown.
    ValueType chain_type(const std::vector<std::string_view>& chain) const;

    // The type of an expression before the offset, as far as facts and
    // names tell.
    ValueType expression_type(ByteRange range) const;

private:
    void repair();
    void collect_locals();
    const check::SymbolFact* local_fact(uint32_t at) const;
    ValueType for_target_type(ByteRange iterable) const;
    ValueType fact_type(ByteRange range, bool allow_stage) const;
    const std::unordered_map<std::string_view, const ast::Item*>& items_by_name() const;

    std::unique_ptr<check::DocumentAnalysis> repaired_;
    const check::CheckResult* repaired_facts_ = nullptr;
    std::vector<Local> locals_;
    mutable std::optional<std::unordered_map<std::string_view, const ast::Item*>> items_by_name_;
};

}  // namespace ss::ide::completion
