#include "cli/arguments.hpp"

#include <algorithm>

#include "check/suggest.hpp"

namespace ss::cli {

namespace {

const OptionSpec* find_spec(std::span<const OptionSpec> specs, std::string_view name) {
    for (const OptionSpec& spec : specs)
        if (std::find(spec.names.begin(), spec.names.end(), name) != spec.names.end()) return &spec;
    return nullptr;
}

}  // namespace

bool Arguments::has(std::string_view name) const {
    return std::any_of(options.begin(), options.end(), [&](const auto& o) { return o.first == name; });
}

std::optional<std::string> Arguments::value(std::string_view name) const {
    for (auto it = options.rbegin(); it != options.rend(); ++it)
        if (it->first == name) return it->second;
    return std::nullopt;
}

std::variant<Arguments, std::string> read_arguments(std::span<const std::string> args,
                                                    std::span<const OptionSpec> specs, ReadOptions how) {
    Arguments out;
    bool options_done = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (options_done || arg == "-" || arg.empty() || arg[0] != '-') {
            out.positionals.push_back(arg);
            continue;
        }
        if (arg == "--") {
            options_done = true;
            if (how.unknown_as_positional) out.positionals.push_back(arg);
            continue;
        }
        if (arg == "-h" || arg == "--help") {
            out.help = true;
            continue;
        }
        size_t eq = arg.rfind("--", 0) == 0 ? arg.find('=') : std::string::npos;
        std::string name = arg.substr(0, eq);
        const OptionSpec* spec = find_spec(specs, name);
        if (!spec) {
            if (!how.unknown_as_positional) {
                std::vector<std::string> known{"--help"};
                for (const OptionSpec& s : specs)
                    for (std::string_view n : s.names) known.emplace_back(n);
                return "unknown option `" + arg + "`" + check::did_you_mean(name, known);
            }
            out.positionals.push_back(arg);
            continue;
        }
        std::string key(spec->names.back());
        if (spec->value.empty()) {
            if (eq != std::string::npos) return "`" + name + "` takes no value, found `" + arg + "`";
            out.options.emplace_back(key, "");
            continue;
        }
        std::string value;
        if (eq != std::string::npos) value = arg.substr(eq + 1);
        else if (i + 1 < args.size()) value = args[++i];
        else return "`" + name + "` needs " + std::string(spec->value) + ", found none";
        if (value.empty() && !spec->empty_allowed)
            return "`" + name + "` needs " + std::string(spec->value) + ", found an empty one";
        out.options.emplace_back(key, std::move(value));
    }
    return out;
}

}  // namespace ss::cli
