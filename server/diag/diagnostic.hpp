// The one diagnostic type every layer of the front end produces.
// Positions are byte offsets into the UTF-8 source; conversion to lines and
// columns (and to UTF-16 for the language server) happens at the edges.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ss {

enum class Severity { Error, Warning, Information, Hint };

struct ByteRange {
    uint32_t begin = 0;  // inclusive
    uint32_t end = 0;    // exclusive
    bool empty() const { return end <= begin; }
};

// `r` moved by `delta` bytes (an edit before it inserted or removed text).
inline ByteRange shifted(ByteRange r, int64_t delta) {
    return {static_cast<uint32_t>(r.begin + delta), static_cast<uint32_t>(r.end + delta)};
}

struct RelatedInfo {
    ByteRange range;
    std::string message;
};

// One replacement of the source's bytes `range` by `text`.
struct FixEdit {
    ByteRange range;
    std::string text;
};

// A suggested fix: what the editor offers as a quick fix (code action).
// Applying its edits (which never overlap) must remove the diagnostic.
struct Fix {
    std::string title;  // "Replace `ln` with `n`"
    std::vector<FixEdit> edits;
};

struct Diagnostic {
    std::string code;  // "E0001"; always a code declared in diag/codes.def
    Severity severity = Severity::Error;
    ByteRange range;
    std::string message;
    std::vector<RelatedInfo> related;
    std::vector<Fix> fixes;
};

// Calls `f` on every range the diagnostic holds (its own, related
// locations, fix edits): what moves when the text before them changes. A
// new range field is added here, and every mover follows.
template <class F>
void for_each_range(Diagnostic& d, F&& f) {
    f(d.range);
    for (RelatedInfo& r : d.related) f(r.range);
    for (Fix& fix : d.fixes)
        for (FixEdit& e : fix.edits) f(e.range);
}

// The diagnostic with all its ranges moved by `delta` bytes.
inline void shift(Diagnostic& d, int64_t delta) {
    for_each_range(d, [delta](ByteRange& r) { r = shifted(r, delta); });
}

}  // namespace ss
