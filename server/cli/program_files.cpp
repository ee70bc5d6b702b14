#include "cli/program_files.hpp"

#include "diag/read_file.hpp"

namespace ss::cli {

std::vector<std::string> search_path(const std::vector<std::string>& given) {
    std::vector<std::string> out = given;
    for (std::string& dir : check::ModuleGraph::environment_search_path()) out.push_back(std::move(dir));
    return out;
}

std::unique_ptr<check::ModuleGraph> disk_modules(const std::vector<std::string>& given_paths) {
    auto read = [](const std::string& path) -> std::optional<std::string> {
        // The same limit as a source named on the command line: positions are 32-bit.
        FileRead got = read_regular_file(path, uint64_t{1} << 32);
        return got.bytes;
    };
    return std::make_unique<check::ModuleGraph>(read, search_path(given_paths));
}

check::ImportResolver imports_of(check::ModuleGraph& graph, const std::string& path) {
    return graph.resolver_for(path == "-" ? "<stdin>" : path);
}

}  // namespace ss::cli
