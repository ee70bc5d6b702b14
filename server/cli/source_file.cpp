#include "cli/source_file.hpp"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
#include <memory>

namespace ss::cli {
namespace {

constexpr uint64_t kMaxBytes = std::numeric_limits<uint32_t>::max();

SourceRead failure(const std::string& path, const std::string& why) { return {std::nullopt, path + ": " + why}; }

SourceRead read_stream(std::FILE* file, const std::string& path) {
    std::string bytes;
    char buffer[1 << 16];
    while (true) {
        const size_t n = std::fread(buffer, 1, sizeof buffer, file);
        bytes.append(buffer, n);
        if (bytes.size() >= kMaxBytes) {
            return failure(path, "file too large (the limit is 4 GiB)");
        }
        if (n < sizeof buffer) break;
    }
    if (std::ferror(file)) return failure(path, std::string("read failed: ") + std::strerror(errno));
    return {std::move(bytes), {}};
}

}  // namespace

SourceRead read_source(const std::string& path) {
    if (path == "-") return read_stream(stdin, "<stdin>");

    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status)) {
        if (ec && ec != std::errc::no_such_file_or_directory) {
            return failure(path, "cannot read: " + ec.message());
        }
        return failure(path, "no such file");
    }
    if (std::filesystem::is_directory(status)) {
        return failure(path, "is a directory, expected a .ss file");
    }

    errno = 0;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!file) return failure(path, std::string("cannot read: ") + std::strerror(errno));
    return read_stream(file.get(), path);
}

}  // namespace ss::cli
