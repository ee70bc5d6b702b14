// `shapescript-lsp`: the language server program. Logic lives in lsp_cli.cpp.
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "cli/lsp_cli.hpp"

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    const std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + argc);
    try {
        return ss::cli::lsp_cli(args, std::cout, std::cerr);
    } catch (const std::exception& e) {
        // A bug, not a user error: say so instead of aborting.
        std::cerr << "internal error: " << e.what() << "\n";
        return 2;
    }
}
