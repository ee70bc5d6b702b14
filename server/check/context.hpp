// What the typing rules of operations (patterns, calls, arithmetic) need
// from the checker around them: reporting, dims, fresh size symbols and how
// to show things to people. FileChecker implements it; tests may too.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "check/size.hpp"
#include "diag/catalogue.hpp"
#include "diag/diagnostic.hpp"

namespace ss::check {

class CheckContext {
public:
    virtual ~CheckContext() = default;

    virtual void report(DiagCode code, ByteRange range, const std::vector<std::string>& args,
                        std::vector<RelatedInfo> related = {}, std::vector<Fix> fixes = {}) = 0;

    // The value of the dim `name`, or nullopt when `name` is not a dim (or
    // its value is in error, already reported). Records a reference.
    virtual std::optional<int64_t> dim_value_of(const std::string& name, ByteRange used_at) = 0;

    // Whether `name` is a dim whose value is in error (reported where it is
    // defined): what uses it is unknown, and says nothing more.
    virtual bool dim_in_error(const std::string& name) = 0;

    // A new size symbol, shown to people as `name`.
    virtual SymbolId fresh_symbol(std::string name) = 0;
    // The size symbol of a generic axis of the function being checked
    // (`b` of `x: [b n D]`), recording the use; nullopt for any other name.
    virtual std::optional<SymbolId> generic_axis(const std::string& name, ByteRange used_at) = 0;
    // The same, only when a parameter has an axis linear in it alone (`h`,
    // `(h 4)`, `h+1`), which the generated code reads it off (`(g w)` alone
    // tells neither).
    virtual std::optional<SymbolId> readable_generic_axis(const std::string& name, ByteRange used_at) = 0;

    // The dim an axis named `name` of size `size` is (docs/types.md, "Names
    // mean what they say"): `name` if it is a dim of that size, the dim it
    // is defined as for an alias (`dim F = D`), else nullopt. By default
    // none, for contexts with no dims.
    virtual std::optional<std::string> dim_named(const std::string& /*name*/, const Size& /*size*/) const {
        return std::nullopt;
    }

    // A size as evaluated (`16*gh + 1`), and source text as written.
    virtual std::string show(const Size& size) const = 0;
    // The one spelling of an axis name in this file: a dim of another file
    // is `D` after `from layers import D` however it is written (`layers.D`),
    // so axes align by name as they do within one file (imports.cpp).
    virtual std::string axis_spelling(const std::string& name) const { return name; }
    virtual std::string source_text(ByteRange range) const = 0;
    // The source's bytes in `range` as they are, for reading the text (what
    // lies between a pattern's axes): never squeezed or cut as source_text
    // is for messages; empty outside the text.
    virtual std::string_view source_bytes(ByteRange range) const = 0;
};

}  // namespace ss::check
