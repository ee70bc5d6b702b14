// Running a marker fixture: each marker's feature through server/ide/'s
// public API, its answer compared with the marker (format: tests/README.md,
// "Editor feature fixtures").
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
#include <set>

#include "ide/call_hierarchy.hpp"
#include "ide/completion.hpp"
#include "ide/hover.hpp"
#include "ide/inlay_hints.hpp"
#include "ide/navigation.hpp"
#include "ide/semantic_tokens.hpp"
#include "ide/signature_help.hpp"
#include "ide/type_definition.hpp"
#include "ide_markers.hpp"
#include "ide_test_util.hpp"

namespace ss::test::markers {

namespace {

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
    return out.empty() ? "nothing" : out;
}

const char* const kCompletionKinds[] = {"function", "variable", "parameter", "field", "axis", "type",
                                        "keyword",  "module",   "snippet",   "model", "data", "dim"};
const ide::CompletionKind kCompletionKindValues[] = {ide::CompletionKind::Function,  ide::CompletionKind::Variable,
                                                     ide::CompletionKind::Parameter, ide::CompletionKind::Field,
                                                     ide::CompletionKind::Axis,      ide::CompletionKind::Type,
                                                     ide::CompletionKind::Keyword,   ide::CompletionKind::Module,
                                                     ide::CompletionKind::Snippet,   ide::CompletionKind::Model,
                                                     ide::CompletionKind::Data,      ide::CompletionKind::Dim};

std::optional<ide::CompletionKind> completion_kind(std::string_view name) {
    for (size_t i = 0; i < std::size(kCompletionKinds); ++i)
        if (name == kCompletionKinds[i]) return kCompletionKindValues[i];
    return std::nullopt;
}

std::string completion_kind_name(ide::CompletionKind kind) {
    for (size_t i = 0; i < std::size(kCompletionKinds); ++i)
        if (kind == kCompletionKindValues[i]) return kCompletionKinds[i];
    return "?";
}

// An attribute's check: `=` equal, `~` contains, `^` starts with.
bool matches(const Arg& a, std::string_view found) {
    switch (a.op) {
        case '=': return found == a.value;
        case '~': return found.find(a.value) != std::string_view::npos;
        case '^': return found.rfind(a.value, 0) == 0;
        default: return false;
    }
}

// Checks one document's markers, collecting failures.
class Runner {
public:
    explicit Runner(const Document& d) : doc_(d), analysed_(d.text) {}

    std::vector<Failure> run() {
        for (const Marker& m : doc_.markers) {
            marker_ = &m;
            check_marker(m);
        }
        check_inlay_hints();
        return std::move(failures_);
    }

private:
    using Check = void (Runner::*)(const Marker&);

    void check_marker(const Marker& m) {
        static const std::map<std::string, Check> checks = {
            {"clean", &Runner::clean},      {"hover", &Runner::hover},
            {"def", &Runner::def},          {"refs", &Runner::refs},
            {"uses", &Runner::refs},        {"writes", &Runner::writes},
            {"rename", &Runner::rename},    {"prepare-rename", &Runner::prepare_rename},
            {"items", &Runner::items},      {"items+", &Runner::items},
            {"items-", &Runner::items},     {"first", &Runner::first},
            {"order", &Runner::order},      {"item", &Runner::item},
            {"no-item", &Runner::item},     {"inlay", &Runner::inlay},
            {"token", &Runner::token},      {"sig", &Runner::sig},
            {"typedef", &Runner::typedef_}, {"incoming", &Runner::calls},
            {"outgoing", &Runner::calls},
        };
        auto it = checks.find(m.kind);
        if (it == checks.end()) return fail("unknown kind `" + m.kind + "`");
        (this->*it->second)(m);
    }

    // ------------------------------------------------------------ helpers

    void fail(const std::string& message) { failures_.push_back({marker_->line, marker_->written + ": " + message}); }
    void expected(const std::string& want, const std::string& found) { fail("expected " + want + ", found " + found); }

    ide::Snapshot snapshot() const { return analysed_.snapshot(); }

    // `line L col C` of an offset, with the fixture file's line.
    std::string where(uint32_t offset) const {
        uint32_t line = analysed_.lines().line_of(offset);
        int file_line = line < doc_.file_line.size() ? doc_.file_line[line]
                        : doc_.file_line.empty()     ? 0
                                                     : doc_.file_line.back() + 1;
        return "line " + std::to_string(file_line) + " col " +
               std::to_string(offset - analysed_.lines().line_start(line) + 1);
    }
    std::string describe(ByteRange r) const { return where(r.begin) + " `" + analysed_.slice(r) + "`"; }

    bool is_word(const Arg& a, std::string_view w) const { return !a.quoted && a.key.empty() && a.value == w; }
    bool only_none(const Marker& m) const { return m.args.size() == 1 && is_word(m.args[0], "none"); }

    // The offsets of `@name` words; false (after a failure) when one isn't a label.
    bool label_offsets(const std::vector<Arg>& args, size_t from, std::vector<uint32_t>& out) {
        for (size_t i = from; i < args.size(); ++i) {
            const Arg& a = args[i];
            if (a.quoted || !a.key.empty() || a.value.size() < 2 || a.value[0] != '@')
                return fail("expected @name, found `" + a.value + "`"), false;
            auto it = doc_.labels.find(a.value.substr(1));
            if (it == doc_.labels.end()) return fail("no marker is named " + a.value), false;
            out.push_back(it->second);
        }
        return true;
    }
    std::string describe_labels(const std::vector<Arg>& args) const {
        std::vector<std::string> out;
        for (const Arg& a : args)
            out.push_back(a.value + (doc_.labels.count(a.value.substr(1))
                                         ? " (" + where(doc_.labels.at(a.value.substr(1))) + ")"
                                         : ""));
        return joined(out);
    }

    // ------------------------------------------------------------ names

    void clean(const Marker&) {
        for (const Diagnostic& d : analysed_.result().diagnostics)
            fail("expected no diagnostics, found " + d.code + " at " + where(d.range.begin) + ": " + d.message);
    }

    void hover(const Marker& m) {
        auto h = ide::hover(snapshot(), m.offset);
        if (only_none(m)) {
            if (h) expected("no hover", quoted(h->markdown));
            return;
        }
        if (m.args.empty()) return fail("hover needs \"text\" or none");
        for (const Arg& a : m.args) {
            if (!a.quoted || !a.key.empty()) return fail("hover takes \"text\" or none");
            if (!h) return expected("a hover containing " + quoted(a.value), "no hover");
            if (h->markdown.find(a.value) == std::string::npos)
                return expected("a hover containing " + quoted(a.value), quoted(h->markdown));
        }
    }

    void def(const Marker& m) {
        auto targets = ide::definition(snapshot(), m.offset);
        std::vector<std::string> found;
        for (const auto& t : targets) found.push_back(t.in_prelude ? "prelude" : describe(t.range));
        if (only_none(m)) {
            if (!targets.empty()) expected("no definition", joined(found));
            return;
        }
        if (m.args.size() == 1 && is_word(m.args[0], "prelude")) {
            if (targets.size() != 1 || !targets[0].in_prelude) expected("one definition in the prelude", joined(found));
            return;
        }
        std::vector<uint32_t> want;
        if (!label_offsets(m.args, 0, want)) return;
        std::vector<uint32_t> got;
        for (const auto& t : targets) got.push_back(t.in_prelude ? UINT32_MAX : t.range.begin);
        if (got != want) expected(describe_labels(m.args), joined(found));
    }

    void typedef_(const Marker& m) {
        auto targets = ide::type_definition(snapshot(), m.offset);
        if (!only_none(m)) return compare_ranges(m, targets);
        std::vector<std::string> found;
        for (ByteRange r : targets) found.push_back(describe(r));
        if (!targets.empty()) expected("no type definition", joined(found));
    }

    // `incoming NAME...` / `outgoing NAME...`: the callers / callees of the
    // function at the marker, in order, each NAME*N with N calls (1 unless
    // written); `none`: no calls; `no-function`: the marker is on none.
    void calls(const Marker& m) {
        auto item = ide::call_item_at(snapshot(), m.offset);
        if (m.args.size() == 1 && is_word(m.args[0], "no-function")) {
            if (item) expected("no function", item->name);
            return;
        }
        if (!item) return expected("a function", "none");
        auto calls = m.kind == "incoming" ? ide::incoming_calls(snapshot(), item->name)
                                          : ide::outgoing_calls(snapshot(), item->name);
        std::vector<std::string> want, found;
        if (!only_none(m))
            for (const Arg& a : m.args)
                want.push_back(a.value.find('*') == std::string::npos ? a.value + "*1" : a.value);
        for (const ide::Call& c : calls) found.push_back(c.other.name + "*" + std::to_string(c.from.size()));
        if (want != found) expected(joined(want), joined(found));
    }

    // A range must cover exactly the name that starts at its beginning.
    bool whole_name(ByteRange r) const {
        uint32_t end = r.begin;
        auto name_byte = [](char c) { return ide::is_name_char(c) || static_cast<unsigned char>(c) >= 0x80; };
        while (end < analysed_.size() && name_byte(analysed_.text()[end])) ++end;
        return end == r.end && r.begin < r.end;
    }

    void compare_ranges(const Marker& m, const std::vector<ByteRange>& ranges) {
        std::vector<std::string> found;
        for (ByteRange r : ranges) found.push_back(describe(r));
        for (ByteRange r : ranges)
            if (!whole_name(r)) return fail("a range that isn't one whole name: " + describe(r));
        if (m.args.size() == 1 && !m.args[0].quoted && !m.args[0].value.empty() &&
            std::isdigit(static_cast<unsigned char>(m.args[0].value[0]))) {
            if (std::to_string(ranges.size()) != m.args[0].value)
                expected(m.args[0].value + " ranges", std::to_string(ranges.size()) + ": " + joined(found));
            return;
        }
        std::vector<uint32_t> want;
        if (!label_offsets(m.args, 0, want)) return;
        std::vector<uint32_t> got;
        for (ByteRange r : ranges) got.push_back(r.begin);
        if (got != want) expected(describe_labels(m.args), joined(found));
    }

    void refs(const Marker& m) { compare_ranges(m, ide::references(snapshot(), m.offset, m.kind == "refs")); }

    void writes(const Marker& m) {
        std::vector<ByteRange> ranges;
        for (const auto& h : ide::highlights(snapshot(), m.offset))
            if (h.is_write) ranges.push_back(h.range);
        compare_ranges(m, ranges);
    }

    void rename(const Marker& m) {
        if (m.args.size() < 2 || !m.args[0].key.empty() || m.args[0].quoted)
            return fail("rename takes NEW_NAME ok|refused~\"why\"");
        const std::string& name = m.args[0].value;
        ide::RenameResult r = ide::rename(snapshot(), m.offset, name);
        const Arg& verdict = m.args[1];
        if (verdict.key == "refused") {
            if (!matches(verdict, r.refused))
                expected("a refusal " + quoted(verdict.value),
                         r.refused.empty() ? std::string("no refusal") : quoted(r.refused));
            return;
        }
        if (!is_word(verdict, "ok")) return fail("rename takes NEW_NAME ok|refused~\"why\"");
        if (!r.refused.empty()) return expected("a rename", "a refusal " + quoted(r.refused));
        std::string text = analysed_.text();
        std::vector<ByteRange> ranges = r.ranges;
        std::sort(ranges.begin(), ranges.end(), [](ByteRange a, ByteRange b) { return a.begin > b.begin; });
        for (ByteRange range : ranges) text.replace(range.begin, range.end - range.begin, name);
        for (size_t i = 2; i < m.args.size(); ++i) {
            const Arg& a = m.args[i];
            bool has = text.find(a.value) != std::string::npos;
            if (a.key == "has" && !has) expected("the renamed text to contain " + quoted(a.value), "it doesn't");
            else if (a.key == "lacks" && has) expected("the renamed text to lack " + quoted(a.value), "it has it");
            else if (a.key != "has" && a.key != "lacks") return fail("unknown rename attribute `" + a.key + "`");
        }
        AnalysedDocument after(text);
        for (const Diagnostic& d : after.result().diagnostics)
            fail("the renamed text has " + d.code + ": " + d.message);
    }

    void prepare_rename(const Marker& m) {
        auto range = ide::prepare_rename(snapshot(), m.offset);
        if (!only_none(m)) return fail("prepare-rename takes none");
        if (range) expected("nothing to rename", describe(*range));
    }

    // ------------------------------------------------------------ completion

    const std::vector<ide::CompletionEntry>& entries(uint32_t offset) {
        auto it = completions_.find(offset);
        if (it == completions_.end()) {
            it = completions_.emplace(offset, ide::complete(snapshot(), offset)).first;
            if (it->second.size() > ide::kMaxCompletions)
                fail("more than kMaxCompletions entries: " + std::to_string(it->second.size()));
        }
        return it->second;
    }
    std::vector<std::string> labels_at(uint32_t offset) {
        std::vector<std::string> out;
        for (const auto& e : entries(offset)) out.push_back(e.label);
        return out;
    }
    std::vector<std::string> words(const Marker& m) {
        std::vector<std::string> out;
        for (const Arg& a : m.args) out.push_back(a.value);
        return out;
    }

    void items(const Marker& m) {
        std::vector<std::string> got = labels_at(m.offset);
        std::set<std::string> have(got.begin(), got.end());
        if (m.kind == "items") {  // each label once, in any order
            std::vector<std::string> want = only_none(m) ? std::vector<std::string>{} : words(m);
            std::vector<std::string> sorted = got;
            std::sort(want.begin(), want.end());
            std::sort(sorted.begin(), sorted.end());
            if (want != sorted) expected(joined(want), joined(got));
            return;
        }
        for (const auto& w : words(m)) {
            bool present = have.count(w) > 0;
            if (m.kind == "items+" && !present) expected("an item " + w, joined(got));
            if (m.kind == "items-" && present) expected("no item " + w, joined(got));
        }
    }

    void first(const Marker& m) {
        std::vector<std::string> got = labels_at(m.offset);
        std::vector<std::string> want = words(m);
        std::multiset<std::string> head(got.begin(), got.begin() + std::min(got.size(), want.size()));
        if (head != std::multiset<std::string>(want.begin(), want.end()))
            expected("first " + joined(want), joined(got));
    }

    void order(const Marker& m) {
        std::vector<std::string> got = labels_at(m.offset);
        size_t previous = 0;
        bool has_previous = false;
        for (const auto& w : words(m)) {
            auto it = std::find(got.begin(), got.end(), w);
            if (it == got.end()) return expected("an item " + w, joined(got));
            auto rank = static_cast<size_t>(it - got.begin());
            if (has_previous && rank <= previous) return expected(joined(words(m)) + " in this order", joined(got));
            previous = rank;
            has_previous = true;
        }
    }

    void item(const Marker& m) {
        if (m.args.empty() || m.args[0].quoted || !m.args[0].key.empty()) return fail(m.kind + " needs a label");
        const std::string& label = m.args[0].value;
        std::optional<ide::CompletionKind> kind;
        size_t next = 1;
        if (next < m.args.size() && m.args[next].key.empty() && !m.args[next].quoted &&
            m.args[next].value != "placeholders") {
            kind = completion_kind(m.args[next].value);
            if (!kind) return fail("unknown completion kind `" + m.args[next].value + "`");
            ++next;
        }
        const ide::CompletionEntry* entry = nullptr;
        for (const auto& e : entries(m.offset))
            if (e.label == label && (!kind || e.kind == *kind)) {
                entry = &e;
                break;
            }
        std::string what = label + (kind ? " (" + completion_kind_name(*kind) + ")" : "");
        if (m.kind == "no-item") {
            if (next != m.args.size()) return fail("no-item takes a label and a kind");
            if (entry) expected("no item " + what, joined(labels_at(m.offset)));
            return;
        }
        if (!entry) return expected("an item " + what, joined(labels_at(m.offset)));
        for (size_t i = next; i < m.args.size(); ++i) {
            const Arg& a = m.args[i];
            if (is_word(a, "placeholders")) {
                if (!entry->is_snippet) expected(what + " with snippet placeholders", quoted(entry->insert_text));
                continue;
            }
            const std::string* field = a.key == "detail"   ? &entry->detail
                                       : a.key == "doc"    ? &entry->documentation
                                       : a.key == "sort"   ? &entry->sort_text
                                       : a.key == "insert" ? &entry->insert_text
                                                           : nullptr;
            if (!field) return fail("unknown item attribute `" + a.key + a.value + "`");
            if (!matches(a, *field)) expected(a.key + std::string(1, a.op) + quoted(a.value), quoted(*field));
        }
    }

    // ------------------------------------------------------------ signature help

    void sig(const Marker& m) {
        auto h = ide::signature_help(snapshot(), m.offset);
        if (only_none(m)) {
            if (h) expected("no signature help", quoted(h->label));
            return;
        }
        if (!h) return expected("signature help", "none");
        for (const Arg& a : m.args) {
            if (is_word(a, "documented")) {
                if (h->documentation.empty()) expected("documentation", "none");
                continue;
            }
            std::string found;
            if (a.key == "label") found = h->label;
            else if (a.key == "doc") found = h->documentation;
            else if (a.key == "active") found = std::to_string(h->active_parameter);
            else if (a.key.rfind("param", 0) == 0 && a.key.size() > 5 &&
                     std::isdigit(static_cast<unsigned char>(a.key[5]))) {
                size_t i = std::stoul(a.key.substr(5));
                if (i >= h->parameter_label_offsets.size()) {
                    expected(a.key,
                             std::to_string(h->parameter_label_offsets.size()) + " parameters in " + quoted(h->label));
                    continue;
                }
                auto [from, to] = h->parameter_label_offsets[i];
                found = h->label.substr(from, to - from);
            } else {
                return fail("unknown sig attribute `" + a.key + "`");
            }
            if (!matches(a, found)) expected(a.key + std::string(1, a.op) + quoted(a.value), quoted(found));
        }
    }

    // ------------------------------------------------------------ tokens

    void token(const Marker& m) {
        if (!tokens_cached_) {
            for (const auto& t : ide::semantic_tokens(snapshot())) tokens_[t.begin] = t;
            tokens_cached_ = true;
        }
        auto found = tokens_.find(m.offset);
        std::string got = "none";
        if (found != tokens_.end()) {
            const ide::SemanticToken& t = found->second;
            got = std::string(ide::token_type_names()[static_cast<size_t>(t.type)]);
            for (size_t i = 0; i < ide::token_modifier_names().size(); ++i)
                if (t.modifiers & (1u << i)) got += "+" + std::string(ide::token_modifier_names()[i]);
            got += " " + std::to_string(t.length);
        }
        std::string want = joined(words(m));
        if (only_none(m)) want = "none";
        if (got != want) expected(want, got);
    }

    // ------------------------------------------------------------ inlay hints

    void inlay(const Marker& m) {
        if (m.args.size() != 1 || !m.args[0].quoted) return fail("inlay takes one \"label\"");
        inlays_.push_back(&m);
    }

    // A document with `inlay` markers has exactly those hints; and a visible
    // range gives the hints of the whole text that lie inside it.
    void check_inlay_hints() {
        if (inlays_.empty()) return;
        ByteRange all{0, analysed_.size()};
        std::vector<ide::InlayHint> hints = ide::inlay_hints(snapshot(), all);
        std::vector<bool> matched(hints.size(), false);
        for (const Marker* m : inlays_) {
            marker_ = m;
            bool found = false;
            for (size_t i = 0; i < hints.size() && !found; ++i)
                if (!matched[i] && hints[i].offset == m->offset && hints[i].label == m->args[0].value)
                    found = matched[i] = true;
            if (!found) {
                std::vector<std::string> here;
                for (const auto& h : hints)
                    if (h.offset == m->offset) here.push_back(quoted(h.label));
                expected("a hint " + quoted(m->args[0].value), joined(here) + " here");
            }
        }
        marker_ = inlays_.front();
        for (size_t i = 0; i < hints.size(); ++i)
            if (!matched[i]) fail("an unexpected hint " + quoted(hints[i].label) + " at " + where(hints[i].offset));
        for (const Marker* m : inlays_) {
            marker_ = m;
            uint32_t line_start = analysed_.lines().line_start(analysed_.lines().line_of(m->offset));
            for (ByteRange visible : {ByteRange{0, line_start}, ByteRange{line_start, all.end}}) {
                size_t want = std::count_if(hints.begin(), hints.end(), [&](const ide::InlayHint& h) {
                    return visible.begin <= h.offset && h.offset < visible.end;
                });
                size_t got = ide::inlay_hints(snapshot(), visible).size();
                if (got != want)
                    expected(std::to_string(want) + " hints in " + where(visible.begin) + " to " + where(visible.end),
                             std::to_string(got));
            }
        }
    }

    const Document& doc_;
    AnalysedDocument analysed_;
    const Marker* marker_ = nullptr;
    std::vector<Failure> failures_;
    std::map<uint32_t, std::vector<ide::CompletionEntry>> completions_;
    std::map<uint32_t, ide::SemanticToken> tokens_;
    bool tokens_cached_ = false;
    std::vector<const Marker*> inlays_;
};

}  // namespace

std::vector<Failure> run_document(const Document& document) { return Runner(document).run(); }

std::vector<Failure> run_fixture(std::string_view content) {
    Fixture fixture = parse_fixture(content);
    std::vector<Failure> out = fixture.errors;
    for (const Document& d : fixture.documents) {
        auto failures = run_document(d);
        out.insert(out.end(), failures.begin(), failures.end());
    }
    std::stable_sort(out.begin(), out.end(), [](const Failure& a, const Failure& b) { return a.line < b.line; });
    return out;
}

}  // namespace ss::test::markers
