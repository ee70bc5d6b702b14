// The Python that `shapescript run` and `shapescript export` start: the
// one given (--python), else $SHAPESCRIPT_PYTHON, else the python next to
// this program (a pip install), else the venv scripts/setup makes
// ($SHAPESCRIPT_VENV or ~/.cache/shapescript/venv), else python3.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace ss::cli {

std::filesystem::path self_path();  // this program, or empty
std::string find_python(const std::string& given);

// Runs `argv` (argv[0] found on PATH) and waits: its exit status, 128 + the
// signal that ended it, or -1 (with `error` set) when it couldn't start.
int run_child(const std::vector<std::string>& argv, std::string& error);

}  // namespace ss::cli
