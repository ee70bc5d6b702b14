#include "cli/source_file.hpp"

#include <cstdint>
#include <cstdio>
#include <limits>

#include "diag/read_file.hpp"

namespace ss::cli {
namespace {

constexpr uint64_t kMaxBytes = std::numeric_limits<uint32_t>::max();

SourceRead named(FileRead read, const std::string& path) {
    if (read.bytes) return {std::move(read.bytes), {}};
    return {std::nullopt, path + ": " + read.error};
}

}  // namespace

SourceRead read_source(const std::string& path) {
    if (path == "-") return named(read_stream(stdin, kMaxBytes), "<stdin>");
    return named(read_regular_file(path, kMaxBytes), path);
}

}  // namespace ss::cli
