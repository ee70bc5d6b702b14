// A devices list's rules, in one place for the checker (a `devices` line,
// E0107) and the command line (`--devices`): each entry a device, all of
// one kind, none twice, and a number of CPU workers that is a plan, not a
// slip. The runtime reads a list by the same rules (devices.py).
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace ss::check {

// At most this many CPU workers (`cpu*256`).
inline constexpr int64_t kMaxCpuWorkers = 256;

// torch keeps a device's index in a signed byte: `cuda:128` wraps to
// `cuda:-128`, `cuda:256` to `cuda:0` (the runtime's limit too).
inline constexpr int64_t kMaxCudaIndex = 127;

struct DeviceEntry {
    std::string kind;              // cpu, cuda, mps, or what was written
    std::optional<int64_t> index;  // `cuda:1`
    std::optional<int64_t> count;  // `cpu*3`
};

// What is wrong with `entry` after the entries `before` it, in words (""
// when nothing is).
std::string device_entry_problem(const DeviceEntry& entry, std::span<const DeviceEntry> before);

// `cpu`, `cpu*3`, `cuda:0` read from text; nullopt when it isn't of that form.
std::optional<DeviceEntry> parse_device_entry(std::string_view text);

// What is wrong with a comma-separated list (`--devices cpu*2`), naming the
// entry ("" when nothing is). `meta` alone is taken too (tests: a device
// that isn't the CPU on a machine without a GPU).
std::string device_list_problem(std::string_view list);

}  // namespace ss::check
