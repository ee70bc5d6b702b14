#include "cli/run_command.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <vector>

#include <unistd.h>

#include "cli/arguments.hpp"
#include "cli/exit_codes.hpp"
#include "cli/python_child.hpp"
#include "cli/render.hpp"
#include "cli/source_file.hpp"

namespace ss::cli {

std::string run_usage() {
    return "usage: shapescript run FILE.ss [--fn NAME] [--python PYTHON] [runner options] [ARGS...]\n"
           "\n"
           "Builds FILE.ss and calls its entry function (default: main) in Python, with ARGS\n"
           "given positionally or as --name value. The runner's options (--log-dir, --sinks,\n"
           "--checks, --value-checks, --devices, --path) are in `python -m shapescript.runner --help`\n"
           "and docs/cli.md.\n"
           "\n"
           "Python is --python, else $SHAPESCRIPT_PYTHON, else the python next to this program\n"
           "(a pip install), else the venv scripts/setup makes ($SHAPESCRIPT_VENV or\n"
           "~/.cache/shapescript/venv), else python3.\n";
}

int run_run_command(std::span<const std::string> args, std::ostream& out, std::ostream& err) {
    // Only --python is this command's; the rest is the runner's, as given.
    static const OptionSpec kOptions[] = {{{"--python"}, "a program"}};
    auto words = read_arguments(args, kOptions, {.unknown_as_positional = true});
    if (auto* error = std::get_if<std::string>(&words)) {
        err << "shapescript run: error: " << *error << "\n\n" << run_usage();
        return kExitUsage;
    }
    const Arguments& given = std::get<Arguments>(words);
    if (given.help) {
        out << run_usage();
        return kExitOk;
    }
    std::string python = given.value("--python").value_or("");
    const std::vector<std::string>& rest = given.positionals;
    if (rest.empty() || rest[0].empty() || rest[0][0] == '-') {
        err << "shapescript run: error: the first argument is the .ss file to run\n\n" << run_usage();
        return kExitUsage;
    }
    // Said at once, not after Python has started (seconds, with torch).
    if (SourceRead read = read_source(rest[0]); !read.bytes) {
        err << "shapescript run: error: " << display_text(read.error) << "\n";
        return kExitUsage;
    }
    std::filesystem::path self = self_path();
    python = find_python(python);

    // The runner builds with this compiler; from a build tree, it uses the
    // tree's runtime (build/bin/shapescript -> runtime/).
    if (!self.empty()) ::setenv("SHAPESCRIPT_BIN", self.c_str(), 1);
    std::filesystem::path tree_runtime = self.parent_path().parent_path().parent_path() / "runtime";
    if (!self.empty() && std::filesystem::exists(tree_runtime / "shapescript" / "__init__.py")) {
        std::string path = tree_runtime.string();
        if (const char* old = std::getenv("PYTHONPATH"); old && *old) path += ":" + std::string(old);
        ::setenv("PYTHONPATH", path.c_str(), 1);
    }

    // `python -m` puts the working folder first on sys.path, where a module
    // built from `torch.ss` or `einops.ss` would shadow the real package;
    // the runner puts the program's folder last instead (Python 3.11 reads
    // this, older ones ignore it).
    ::setenv("PYTHONSAFEPATH", "1", 1);
    std::vector<std::string> argv_strings = {python, "-m", "shapescript.runner"};
    argv_strings.insert(argv_strings.end(), rest.begin(), rest.end());
    std::vector<char*> argv;
    for (std::string& s : argv_strings) argv.push_back(s.data());
    argv.push_back(nullptr);
    out.flush();
    err.flush();
    std::cout.flush();
    ::execvp(python.c_str(), argv.data());
    err << "shapescript run: error: can't start Python (`" << python << "`): " << std::strerror(errno)
        << "; give one with --python or $SHAPESCRIPT_PYTHON\n";
    return kExitUsage;
}

}  // namespace ss::cli
