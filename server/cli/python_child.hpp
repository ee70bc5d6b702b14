// The Python that `shapescript run` and `shapescript export` start: the
// one given (--python), else $SHAPESCRIPT_PYTHON, else the python next to
// this program (a pip install), else the venv scripts/setup makes
// ($SHAPESCRIPT_VENV or ~/.cache/shapescript/venv), else python3.
#pragma once

#include <string>

#include "diag/child_process.hpp"  // run_child, self_path: the commands use both

namespace ss::cli {

std::string find_python(const std::string& given);

}  // namespace ss::cli
