#include "cli/lsp_cli.hpp"

#include "cli/check_args.hpp"
#include "cli/exit_codes.hpp"
#include "cli/version.hpp"
#include "diag/render.hpp"

namespace ss::cli {

std::string lsp_usage() {
    return "usage: shapescript-lsp --stdio\n"
           "       shapescript-lsp --check [--format human|json|sarif] FILE...\n"
           "\n"
           "The ShapeScript language server.\n"
           "\n"
           "  --stdio        speak the Language Server Protocol on stdin/stdout\n"
           "                 (not implemented yet)\n"
           "  --check FILE.. check files and print diagnostics, as `shapescript check`\n"
           "  -h, --help     show this help\n"
           "  -V, --version  show the version\n";
}

int lsp_cli(std::span<const std::string> args, std::ostream& out, std::ostream& err) {
    if (args.empty()) {
        err << lsp_usage();
        return kExitUsage;
    }
    const std::string& first = args[0];
    if (first == "-h" || first == "--help") {
        out << lsp_usage();
        return kExitOk;
    }
    if (first == "-V" || first == "--version") {
        out << "shapescript-lsp " << kVersion << "\n";
        return kExitOk;
    }
    if (first == "--stdio") {
        err << "shapescript-lsp: error: the protocol server (--stdio) is not implemented yet; "
               "it comes with the language-server issue. `--check FILE...` works now.\n";
        return kExitUsage;
    }
    if (first == "--check") {
        CheckArgs parsed = parse_check_args(args.subspan(1));
        if (std::holds_alternative<HelpRequested>(parsed)) {
            out << lsp_usage();
            return kExitOk;
        }
        if (auto* usage = std::get_if<UsageError>(&parsed)) {
            err << "shapescript-lsp: error: " << display_text(usage->message) << "\n\n"
                << lsp_usage();
            return kExitUsage;
        }
        return run_check(std::get<CheckOptions>(parsed), out, err);
    }
    err << "shapescript-lsp: error: unknown option `" << display_text(first) << "`\n\n"
        << lsp_usage();
    return kExitUsage;
}

}  // namespace ss::cli
