// The ShapeScript formatter: `shapescript fmt` and the language server's
// formatting request both call this one function.
//
// Guarantees (tested): formatting is idempotent (format(format(x)) ==
// format(x)); it never changes meaning (the token sequence outside
// whitespace and comments is unchanged, and every comment is kept); and a
// text with syntax errors is refused rather than guessed at.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

namespace ss::format {

struct FormatOptions {
    int indent_width = 4;
};

// Why a text was not formatted: a syntax error at `offset`.
struct FormatRefused {
    std::string reason;
    uint32_t offset = 0;
};

std::variant<std::string, FormatRefused> format_source(std::string_view text, const FormatOptions& options = {});

}  // namespace ss::format
