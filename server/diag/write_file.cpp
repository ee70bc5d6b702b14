#include "diag/write_file.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ss {
namespace {

std::string kind(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISREG(mode)) return "a file";
    return "a special file";
}

// Whether `path`, or a link on the way to what it names, is one of the
// process's open descriptors (`/dev/stdout`, `/dev/fd/1`,
// `/proc/self/fd/1`): the file behind it is whatever a shell redirected
// there, which a rename would replace, losing what was written before.
bool through_descriptor(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path at = fs::absolute(path, ec).lexically_normal();
    for (int links = 0; links < 40 && !ec; ++links) {
        const std::string text = at.string();
        bool proc_fd = text.rfind("/proc/", 0) == 0 && text.find("/fd/") != std::string::npos;
        if (proc_fd || text.rfind("/dev/fd/", 0) == 0 || text == "/dev/stdout" || text == "/dev/stderr" ||
            text == "/dev/stdin")
            return true;
        if (!fs::is_symlink(fs::symlink_status(at, ec))) return false;
        fs::path next = fs::read_symlink(at, ec);
        at = (next.is_absolute() ? next : at.parent_path() / next).lexically_normal();
    }
    return false;
}

}  // namespace

std::optional<std::string> output_problem(const std::string& path) {
    namespace fs = std::filesystem;
    struct stat info {};
    if (path.empty()) return std::string("expected a file name, found an empty one");
    if (through_descriptor(path))
        return path +
               ": expected a regular file, found an open descriptor of this process (left as it is; `-o -` "
               "writes to standard output)";
    if (::stat(path.c_str(), &info) == 0) {
        if (!S_ISREG(info.st_mode))
            return path + ": expected a regular file, found " + kind(info.st_mode) + " (left as it is)";
        if (::access(path.c_str(), W_OK) != 0)
            return path + ": expected a file that may be written, found a read-only one (left as it is)";
        return std::nullopt;
    }
    if (struct stat link{}; ::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
        std::error_code ec;
        return path + ": expected a regular file or a new name, found a link to nothing (" +
               fs::read_symlink(path, ec).string() + "; left as it is)";
    }
    if (errno != ENOENT && errno != ENOTDIR) return path + ": cannot write: " + std::strerror(errno);
    // A new file (or a dangling link's target): its folder must be there.
    std::error_code ec;
    fs::path target = path;
    if (fs::is_symlink(fs::symlink_status(target, ec))) target = target.parent_path() / fs::read_symlink(target, ec);
    fs::path folder = target.parent_path();
    if (folder.empty()) folder = ".";
    if (::stat(folder.c_str(), &info) != 0)
        return path + ": expected an existing folder, found no " + folder.string() + " (nothing written)";
    if (!S_ISDIR(info.st_mode))
        return path + ": expected a folder, found " + folder.string() + " is " + kind(info.st_mode);
    if (::access(folder.c_str(), W_OK | X_OK) != 0)
        return path + ": cannot write in " + folder.string() + ": " + std::strerror(errno) + " (nothing written)";
    return std::nullopt;
}

std::optional<std::string> folder_refuses_files(const std::string& path) {
    std::filesystem::path folder = std::filesystem::path(path).parent_path();
    if (folder.empty()) folder = ".";
    std::string name = (folder / ".shapescript-probe-XXXXXX").string();
    std::vector<char> buffer(name.begin(), name.end());
    buffer.push_back('\0');
    int fd = ::mkstemp(buffer.data());
    if (fd < 0)
        return path + ": cannot write in " + folder.string() + ": " + std::strerror(errno) + " (nothing written)";
    ::close(fd);
    ::unlink(buffer.data());
    return std::nullopt;
}

std::optional<std::string> write_file_atomically(const std::string& path, std::string_view text) {
    namespace fs = std::filesystem;
    auto errno_text = [](int error) { return std::string(std::strerror(error)); };
    if (auto problem = output_problem(path)) return problem;
    std::error_code ec;
    fs::path target = path;
    if (fs::is_symlink(fs::symlink_status(target, ec))) {
        fs::path resolved = fs::canonical(target, ec);
        if (ec) return path + ": cannot write: " + ec.message();
        target = resolved;
    }
    mode_t mode;
    struct stat info {};
    if (::stat(target.c_str(), &info) == 0) {
        if (!S_ISREG(info.st_mode))
            return path + ": expected a regular file, found " + kind(info.st_mode) + " (left as it is)";
        mode = info.st_mode & 07777;
    } else {
        mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    fs::path folder = target.parent_path();
    if (folder.empty()) folder = ".";
    // A short name of its own, so that a name up to the folder's limit can
    // still be written (NAME_MAX counts the file's name alone).
    std::string name = (folder / ".ss-tmp-XXXXXX").string();
    std::vector<char> buffer(name.begin(), name.end());
    buffer.push_back('\0');
    int fd = ::mkstemp(buffer.data());
    if (fd < 0) return path + ": cannot write a temporary file in its folder: " + errno_text(errno);
    const std::string temp(buffer.data());
    auto fail = [&](const std::string& what) -> std::optional<std::string> {
        int error = errno;
        ::close(fd);
        ::unlink(temp.c_str());
        return path + ": " + what + ": " + errno_text(error);
    };
    size_t written = 0;
    while (written < text.size()) {
        ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0) {
            if (errno == EINTR) continue;
            return fail("cannot write");
        }
        written += static_cast<size_t>(n);
    }
    if (::fchmod(fd, mode) != 0) return fail("cannot set the file's mode");
    if (::fsync(fd) != 0) return fail("cannot write");
    if (::close(fd) != 0) {
        int error = errno;
        ::unlink(temp.c_str());
        return path + ": cannot write: " + errno_text(error);
    }
    if (::rename(temp.c_str(), target.c_str()) != 0) {
        int error = errno;
        ::unlink(temp.c_str());
        return path + ": cannot replace the file: " + errno_text(error);
    }
    return std::nullopt;
}

bool same_file(const std::string& a, const std::string& b) {
    struct stat x {};
    struct stat y {};
    return ::stat(a.c_str(), &x) == 0 && ::stat(b.c_str(), &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

}  // namespace ss
