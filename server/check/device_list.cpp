#include "check/device_list.hpp"

#include <algorithm>
#include <charconv>
#include <vector>

#include "check/suggest.hpp"

namespace ss::check {

namespace {

std::string written(const DeviceEntry& e) {
    return e.kind + (e.index ? ":" + std::to_string(*e.index) : "") + (e.count ? "*" + std::to_string(*e.count) : "");
}

std::optional<int64_t> number(std::string_view text) {
    int64_t n = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
    return n;
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
}

}  // namespace

std::string device_entry_problem(const DeviceEntry& d, std::span<const DeviceEntry> before) {
    const std::string& kind = d.kind;
    if (kind != "cpu" && kind != "cuda" && kind != "mps")
        return "`" + kind + "` is not a device" + did_you_mean(kind, {"cpu", "cuda", "mps"});
    if (kind == "cuda" && !d.index && !d.count) return "a GPU is written with its index, such as `cuda:0`";
    if (kind != "cuda" && d.index) return "only `cuda` devices have an index";
    if (d.index && *d.index > kMaxCudaIndex)
        return "`" + written(d) + "` is past the last GPU index torch takes, " + std::to_string(kMaxCudaIndex);
    if (d.count && kind != "cpu") return "`*N` counts CPU workers: `cpu*3`";
    if (d.count && *d.count < 1)
        return "`" + written(d) + "` has no workers: a program has 1 to " + std::to_string(kMaxCpuWorkers) +
               " CPU workers";
    if (d.count && *d.count > kMaxCpuWorkers)
        return "`" + written(d) + "` is more CPU workers than the " + std::to_string(kMaxCpuWorkers) +
               " a program may have";
    if (!before.empty() && kind != before.front().kind)
        return "`" + written(d) + "` mixes " + kind + " with " + before.front().kind +
               ": a program runs on one kind of device";
    bool twice = std::any_of(before.begin(), before.end(),
                             [&](const DeviceEntry& e) { return e.kind == kind && e.index == d.index; });
    if (twice && kind == "cpu")
        return "`" + written(d) + "`: the CPU is listed twice (CPU workers are written once, `cpu*N`)";
    if (twice) return "`" + written(d) + "` is listed twice";
    return "";
}

std::optional<DeviceEntry> parse_device_entry(std::string_view text) {
    DeviceEntry e;
    size_t cut = text.find_first_of(":*");
    e.kind = std::string(text.substr(0, cut));
    if (e.kind.empty() || !std::all_of(e.kind.begin(), e.kind.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
        return std::nullopt;
    while (cut != std::string_view::npos) {
        char mark = text[cut];
        size_t next = text.find_first_of(":*", cut + 1);
        auto n = number(text.substr(cut + 1, next == std::string_view::npos ? std::string_view::npos : next - cut - 1));
        if (!n || (mark == ':' ? e.index : e.count)) return std::nullopt;
        (mark == ':' ? e.index : e.count) = n;
        cut = next;
    }
    return e;
}

std::string device_list_problem(std::string_view list) {
    std::vector<DeviceEntry> seen;
    size_t start = 0;
    while (start <= list.size()) {
        size_t comma = list.find(',', start);
        std::string_view text = trimmed(list.substr(start, comma == std::string_view::npos ? comma : comma - start));
        if (!text.empty() || comma != std::string_view::npos) {
            auto entry = parse_device_entry(text);
            // `meta` (shapes without values) stands in for a GPU in tests:
            // taken alone from the command line, never in a file.
            if (entry && entry->kind == "meta" && !entry->index && !entry->count && seen.empty() &&
                comma == std::string_view::npos)
                return "";
            if (text.empty()) return "an empty entry: write devices between the commas";
            if (!entry)
                return "`" + std::string(text) +
                       "` isn't a device: devices are `cpu`, `cpu*N` (N CPU workers), "
                       "`cuda:N` and `mps`";
            if (std::string problem = device_entry_problem(*entry, seen); !problem.empty()) return problem;
            seen.push_back(*entry);
        }
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    if (seen.empty()) return "expected a list such as `cpu*2` or `cuda:0,cuda:1`, found nothing";
    return "";
}

}  // namespace ss::check
