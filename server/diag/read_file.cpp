#include "diag/read_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace ss {

namespace {

FileRead failed(std::string why) { return {std::nullopt, std::move(why)}; }

const char* kind_of(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

FileRead too_large(uint64_t max_bytes) { return failed("file too large (the limit is " + byte_limit(max_bytes) + ")"); }

}  // namespace

std::string byte_limit(uint64_t bytes) {
    // The CLI's limit is 2^32 - 1 (offsets are 32-bit): "4 GiB".
    const uint64_t round = bytes % 2 == 1 ? bytes + 1 : bytes;
    if (round != 0 && round % (1ull << 30) == 0) return std::to_string(round >> 30) + " GiB";
    if (round != 0 && round % (1ull << 20) == 0) return std::to_string(round >> 20) + " MiB";
    return std::to_string(bytes) + " bytes";
}

FileRead read_regular_file(const std::string& path, uint64_t max_bytes) {
    int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        if (errno == ENOENT) return failed("no such file");
        return failed(std::string("cannot read: ") + std::strerror(errno));
    }
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    struct stat st {};
    if (::fstat(fd, &st) != 0) return failed(std::string("cannot read: ") + std::strerror(errno));
    if (!S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode)) return failed("is a directory, expected a .ss file");
        return failed(std::string("is ") + kind_of(st.st_mode) + ", not a regular file");
    }
    if (static_cast<uint64_t>(st.st_size) >= max_bytes) return too_large(max_bytes);
    // A regular file doesn't block; O_NONBLOCK only kept the open from
    // waiting on a FIFO's writer. The file may grow while it is read: at
    // most the limit is read.
    std::string bytes;
    bytes.reserve(static_cast<size_t>(st.st_size));
    char buffer[1 << 16];
    for (;;) {
        ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0) {
            if (errno == EINTR) continue;
            return failed(std::string("read failed: ") + std::strerror(errno));
        }
        if (n == 0) break;
        bytes.append(buffer, static_cast<size_t>(n));
        if (bytes.size() >= max_bytes) return too_large(max_bytes);
    }
    return {std::move(bytes), {}};
}

FileRead read_stream(std::FILE* file, uint64_t max_bytes) {
    std::string bytes;
    char buffer[1 << 16];
    for (;;) {
        const size_t n = std::fread(buffer, 1, sizeof buffer, file);
        bytes.append(buffer, n);
        if (bytes.size() >= max_bytes) return too_large(max_bytes);
        if (n < sizeof buffer) break;
    }
    if (std::ferror(file)) return failed(std::string("read failed: ") + std::strerror(errno));
    return {std::move(bytes), {}};
}

}  // namespace ss
