// Internal to server/check: the state of checking one file, shared by the
// passes in items.cpp (names and items), dims.cpp (dim values) and
// signatures.cpp (types of parameters, returns and fields).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "check/checker.hpp"
#include "check/context.hpp"
#include "check/size.hpp"
#include "check/types.hpp"
#include "diag/catalogue.hpp"
#include "syntax/ast.hpp"

namespace ss::check {

// A top-level name and the item that defines it.
struct ItemRef {
    SymbolKind kind;
    const ast::Item* item = nullptr;
    size_t fact = 0;  // index into result.symbols
};

// The generic axes of one signature, each a size symbol shared by every
// place the name appears in it.
struct SignatureScope {
    std::map<std::string, SymbolId> generics;
    // Set for model and data fields, whose shapes must be fixed: the code
    // (E1301, E1302) and the field's name, reported for a generic axis.
    std::optional<DiagCode> fixed_shape;
    std::string field_name;
    // A parameter's type was missing or wrong: what it would have bound is
    // unknown, so unbound return axes are not reported (no cascade).
    bool incomplete = false;
};

enum class DimState { Unvisited, Visiting, Done, Failed };

class FileChecker : public CheckContext {
public:
    FileChecker(const ast::File& file, std::string_view text) : file_(file), text_(text) {}
    CheckResult run();

    // CheckContext
    void report(DiagCode code, ByteRange range, const std::vector<std::string>& args,
                std::vector<RelatedInfo> related = {}) override;
    std::optional<int64_t> dim_value_of(const std::string& name, ByteRange used_at) override;
    SymbolId fresh_symbol(std::string name) override { return new_symbol(std::move(name)); }
    std::string show(const Size& size) const override;
    std::string source_text(ByteRange range) const override { return written(range); }

private:
    // items.cpp
    void collect_items();
    void define(const ast::Name& name, SymbolKind kind, const ast::Item& item, std::string detail);
    void check_parameters(const std::vector<ast::Param>& params, SignatureScope& scope, std::string_view owner);
    void check_function(const ast::FnDef& fn);
    void check_extern(const ast::ExternFn& fn);
    void check_record(const ast::Name& name, const std::vector<ast::Field>& fields, bool is_model);
    const ItemRef* lookup(const std::string& name) const;
    void reference(const ItemRef& ref, ByteRange at);
    std::vector<std::string> names_of(std::initializer_list<SymbolKind> kinds) const;

    // dims.cpp
    void evaluate_dims();
    std::optional<int64_t> dim_value(const std::string& name, ByteRange used_at);
    std::optional<int64_t> evaluate(const ast::Expr& expr, const std::string& dim_name);

    // signatures.cpp
    Type resolve_type(const ast::Type& type, SignatureScope& scope);
    std::optional<TensorType> resolve_tensor(const ast::TensorType& tensor, SignatureScope& scope);
    std::optional<Size> resolve_size(const ast::Axis& axis, SignatureScope& scope);
    std::optional<Size> size_of_name(const ast::Name& name, SignatureScope& scope);
    std::optional<Element> resolve_element(const ast::NamedType& named, const TensorType& tensor, ByteRange range,
                                           SignatureScope& scope);
    std::optional<Size> type_argument_size(const ast::TypeArgument& argument, SignatureScope& scope);
    void check_return_axes(const Type& returned, const SignatureScope& params_scope, const ast::Type& written);

    // Shared.
    std::string written(ByteRange range) const;
    std::string symbol_name(SymbolId id) const;
    std::string describe(const Type& type) const;
    SymbolId new_symbol(std::string name);

    const ast::File& file_;
    std::string_view text_;
    CheckResult result_;
    std::map<std::string, ItemRef> items_;
    std::map<std::string, DimState> dim_state_;
    std::map<std::string, int64_t> dim_values_;
    std::vector<std::string> dim_stack_;  // for the cycle in E0104
    std::vector<std::string> symbol_names_;
};

// Human names of the kinds of things, for "`Mlp` is a model".
std::string_view kind_phrase(SymbolKind kind);

}  // namespace ss::check
