#include "ide/devices_hover.hpp"

#include <map>
#include <regex>
#include <string>

#include "analysis/axis_reach.hpp"

namespace ss::ide {

namespace {

// The workers a line starts: N for `cpu*N`, one per device listed.
int64_t workers_of(const ast::DevicesDecl& d) {
    int64_t n = 0;
    for (const ast::Device& e : d.devices) n += e.count ? *e.count : 1;
    return n;
}

// "22/21/21": `n` examples in `parts` contiguous parts, the first larger
// (runtime/shapescript/workers.py, part_bounds).
std::string split_of(int64_t n, int64_t parts) {
    std::string out;
    for (int64_t i = 0; i < parts; ++i) out += (i ? "/" : "") + std::to_string(n / parts + (i < n % parts ? 1 : 0));
    return out;
}

// The batch size a loop's `batches(64)` writes, when it is a number.
std::optional<int64_t> batch_size(const Snapshot& s, ByteRange loop) {
    static const std::regex written(R"(batches\(\s*(\d{1,9})\s*\))");
    std::string text(s.text.substr(loop.begin, loop.end - loop.begin));
    std::smatch m;
    if (!std::regex_search(text, m, written)) return std::nullopt;
    return std::stoll(m[1].str());
}

// The operations across a padded loop's batch axis, in every function
// the axis reaches, that add up over the workers: "`mean` (line 12)", in
// source order.
std::map<uint32_t, std::string> all_reduced(const Snapshot& s, const check::FunctionFacts& fn, ByteRange loop) {
    const check::ProgramFacts& program = s.result.check.program;
    std::map<uint32_t, std::string> out;
    for (size_t i = fn.effects_begin; i < fn.effects_end; ++i) {
        const check::Effect& e = program.effects[i];
        auto axis =
            e.kind == check::EffectKind::DatasetLoop && e.range.begin == loop.begin ? e.size.as_symbol() : std::nullopt;
        if (!axis) continue;
        analysis::AxisFollower follower(program, s.analysed->padding.mixing, s.analysed->imported());
        auto never = [](const check::FunctionFacts&, const analysis::Cause&) { return false; };
        for (const auto& [name, symbol] : follower.reach(fn, *axis, never).reached)
            for (const check::FunctionFacts& reached : program.functions) {
                if (reached.name != name) continue;
                for (size_t j = reached.effects_begin; j < reached.effects_end; ++j) {
                    const check::Effect& op = program.effects[j];
                    if (op.kind == check::EffectKind::AcrossAxisMasked && op.size.as_symbol() == symbol)
                        out[op.range.begin] = (op.detail.starts_with('`') ? op.detail : "`" + op.detail + "`") +
                                              " (line " + std::to_string(s.lines.position(op.range.begin).line) + ")";
                }
            }
    }
    return out;
}

}  // namespace

std::optional<HoverInfo> devices_hover(const Snapshot& s, uint32_t offset) {
    const ast::Item* item = item_containing(s, {offset, offset});
    const auto* line = item ? std::get_if<ast::DevicesDecl>(&item->node) : nullptr;
    if (!line || line->devices.empty()) return std::nullopt;
    int64_t workers = workers_of(*line);
    if (workers <= 1) return HoverInfo{item->range, "Runs in one process, on this device."};
    std::string md = "Runs on " + std::to_string(workers) + " workers, one process each (" +
                     (line->devices.front().kind.text == "cuda" ? "NCCL" : "Gloo") +
                     "): each loop over batches gives each worker a contiguous part of each batch.";
    if (!s.analysed) return HoverInfo{item->range, md};
    for (const analysis::Fact& f : s.analysed->facts) {
        if (f.kind != analysis::FactKind::PaddedLoop && f.kind != analysis::FactKind::UnpaddedLoop) continue;
        std::string where = "line " + std::to_string(s.lines.position(f.range.begin).line);
        auto size = batch_size(s, f.range);
        if (f.kind == analysis::FactKind::UnpaddedLoop) {
            md += "\n\nThe loop on " + where +
                  " runs each batch whole on every worker: it can't be padded, so it can't be split exactly.";
            continue;
        }
        md += "\n\nThe loop on " + where + ": ";
        md += size ? "a batch of " + std::to_string(*size) + " is split " + split_of(*size, workers) +
                         ", the last one padded to " + std::to_string(*size) + " first and split with its mask."
                   : "each batch is split as evenly as possible, the first parts larger.";
        const check::FunctionFacts* fn = nullptr;
        for (const check::FunctionFacts& candidate : s.result.check.program.functions)
            if (candidate.name == f.function) fn = &candidate;
        std::map<uint32_t, std::string> ops = fn ? all_reduced(s, *fn, f.range) : std::map<uint32_t, std::string>{};
        if (ops.empty()) continue;
        md += " Added up over the workers (an all-reduce each):";
        for (const auto& [at, op] : ops) md += " " + op + ",";
        md.back() = '.';
    }
    md += "\n\n`value_and_grad` averages the workers' gradients; `log`, `print` and `save` happen once.";
    return HoverInfo{item->range, md};
}

}  // namespace ss::ide
