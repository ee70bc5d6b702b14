#include "cli/shapescript_cli.hpp"

#include <array>
#include <string_view>

#include "check/suggest.hpp"
#include "cli/build_command.hpp"
#include "cli/check_args.hpp"
#include "cli/exit_codes.hpp"
#include "cli/export_command.hpp"
#include "cli/fmt_command.hpp"
#include "cli/render.hpp"
#include "cli/run_command.hpp"
#include "diag/version.hpp"

namespace ss::cli {
namespace {

int check(std::span<const std::string> args, std::ostream& out, std::ostream& err) {
    CheckArgs parsed = parse_check_args(args);
    if (std::holds_alternative<HelpRequested>(parsed)) {
        out << check_usage();
        return kExitOk;
    }
    if (auto* usage = std::get_if<UsageError>(&parsed)) {
        err << "shapescript check: error: " << display_text(usage->message) << "\n\n" << check_usage();
        return kExitUsage;
    }
    return run_check(std::get<CheckOptions>(parsed), out, err);
}

}  // namespace

std::string shapescript_usage() {
    return "usage: shapescript <command> [options] [FILE...]\n"
           "\n"
           "ShapeScript: a typed tensor language that compiles to PyTorch.\n"
           "\n"
           "commands:\n"
           "  check    check .ss files and report diagnostics (see `shapescript check --help`)\n"
           "  build    compile to a Python module (see `shapescript build --help`)\n"
           "  export   export a function with torch.export (see `shapescript export --help`)\n"
           "  run      build and run a program's entry function (see `shapescript run --help`)\n"
           "  fmt      format source files (see `shapescript fmt --help`)\n"
           "\n"
           "options:\n"
           "  -h, --help     show this help\n"
           "  -V, --version  show the version\n";
}

int shapescript_cli(std::span<const std::string> args, std::ostream& out, std::ostream& err) {
    if (args.empty()) {
        err << shapescript_usage();
        return kExitUsage;
    }
    const std::string& command = args[0];
    const auto rest = args.subspan(1);
    if (command == "-h" || command == "--help" || command == "help") {
        out << shapescript_usage();
        return kExitOk;
    }
    if (command == "-V" || command == "--version") {
        out << "shapescript " << kVersion << "\n";
        return kExitOk;
    }
    if (command == "check") return check(rest, out, err);
    if (command == "fmt") return run_fmt_command(rest, out, err);
    if (command == "build") return run_build_command(rest, out, err);
    if (command == "export") return run_export_command(rest, out, err);
    if (command == "run") return run_run_command(rest, out, err);
    err << "shapescript: error: unknown command `" << display_text(command) << "`"
        << check::did_you_mean(command, {"check", "build", "export", "run", "fmt", "help"}) << "\n\n"
        << shapescript_usage();
    return kExitUsage;
}

}  // namespace ss::cli
