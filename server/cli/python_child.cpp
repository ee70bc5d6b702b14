#include "cli/python_child.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace ss::cli {

namespace {

bool executable(const std::filesystem::path& p) { return !p.empty() && ::access(p.c_str(), X_OK) == 0; }

}  // namespace

std::filesystem::path self_path() {
    std::error_code ec;
    auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::filesystem::path() : p;
}

std::string find_python(const std::string& given) {
    if (!given.empty()) return given;
    if (const char* env = std::getenv("SHAPESCRIPT_PYTHON"); env && *env) return env;
    std::filesystem::path self = self_path();
    if (!self.empty() && executable(self.parent_path() / "python")) return (self.parent_path() / "python").string();
    std::filesystem::path venv;
    if (const char* v = std::getenv("SHAPESCRIPT_VENV"); v && *v) venv = v;
    else if (const char* home = std::getenv("HOME"); home && *home)
        venv = std::filesystem::path(home) / ".cache/shapescript/venv";
    if (executable(venv / "bin/python")) return (venv / "bin/python").string();
    return "python3";
}

int run_child(const std::vector<std::string>& argv, std::string& error) {
    std::vector<std::string> copies = argv;
    std::vector<char*> pointers;
    for (std::string& s : copies) pointers.push_back(s.data());
    pointers.push_back(nullptr);
    pid_t pid = 0;
    if (int e = ::posix_spawnp(&pid, pointers[0], nullptr, nullptr, pointers.data(), environ); e != 0) {
        error = std::strerror(e);
        return -1;
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            error = std::strerror(errno);
            return -1;
        }
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
}

}  // namespace ss::cli
