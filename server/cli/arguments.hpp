// The one reader of a command's words, for every command of `shapescript`
// and `shapescript-lsp`: options as `--name value` or `--name=value`, flags,
// `--` ending the options, `-` standing for standard input, `-h`/`--help`.
// Each command lists its options and checks their values itself.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ss::cli {

struct OptionSpec {
    std::vector<std::string_view> names;  // "-o", "--output": the last is the one Arguments keeps it by
    std::string_view value;               // what its value is, for messages ("a file name"); empty: a flag
    bool empty_allowed = false;           // `--docs-base ''` means something; `-o ''` never does
};

struct Arguments {
    bool help = false;
    std::vector<std::string> positionals;  // in order (options read after them too)
    // The options given, by their last name, in order; a flag's value is "".
    std::vector<std::pair<std::string, std::string>> options;

    bool has(std::string_view name) const;
    // The value given last for `name`, if it was given.
    std::optional<std::string> value(std::string_view name) const;
};

struct ReadOptions {
    // An unknown option, and `--` itself, is a positional (`shapescript run`
    // hands the rest to the runner), instead of an error.
    bool unknown_as_positional = false;
};

// `args` read against `specs`, or what is wrong with them (a usage error,
// one sentence).
std::variant<Arguments, std::string> read_arguments(std::span<const std::string> args,
                                                    std::span<const OptionSpec> specs, ReadOptions how = {});

}  // namespace ss::cli
