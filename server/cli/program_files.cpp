#include "cli/program_files.hpp"

#include <cstdlib>

#include "diag/read_file.hpp"

namespace ss::cli {

std::vector<std::string> search_path(const std::vector<std::string>& given) {
    std::vector<std::string> out = given;
    if (const char* env = std::getenv("SHAPESCRIPT_PATH")) {
        std::string all = env;
        size_t start = 0;
        while (start <= all.size()) {
            size_t end = all.find(':', start);
            if (end == std::string::npos) end = all.size();
            if (end > start) out.push_back(all.substr(start, end - start));
            start = end + 1;
        }
    }
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
