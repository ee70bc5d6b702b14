#include "cli/python_child.hpp"

#include <cstdlib>

#include <unistd.h>

#include "diag/child_process.hpp"

namespace ss::cli {

namespace {

bool executable(const std::filesystem::path& p) { return !p.empty() && ::access(p.c_str(), X_OK) == 0; }

}  // namespace

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

}  // namespace ss::cli
