#include "diag/catalogue.hpp"

#include <algorithm>
#include <array>

namespace ss {
namespace {

constexpr std::array kEntries = {
#define DIAG(code, severity, anchor, message, title) \
    CatalogueEntry{DiagCode::code, #code, Severity::severity, anchor, message, title},
#include "diag/codes.def"
#undef DIAG
};

// Calls `on_placeholder(number, begin, end)` for each {N} in `text`, where
// [begin, end) is the placeholder's span including the braces.
template <typename F>
void for_each_placeholder(std::string_view text, F on_placeholder) {
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '{') continue;
        size_t j = i + 1;
        int number = 0;
        while (j < text.size() && text[j] >= '0' && text[j] <= '9' && j - i <= 3) {
            number = number * 10 + (text[j] - '0');
            ++j;
        }
        if (j > i + 1 && j < text.size() && text[j] == '}') {
            on_placeholder(number, i, j + 1);
            i = j;
        }
    }
}

}  // namespace

std::span<const CatalogueEntry> catalogue() { return kEntries; }

const CatalogueEntry* find_entry(std::string_view code) {
    auto it = std::find_if(kEntries.begin(), kEntries.end(), [&](const CatalogueEntry& e) { return e.code == code; });
    return it == kEntries.end() ? nullptr : &*it;
}

const CatalogueEntry& entry(DiagCode id) { return kEntries[static_cast<size_t>(id)]; }

std::vector<int> template_placeholders(std::string_view message_template) {
    std::vector<int> numbers;
    for_each_placeholder(message_template, [&](int n, size_t, size_t) { numbers.push_back(n); });
    return numbers;
}

int template_arity(std::string_view message_template) {
    int arity = 0;
    for (int n : template_placeholders(message_template)) arity = std::max(arity, n + 1);
    return arity;
}

std::string format_message(std::string_view message_template, const std::vector<std::string>& args) {
    std::string out;
    out.reserve(message_template.size() + 32);
    size_t copied = 0;
    for_each_placeholder(message_template, [&](int n, size_t begin, size_t end) {
        out.append(message_template.substr(copied, begin - copied));
        if (n >= 0 && static_cast<size_t>(n) < args.size()) {
            out.append(args[static_cast<size_t>(n)]);
        } else {
            out.append(message_template.substr(begin, end - begin));
        }
        copied = end;
    });
    out.append(message_template.substr(copied));
    return out;
}

Diagnostic make_diagnostic(std::string_view code, ByteRange range, const std::vector<std::string>& args) {
    if (const CatalogueEntry* e = find_entry(code)) return make_diagnostic(e->id, range, args);
    Diagnostic d;
    d.code = std::string(code);
    d.severity = Severity::Error;
    d.range = range;
    d.message = "internal error: diagnostic code " + std::string(code) + " is not in the catalogue";
    return d;
}

Diagnostic make_diagnostic(DiagCode code, ByteRange range, const std::vector<std::string>& args) {
    const CatalogueEntry& e = entry(code);
    Diagnostic d;
    d.code = std::string(e.code);
    d.severity = e.severity;
    d.range = range;
    d.message = format_message(e.message_template, args);
    return d;
}

std::string_view severity_name(Severity severity) {
    switch (severity) {
        case Severity::Error: return "error";
        case Severity::Warning: return "warning";
        case Severity::Information: return "information";
        case Severity::Hint: return "hint";
    }
    return "error";
}

}  // namespace ss
