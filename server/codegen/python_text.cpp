#include "codegen/python_text.hpp"

#include <cmath>
#include <cstdio>

#include "diag/utf8.hpp"

namespace ss::codegen {

std::string operand(const Py& py, int min) { return py.prec >= min ? py.text : "(" + py.text + ")"; }

namespace {

// `value`, each character as `write` spells it: `write(c, ch, text)` gets
// the first byte, the decoded character and its bytes, and gives what
// stands for them.
template <class Write>
std::string respelled(std::string_view value, Write&& write) {
    std::string out;
    for (size_t i = 0; i < value.size();) {
        utf8::Char ch = utf8::decode(value, i);
        out += write(static_cast<unsigned char>(value[i]), ch, value.substr(i, ch.length));
        i += ch.length;
    }
    return out;
}

std::string hex_escape(const char* format, unsigned char c) {
    char buf[8];
    std::snprintf(buf, sizeof buf, format, c);
    return buf;
}

// `value` as the inside of a Python string literal: quotes, backslashes and
// control characters escaped, and each byte that isn't part of a UTF-8
// character as the lone surrogate Python's file-system decoding gives it
// (`\udce9`), so the module stays valid UTF-8 and reads back the same name.
std::string escaped(std::string_view value) {
    return respelled(value, [](unsigned char c, const utf8::Char& ch, std::string_view text) -> std::string {
        if (!ch.valid) return hex_escape("\\udc%02x", c);
        if (c == '"' || c == '\\') return std::string("\\") + static_cast<char>(c);
        if (c == '\n') return "\\n";
        if (c == '\r') return "\\r";
        if (c == '\t') return "\\t";
        if (c < 0x20 || c == 0x7f) return hex_escape("\\x%02x", c);
        return std::string(text);
    });
}

}  // namespace

std::string py_string(std::string_view value) { return "\"" + escaped(value) + "\""; }

std::string py_docstring(std::string_view value) { return "\"\"\"" + escaped(value) + "\"\"\""; }

std::string py_comment(std::string_view value) {
    return respelled(value, [](unsigned char c, const utf8::Char& ch, std::string_view text) -> std::string {
        if (!ch.valid || c < 0x20 || c == 0x7f) return hex_escape("\\x%02x", c);
        return std::string(text);
    });
}

std::string py_float(double value) {
    if (std::isinf(value)) return value > 0 ? "math.inf" : "-math.inf";
    if (std::isnan(value)) return "math.nan";
    char buf[40];
    // The shortest text that reads back as the same double.
    for (int digits = 1; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, value);
        if (std::strtod(buf, nullptr) == value) break;
    }
    std::string out = buf;
    if (out.find_first_of(".eni") == std::string::npos) out += ".0";
    return out;
}

std::string python_path(std::string_view target) {
    constexpr std::string_view runtime = "shapescript.rt.";
    if (target.substr(0, runtime.size()) == runtime) return "_ss_rt." + std::string(target.substr(runtime.size()));
    return std::string(target);
}

std::string py_join(const std::vector<std::string>& items) {
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
    return out;
}

std::string py_tuple(const std::vector<std::string>& items) {
    return "(" + py_join(items) + (items.size() == 1 ? ",)" : ")");
}

std::string base64(std::string_view bytes) {
    static const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        uint32_t v = (uint8_t(bytes[i]) << 16) | (uint8_t(bytes[i + 1]) << 8) | uint8_t(bytes[i + 2]);
        for (int k = 18; k >= 0; k -= 6) out += digits[(v >> k) & 63];
    }
    if (i + 1 == bytes.size()) {
        uint32_t v = uint8_t(bytes[i]) << 16;
        out += std::string{digits[(v >> 18) & 63], digits[(v >> 12) & 63], '=', '='};
    } else if (i + 2 == bytes.size()) {
        uint32_t v = (uint8_t(bytes[i]) << 16) | (uint8_t(bytes[i + 1]) << 8);
        out += std::string{digits[(v >> 18) & 63], digits[(v >> 12) & 63], digits[(v >> 6) & 63], '='};
    }
    return out;
}

}  // namespace ss::codegen
