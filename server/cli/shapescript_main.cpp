// `shapescript`: the command-line front end. Logic lives in shapescript_cli.cpp.
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "cli/shapescript_cli.hpp"

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    const std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + argc);
    try {
        return ss::cli::shapescript_cli(args, std::cout, std::cerr);
    } catch (const std::exception& e) {
        // A bug, not a user error: say so instead of aborting.
        std::cerr << "internal error: " << e.what() << "\n";
        return 2;
    }
}
