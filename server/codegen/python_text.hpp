// Python text: literals, and expressions that carry their precedence so the emitter adds parentheses
// only where Python needs them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ss::codegen {

// Python's binding strengths, loosest first (the Python reference's table).
enum Prec : int {
    kTuple = 0,
    kOr,
    kAnd,
    kNot,
    kCompare,
    kBitOr,
    kBitXor,
    kBitAnd,
    kShift,
    kAdd,
    kMul,
    kUnary,
    kPower,
    kAtom,  // names, literals, calls, attributes, subscripts, parenthesised
};

struct Py {
    std::string text;
    int prec = kAtom;
};

// `py` as an operand that needs at least `min` binding strength.
std::string operand(const Py& py, int min);

// Source text (names, the file's name, what the user wrote) reaches the
// module only through these three: as a literal, a docstring, or the text
// of a comment, escaped so it can't end them (issue 12, no injection).
std::string py_string(std::string_view value);     // a double-quoted literal
std::string py_docstring(std::string_view value);  // a triple-quoted literal
std::string py_comment(std::string_view value);    // text for after `# `: one line, valid UTF-8
std::string py_float(double value);                // always reads back as a float

// An extern's dotted target as the module names it: `shapescript.rt.f`
// is `_ss_rt.f` (the module imports the runtime under that name).
std::string python_path(std::string_view target);

// `a, b, c`.
std::string py_join(const std::vector<std::string>& items);

// `()`, `(a,)`, `(a, b)`.
std::string py_tuple(const std::vector<std::string>& items);

// `bytes` in base64, as Python's base64.b64decode reads it: how an export
// module embeds the runtime's and imported modules' texts.
std::string base64(std::string_view bytes);

}  // namespace ss::codegen
