// The diagnostics catalogue (declared in codes.def) and the one way to make
// a Diagnostic from it: code, range and message arguments in, severity and
// message text from the catalogue.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.hpp"

namespace ss {

// One enumerator per catalogue code, in declaration order.
enum class DiagCode {
#define DIAG(code, severity, anchor, message, title) code,
#include "diag/codes.def"
#undef DIAG
};

struct CatalogueEntry {
    DiagCode id;
    std::string_view code;  // "E0001"
    Severity severity;
    std::string_view anchor;            // "e0001": the section id in docs/errors.md
    std::string_view message_template;  // "expected {0} here"
    std::string_view title;             // "missing token"
};

// Every entry, in declaration order.
std::span<const CatalogueEntry> catalogue();

// The entry of a code ("E0001"), or nullptr when the catalogue has none.
const CatalogueEntry* find_entry(std::string_view code);
const CatalogueEntry& entry(DiagCode id);

// Placeholder numbers used by a template, in order of appearance ({1} {0}
// gives 1, 0). Used by the consistency tests.
std::vector<int> template_placeholders(std::string_view message_template);

// The number of arguments a template takes: one more than its highest
// placeholder, 0 when it has none.
int template_arity(std::string_view message_template);

// Replaces each {N} with args[N]. A placeholder without an argument is left
// as written, so a caller's mistake shows in the message instead of crashing.
std::string format_message(std::string_view message_template, const std::vector<std::string>& args);

// A diagnostic of the catalogue code `code` at `range`, its message filled
// from `args`. An unknown code is a bug in the caller; it still yields an
// error diagnostic (code kept, message saying so) rather than a crash.
Diagnostic make_diagnostic(std::string_view code, ByteRange range, const std::vector<std::string>& args = {});
Diagnostic make_diagnostic(DiagCode code, ByteRange range, const std::vector<std::string>& args = {});

// "error", "warning", "information", "hint": the words of the JSON output
// and of the language server's severities.
std::string_view severity_name(Severity severity);

}  // namespace ss
