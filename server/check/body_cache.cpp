// The body cache (file_checker.hpp): a function body whose key (the file's
// interface and the function's text) is unchanged since the last check is
// replayed, not checked: its facts move from the last result into the new
// one, shifted to where the function is now and with its own size symbols
// renumbered to where they land in the new table.
#include <algorithm>
#include <iterator>

#include "check/file_checker.hpp"

namespace ss::check {

// The interface of the file: every item's text but function bodies, and
// whether a fn without a return type returns a value. A body's check
// depends on nothing else (and on the prelude, which is fixed).
std::string interface_key(const std::vector<const ast::Item*>& items, std::string_view text) {
    std::string all;
    for (const ast::Item* item : items) {
        uint32_t end = item->range.end;
        if (auto* fn = std::get_if<ast::FnDef>(&item->node)) end = fn->body.range.begin;
        if (item->range.begin <= end && end <= text.size())
            all.append(text.substr(item->range.begin, end - item->range.begin));
        all.push_back('\0');
        // The kind too: a function and the error item that replaces it can
        // cover the same header text.
        all.push_back(static_cast<char>('0' + item->node.index()));
        // Whether a fn without a return type gives None is its callers'
        // business too (E0511), though it is read from the body.
        if (auto* fn = std::get_if<ast::FnDef>(&item->node); fn && !fn->return_type)
            all.push_back(returns_a_value(fn->body) ? 'v' : 'n');
    }
    return std::to_string(std::hash<std::string>{}(all)) + ":" + std::to_string(all.size());
}

namespace {

bool inside(ByteRange r, ByteRange item) { return r.begin >= item.begin && r.end <= item.end; }

// Whether `size` names a symbol from `first` on.
bool mentions_from(const Size& size, SymbolId first) {
    for (SymbolId id : size.symbols())
        if (id >= first) return true;
    return false;
}

bool mentions_from(const Type& t, SymbolId first) {
    for (const AxisType& a : t.tensor.axes)
        if (mentions_from(a.size, first)) return true;
    if (t.tensor.element.index_bound && mentions_from(*t.tensor.element.index_bound, first)) return true;
    for (const Type& e : t.elements)
        if (mentions_from(e, first)) return true;
    return false;
}

Size renumbered(const Size& size, SymbolId first, int64_t delta) {
    return size.substitute([&](SymbolId id) -> std::optional<Size> {
        if (id < first) return std::nullopt;
        return Size::symbol(static_cast<SymbolId>(static_cast<int64_t>(id) + delta));
    });
}

void renumber(Type& t, SymbolId first, int64_t delta) {
    for (AxisType& a : t.tensor.axes) a.size = renumbered(a.size, first, delta);
    if (t.tensor.element.index_bound)
        t.tensor.element.index_bound = renumbered(*t.tensor.element.index_bound, first, delta);
    for (Type& e : t.elements) renumber(e, first, delta);
}

// A body's type with its own symbols (from `first` on) renumbered; left as
// it is (not even copied: a shared pointer's count is atomic) when nothing
// moves.
void renumber_shared(TypeRef& type, SymbolId first, int64_t delta, TypeTable& table) {
    if (!type || delta == 0 || !mentions_from(*type, first)) return;
    Type out = *type;
    renumber(out, first, delta);
    type = table.intern(std::move(out));
}

// How a body's facts change on their way from one result to another: their
// ranges move `by` bytes, and their own symbols (from `first` on) by
// `renumber`. The callee's axes in a call site are below `first`.
// With `adopt` the facts come from another table's result (a helper
// thread's): each type is then this table's equal one.
struct Move {
    int64_t by;
    SymbolId first;
    int64_t renumber;
    TypeTable& types;
    bool adopt = false;

    void renumber_type(TypeRef& type) const {
        const Type* before = type.get();  // not a copy of the pointer: its count is atomic, and this is hot
        renumber_shared(type, first, renumber, types);
        if (adopt && type.get() == before) type = types.adopt(std::move(type));
    }
    // Where nothing moves (the bodies before an edit), lists held apart
    // (references, arguments) are not even read: it is memory the re-check
    // would wait for.
    void operator()(SymbolFact& f) const {
        f.definition = shifted(f.definition, by);
        if (by != 0)
            for (ByteRange& r : f.references) r = shifted(r, by);
        renumber_type(f.type);
    }
    void operator()(NameUse& u) const {
        u.at = shifted(u.at, by);
        if (u.kind == SymbolKind::PatternAxis) u.definition = shifted(u.definition, by);
    }
    void operator()(ExpressionFact& e) const {
        e.range = shifted(e.range, by);
        renumber_type(e.type);
    }
    void operator()(CallSite& c) const {
        c.range = shifted(c.range, by);
        c.callee_range = shifted(c.callee_range, by);
        if (by != 0)
            for (ArgumentBinding& a : c.arguments)
                if (a.source != ArgumentSource::Default) a.range = shifted(a.range, by);
        if (renumber == 0 && !adopt) return;
        for (AxisBinding& b : c.axes) {
            if (renumber != 0) b.size = renumbered(b.size, first, renumber);
            renumber_type(b.covered);
        }
        if (renumber == 0) return;
        for (AxisBinding& b : c.results) b.size = renumbered(b.size, first, renumber);
    }
    void operator()(Effect& e) const {
        e.range = shifted(e.range, by);
        if (renumber != 0) e.size = renumbered(e.size, first, renumber);
    }
    void operator()(FunctionFacts& f) const { shift(f, by); }
    bool changes_nothing() const { return by == 0 && renumber == 0 && !adopt; }
};

// Appends from[span] to `to`, changing each as `move` says; gives where
// they are now.
template <class T>
FactSpan transfer(std::vector<T>& from, FactSpan span, std::vector<T>& to, const Move& move) {
    size_t at = to.size();
    for (size_t i = span.begin; i < span.end; ++i) {
        to.push_back(std::move(from[i]));
        move(to.back());
    }
    return {at, to.size()};
}

BodyFactSpans transfer_all(CheckResult& from, const BodyFactSpans& spans, CheckResult& to, const Move& move) {
    BodyFactSpans out;
    out.symbols = transfer(from.symbols, spans.symbols, to.symbols, move);
    out.uses = transfer(from.uses, spans.uses, to.uses, move);
    out.expressions = transfer(from.expressions, spans.expressions, to.expressions, move);
    out.calls = transfer(from.program.calls, spans.calls, to.program.calls, move);
    out.effects = transfer(from.program.effects, spans.effects, to.program.effects, move);
    out.function =
        transfer(from.program.functions, {spans.function, spans.function + 1}, to.program.functions, move).begin;
    return out;
}

// One list of a completed run's result: `made` holds what the run made
// (the environment's facts, the bodies it checked or adopted) after the
// first `kept`, which are already in place at the start of `last`; `last`
// is the last result's, where each replay's facts still are (`span_of`
// its record's spans). Afterwards `made` holds all in order, each replay's
// facts at its `to`, changed as its move says.
//
// The replays' facts usually stay in `last`, in its order: then `last`
// becomes the list and they move within it, as far as the bodies before
// them grew or shrank, and not at all before the first edited body (an
// edit's re-check touches only the facts after it). The replays that move
// down go first, in order, those that move up after, from the last (as
// memmove); what `made` holds fills the places between them, which no
// replay's facts still need. Else (their order changed) all move into a
// new list in order.
template <class T, class Replays, class SpanOf>
void place(std::vector<T>& last, std::vector<T>& made, size_t kept, const Replays& replays,
           const std::vector<Move>& moves, const SpanOf& span_of) {
    size_t total = kept + made.size(), after = kept;
    bool in_order = true;
    for (const auto& r : replays) {
        FactSpan from = span_of(r.entry->second.spans);
        total += from.end - from.begin;
        in_order = in_order && from.begin >= after && from.end <= last.size();
        after = from.end;
    }
    auto fill_between = [&](std::vector<T>& out) {
        size_t next = kept, held = 0;
        auto fill_to = [&](size_t end) {
            for (; next < end; ++next) out[next + held] = std::move(made[next - kept]);
        };
        for (const auto& r : replays) {
            fill_to(span_of(r.to).begin - held);  // what was made before it
            FactSpan from = span_of(r.entry->second.spans);
            held += from.end - from.begin;
        }
        fill_to(kept + made.size());
    };
    if (!in_order) {
        std::vector<T> out(total);
        for (size_t i = 0; i < kept; ++i) out[i] = std::move(last[i]);
        for (size_t j = 0; j < replays.size(); ++j) {
            FactSpan from = span_of(replays[j].entry->second.spans);
            size_t to = span_of(replays[j].to).begin;
            for (size_t i = from.begin; i < from.end; ++i) {
                out[to + (i - from.begin)] = std::move(last[i]);
                moves[j](out[to + (i - from.begin)]);
            }
        }
        fill_between(out);
        made = std::move(out);
        return;
    }
    std::vector<T> out = std::move(last);
    if (out.size() < total) out.resize(total);
    auto move_one = [&](size_t j, size_t from, size_t to) {
        if (to != from) out[to] = std::move(out[from]);
        if (!moves[j].changes_nothing()) moves[j](out[to]);
    };
    for (size_t j = 0; j < replays.size(); ++j) {
        FactSpan from = span_of(replays[j].entry->second.spans);
        size_t to = span_of(replays[j].to).begin;
        if (to > from.begin || (to == from.begin && moves[j].changes_nothing())) continue;
        for (size_t i = 0; i < from.end - from.begin; ++i) move_one(j, from.begin + i, to + i);
    }
    for (size_t j = replays.size(); j-- > 0;) {
        FactSpan from = span_of(replays[j].entry->second.spans);
        size_t to = span_of(replays[j].to).begin;
        if (to <= from.begin) continue;
        for (size_t i = from.end - from.begin; i-- > 0;) move_one(j, from.begin + i, to + i);
    }
    fill_between(out);
    out.resize(total);
    made = std::move(out);
}

}  // namespace

// Checks a body, or replays what checking it gave last time when the key
// is the same. A typed run checks every body (a replay has no AST types)
// but still records each for the next run.
void FileChecker::check_or_replay_body(size_t index, const ast::FnDef& fn, Signature& signature,
                                       const std::string& interface) {
    const ast::Item& item = *items_list_[index];
    if (!cache_) {
        result_.program.functions.push_back(function_facts(item, fn, signature));
        check_body(fn, signature);
        return;
    }
    std::string_view text = text_.substr(item.range.begin, item.range.end - item.range.begin);
    const BodyText* known = index < unchanged_items_.size() && unchanged_items_[index] && index < last_keys_.size()
                                ? last_keys_[index]
                                : nullptr;
    BodyTextView body_text = known ? BodyTextView{text, known->hash, known} : hashed_view(text);
    if (BodyHelper* helper = helper_for(index))
        if (auto hit = helper->cache.entries.find(body_text); hit != helper->cache.entries.end()) {
            next_keys_[index] = adopt_helper_body(hit, fn, item.range.begin);
            return;
        }
    if (!typed_ && previous_ && cache_->interface == interface)
        if (auto hit = cache_->entries.find(body_text); hit != cache_->entries.end()) {
            // Its FunctionFacts come with the facts, key and all: the same
            // interface and text make the same key.
            replay_body(hit, fn, item.range.begin);
            next_keys_[index] = &hit->first;  // a node keeps its place when moved to the next map
            return;
        }
    result_.program.functions.push_back(function_facts(item, fn, signature));
    result_.program.functions.back().key =
        interface + "/" + std::to_string(body_text.hash) + ":" + std::to_string(body_text.text.size());
    next_keys_[index] = record_body(body_text, item, fn, signature);
}

// What a replay and an adoption share: a record's diagnostics and references
// to the environment into this run's result for the function now at `base`,
// its own size symbols appended (and its facts' renumbered to where they
// land), its inferred type set on the function's fact. An adoption's facts
// move from `from` at once; a replay's (`from` null) are held back, their
// places kept (place_replays).
FileChecker::MovedBody FileChecker::move_body(const BodyRecord& r, CheckResult* from, const ast::FnDef& fn,
                                              uint32_t base, bool adopt) {
    auto first = static_cast<SymbolId>(symbol_names_.size());
    int64_t renumber = static_cast<int64_t>(first) - static_cast<int64_t>(r.first_symbol);
    symbol_names_.insert(symbol_names_.end(), r.symbol_names.begin(), r.symbol_names.end());
    for (Diagnostic d : r.diagnostics) {
        shift(d, base);
        result_.diagnostics.push_back(std::move(d));
    }
    Move move{static_cast<int64_t>(base) - static_cast<int64_t>(r.base), r.first_symbol, renumber, types(), adopt};
    MovedBody moved{{}, first, r.inferred};
    if (from) {
        moved.to = placed(transfer_all(*from, r.spans, result_, move));
    } else {
        auto hold = [](FactSpan span, size_t made, size_t& held) {
            FactSpan to{made + held, made + held + (span.end - span.begin)};
            held += span.end - span.begin;
            return to;
        };
        moved.to.symbols = hold(r.spans.symbols, result_.symbols.size() - symbols_gap_, held_.symbols.begin);
        moved.to.uses = hold(r.spans.uses, result_.uses.size(), held_.uses.begin);
        moved.to.expressions = hold(r.spans.expressions, result_.expressions.size(), held_.expressions.begin);
        moved.to.calls = hold(r.spans.calls, result_.program.calls.size(), held_.calls.begin);
        moved.to.effects = hold(r.spans.effects, result_.program.effects.size(), held_.effects.begin);
        moved.to.function = result_.program.functions.size() + held_.function++;
    }
    for (const auto& [fact, at] : r.references)
        if (fact < result_.symbols.size()) result_.symbols[fact].references.push_back(shifted(at, base));
    if (moved.inferred) {
        move.renumber_type(moved.inferred);
        if (const ItemRef* ref = lookup(fn.name.text)) result_.symbols[ref->fact].type = moved.inferred;
    }
    return moved;
}

BodyFactSpans FileChecker::placed(BodyFactSpans made) const {
    auto by = [](FactSpan& span, size_t held) { span = {span.begin + held, span.end + held}; };
    made.symbols = {made.symbols.begin - symbols_gap_, made.symbols.end - symbols_gap_};
    by(made.symbols, held_.symbols.begin);
    by(made.uses, held_.uses.begin);
    by(made.expressions, held_.expressions.begin);
    by(made.calls, held_.calls.begin);
    by(made.effects, held_.effects.begin);
    made.function += held_.function;
    return made;
}

void FileChecker::replay_body(BodyEntries::iterator entry, const ast::FnDef& fn, uint32_t base) {
    MovedBody moved = move_body(entry->second, nullptr, fn, base, false);
    replays_.push_back({entry, moved.to, base, moved.first});
}

// After a complete run: the replays' facts, still in the last result, go
// to their places among the facts the run made (`place`), and each
// replayed function's calls and effects are set to where they are now.
void FileChecker::place_replays() {
    if (replays_.empty() && !took_last_symbols_) return;
    std::vector<Move> moves;
    moves.reserve(replays_.size());
    for (const Replay& r : replays_) {
        const BodyRecord& record = r.entry->second;
        moves.push_back({static_cast<int64_t>(r.base) - static_cast<int64_t>(record.base), record.first_symbol,
                         static_cast<int64_t>(r.first_symbol) - static_cast<int64_t>(record.first_symbol), types()});
    }
    CheckResult& last = *previous_;
    auto symbols = [](const BodyFactSpans& s) { return s.symbols; };
    if (took_last_symbols_) {
        // The list is the last result's (start_from_environment): the
        // environment's facts in place, the last run's body facts after
        // them, then what this run made.
        size_t kept = environment_.symbols.size(), made_from = kept + symbols_gap_;
        std::vector<SymbolFact> made(std::make_move_iterator(result_.symbols.begin() + made_from),
                                     std::make_move_iterator(result_.symbols.end()));
        result_.symbols.resize(made_from);
        place(result_.symbols, made, kept, replays_, moves, symbols);
        result_.symbols = std::move(made);
        took_last_symbols_ = false;
        symbols_gap_ = 0;
    } else {
        place(last.symbols, result_.symbols, 0, replays_, moves, symbols);
    }
    if (replays_.empty()) return;
    place(last.uses, result_.uses, 0, replays_, moves, [](const BodyFactSpans& s) { return s.uses; });
    place(last.expressions, result_.expressions, 0, replays_, moves,
          [](const BodyFactSpans& s) { return s.expressions; });
    place(last.program.calls, result_.program.calls, 0, replays_, moves,
          [](const BodyFactSpans& s) { return s.calls; });
    place(last.program.effects, result_.program.effects, 0, replays_, moves,
          [](const BodyFactSpans& s) { return s.effects; });
    place(last.program.functions, result_.program.functions, 0, replays_, moves, [](const BodyFactSpans& s) {
        return FactSpan{s.function, s.function + 1};
    });
    for (const Replay& r : replays_) {
        FunctionFacts& facts = result_.program.functions[r.to.function];
        facts.calls_begin = r.to.calls.begin;
        facts.calls_end = r.to.calls.end;
        facts.effects_begin = r.to.effects.begin;
        facts.effects_end = r.to.effects.end;
    }
    held_ = {};
}

// A body the helper thread checked (body_helper.cpp): its facts move from
// the helper's result into this one as a replay's do, and its record joins
// the records this run made.
const BodyText* FileChecker::adopt_helper_body(BodyEntries::iterator entry, const ast::FnDef& fn, uint32_t base) {
    auto node = helper_->cache.entries.extract(entry);  // the key isn't copied
    BodyRecord& r = node.mapped();
    MovedBody moved = move_body(r, &helper_->result, fn, base, true);
    r.spans = moved.to;
    r.base = base;
    r.first_symbol = moved.first;
    r.inferred = moved.inferred;
    ++adopted_;
    auto [at, fresh, unused] = made_.insert(std::move(node));
    return fresh ? &at->first : nullptr;
}

// Checks a body and makes its record, kept only if everything it gave lies
// inside the function: a range elsewhere (a related location in a model,
// say) could move without the key changing.
const BodyText* FileChecker::record_body(BodyTextView body_text, const ast::Item& item, const ast::FnDef& fn,
                                         Signature& signature) {
    BodyRecord record;
    size_t first_diagnostic = result_.diagnostics.size();
    BodyFactSpans& spans = record.spans;
    spans.symbols.begin = result_.symbols.size();
    spans.uses.begin = result_.uses.size();
    spans.expressions.begin = result_.expressions.size();
    spans.calls.begin = result_.program.calls.size();
    spans.effects.begin = result_.program.effects.size();
    spans.function = result_.program.functions.size() - 1;  // made by check_or_replay_body
    capture_ = &record;
    capture_first_symbol_ = result_.symbols.size();
    record.first_symbol = static_cast<SymbolId>(symbol_names_.size());
    check_body(fn, signature);
    capture_ = nullptr;
    spans.symbols.end = result_.symbols.size();
    spans.uses.end = result_.uses.size();
    spans.expressions.end = result_.expressions.size();
    spans.calls.end = result_.program.calls.size();
    spans.effects.end = result_.program.effects.size();
    record.symbol_names.assign(symbol_names_.begin() + record.first_symbol, symbol_names_.end());
    record.base = item.range.begin;
    auto base = static_cast<int64_t>(item.range.begin);
    bool keep = true;
    for (size_t i = first_diagnostic; i < result_.diagnostics.size(); ++i) {
        Diagnostic d = result_.diagnostics[i];
        keep = keep && inside(d.range, item.range);
        for (const RelatedInfo& rel : d.related) keep = keep && inside(rel.range, item.range);
        shift(d, -base);
        record.diagnostics.push_back(std::move(d));
    }
    for (size_t i = spans.symbols.begin; keep && i < spans.symbols.end; ++i) {
        const SymbolFact& f = result_.symbols[i];
        keep = inside(f.definition, item.range) && std::all_of(f.references.begin(), f.references.end(),
                                                               [&](ByteRange r) { return inside(r, item.range); });
    }
    for (size_t i = spans.uses.begin; keep && i < spans.uses.end; ++i) keep = inside(result_.uses[i].at, item.range);
    for (size_t i = spans.expressions.begin; keep && i < spans.expressions.end; ++i)
        keep = inside(result_.expressions[i].range, item.range);
    for (size_t i = spans.calls.begin; keep && i < spans.calls.end; ++i) {
        const CallSite& c = result_.program.calls[i];
        keep = inside(c.range, item.range) && inside(c.callee_range, item.range) &&
               std::all_of(c.arguments.begin(), c.arguments.end(), [&](const ArgumentBinding& a) {
                   return a.source == ArgumentSource::Default || inside(a.range, item.range);
               });
    }
    for (size_t i = spans.effects.begin; keep && i < spans.effects.end; ++i)
        keep = inside(result_.program.effects[i].range, item.range);
    for (auto& [fact, at] : record.references) {
        keep = keep && inside(at, item.range);
        at = shifted(at, -base);
    }
    if (!keep) return nullptr;
    spans = placed(spans);
    auto [made, fresh] = made_.emplace(BodyText{std::string(body_text.text), body_text.hash}, std::move(record));
    return fresh ? &made->first : nullptr;
}

// After a complete run: the records it replayed, now pointing into its
// result, and those it made. Entries it didn't use go.
void FileChecker::keep_used_records() {
    if (!cache_) return;
    for (Replay& r : replays_) {
        auto node = cache_->entries.extract(r.entry);  // the key (a whole function's text) isn't copied
        BodyRecord& record = node.mapped();
        record.spans = r.to;
        record.base = r.base;
        // Its inferred type as numbered now, like its facts.
        renumber_shared(record.inferred, record.first_symbol,
                        static_cast<int64_t>(r.first_symbol) - static_cast<int64_t>(record.first_symbol), types());
        record.first_symbol = r.first_symbol;
        made_.insert(std::move(node));
    }
    replays_.clear();
    cache_->entries = std::move(made_);
    cache_->interface = interface_;
    made_.clear();
    last_keys_ = std::move(next_keys_);
}

// After a stopped run: the replays' facts never left the last result, so
// the cache still describes it; the records this run made go.
void FileChecker::undo_replays() {
    replays_.clear();
    held_ = {};
    made_.clear();
}

}  // namespace ss::check
