// libFuzzer target: the whole front end (parse, syntax diagnostics, check)
// on arbitrary text, and incremental re-analysis against a fresh one.
//
// Input: TEXT, optionally followed by a NUL byte and EDITS. TEXT is the
// document's initial text (so any .ss file is a seed as it is). EDITS is a
// list of records, at most kMaxEdits of them:
//   2 bytes  where the edit starts, little-endian, modulo the text's size + 1
//   1 byte   low 4 bits: how many bytes it replaces (0-15); bit 7: analyse
//            the document right after this edit (else the edits pile up)
//   1 byte   the length of the new text (modulo 32), then that many bytes
// A record cut short by the end of the input ends the list.
//
// Invariants, each a crash (abort) when broken:
//   - no crash and no sanitizer report in check_text or DocumentAnalysis;
//   - after the last edit, the document's diagnostics equal check_text's
//     on its text (check_text is a fresh DocumentAnalysis run once: this
//     is "incremental = fresh"; without edits, check_text alone runs);
//   - every diagnostic's ranges lie inside the text.
//
// Built and run by tests/fuzz/run (clang, -DSS_FUZZ=ON).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "check/analyze.hpp"
#include "check/document.hpp"

namespace {

constexpr size_t kMaxEdits = 8;

std::string show(const std::vector<ss::Diagnostic>& diagnostics) {
    std::string out;
    auto range = [](ss::ByteRange r) { return std::to_string(r.begin) + "-" + std::to_string(r.end); };
    for (const ss::Diagnostic& d : diagnostics) {
        out += "  " + d.code + " sev " + std::to_string(static_cast<int>(d.severity)) + " @" + range(d.range) + " " +
               d.message + "\n";
        for (const auto& r : d.related) out += "    related @" + range(r.range) + " " + r.message + "\n";
        for (const auto& f : d.fixes) {
            out += "    fix " + f.title + ":";
            for (const auto& e : f.edits) out += " @" + range(e.range) + " `" + e.text + "`";
            out += "\n";
        }
    }
    return out;
}

bool same(const std::vector<ss::Diagnostic>& a, const std::vector<ss::Diagnostic>& b) {
    auto same_range = [](ss::ByteRange x, ss::ByteRange y) { return x.begin == y.begin && x.end == y.end; };
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        const ss::Diagnostic& x = a[i];
        const ss::Diagnostic& y = b[i];
        if (x.code != y.code || x.severity != y.severity || !same_range(x.range, y.range) || x.message != y.message ||
            x.related.size() != y.related.size() || x.fixes.size() != y.fixes.size())
            return false;
        for (size_t j = 0; j < x.related.size(); ++j)
            if (!same_range(x.related[j].range, y.related[j].range) || x.related[j].message != y.related[j].message)
                return false;
        for (size_t j = 0; j < x.fixes.size(); ++j) {
            const ss::Fix& f = x.fixes[j];
            const ss::Fix& g = y.fixes[j];
            if (f.title != g.title || f.edits.size() != g.edits.size()) return false;
            for (size_t k = 0; k < f.edits.size(); ++k)
                if (!same_range(f.edits[k].range, g.edits[k].range) || f.edits[k].text != g.edits[k].text) return false;
        }
    }
    return true;
}

void check_ranges(const std::vector<ss::Diagnostic>& diagnostics, size_t size, const char* where) {
    auto inside = [size](ss::ByteRange r) { return r.begin <= r.end && r.end <= size; };
    for (const ss::Diagnostic& d : diagnostics) {
        bool ok = inside(d.range);
        for (const auto& r : d.related) ok = ok && inside(r.range);
        for (const auto& f : d.fixes)
            for (const auto& e : f.edits) ok = ok && inside(e.range);
        if (!ok) {
            std::fprintf(stderr, "fuzz_check: %s: a diagnostic's range lies outside the text (%zu bytes):\n%s", where,
                         size, show({d}).c_str());
            std::abort();
        }
    }
}

void expect_fresh(const std::vector<ss::Diagnostic>& incremental, const std::string& text, const char* where) {
    std::vector<ss::Diagnostic> fresh = ss::check::check_text(text);
    check_ranges(fresh, text.size(), where);
    if (!same(incremental, fresh)) {
        std::fprintf(stderr,
                     "fuzz_check: %s: DocumentAnalysis differs from check_text on the same text\n"
                     "--- text (%zu bytes) ---\n%s\n--- document ---\n%s--- check_text ---\n%s",
                     where, text.size(), text.c_str(), show(incremental).c_str(), show(fresh).c_str());
        std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view input(reinterpret_cast<const char*>(data), size);
    size_t nul = input.find('\0');
    std::string text(input.substr(0, nul));
    std::string_view edits = nul == std::string_view::npos ? std::string_view() : input.substr(nul + 1);

    if (edits.size() < 4) {  // no edits: the front end once, as `shapescript check` runs it
        check_ranges(ss::check::check_text(text), text.size(), "check_text");
        return 0;
    }
    ss::check::DocumentAnalysis document(text);
    check_ranges(document.analyze().diagnostics, text.size(), "after opening");

    size_t count = 0;
    while (count < kMaxEdits && edits.size() >= 4) {
        auto at = static_cast<uint32_t>(static_cast<uint8_t>(edits[0]) | static_cast<uint8_t>(edits[1]) << 8);
        auto flags = static_cast<uint8_t>(edits[2]);
        size_t length = static_cast<uint8_t>(edits[3]) % 32;
        if (edits.size() < 4 + length) break;
        auto current = static_cast<uint32_t>(document.text().size());
        uint32_t begin = at % (current + 1);
        uint32_t end = begin + (flags & 15);  // may run past the end: the tree clamps it
        document.apply_edit({begin, end, std::string(edits.substr(4, length))});
        edits.remove_prefix(4 + length);
        ++count;
        if (flags & 0x80) check_ranges(document.analyze().diagnostics, document.text().size(), "after an edit");
    }
    if (count == 0) return 0;
    const auto& final_result = document.analyze().diagnostics;
    check_ranges(final_result, document.text().size(), "after the last edit");
    expect_fresh(final_result, document.text(), "after the last edit");
    return 0;
}
