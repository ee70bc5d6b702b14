#include "cli/check_args.hpp"

#include <charconv>

#include "cli/arguments.hpp"

namespace ss::cli {
namespace {

// An absolute URI, printable ASCII without spaces: SARIF's schema checks
// helpUri and informationUri with format "uri", which needs a scheme.
bool is_absolute_uri(std::string_view text) {
    const size_t colon = text.find(':');
    if (colon == std::string_view::npos || colon == 0) return false;
    for (size_t i = 0; i < colon; ++i) {
        const char c = text[i];
        const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        const bool other = (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
        if (!(alpha || (i > 0 && other))) return false;
    }
    for (char c : text) {
        if (c <= ' ' || c > '~') return false;  // also rejects bytes >= 0x80 (char is signed)
    }
    return true;
}

}  // namespace

std::string check_usage() {
    return "usage: shapescript check [--format human|json|sarif] [--sarif-docs-base URL]\n"
           "                         [--max-diagnostics N] [--facts] FILE...\n"
           "\n"
           "Checks ShapeScript files and reports their diagnostics.\n"
           "\n"
           "  --format human   file:line:col: error[CODE]: message, the source line and\n"
           "                   carets under the range (default)\n"
           "  --format json    one JSON array of {file, line, column, end_line, end_column,\n"
           "                   severity, code, message, related}; lines and columns are 1-based,\n"
           "                   columns count Unicode code points\n"
           "  --format sarif   one SARIF 2.1.0 log for code-scanning tools (GitHub code\n"
           "                   scanning); unreadable files are in it as notifications\n"
           "  --sarif-docs-base URL\n"
           "                   with --format sarif: the URL the repository's files are\n"
           "                   published under; rules then link to URL/docs/errors.md#<code>\n"
           "  --facts          with --format json: one object {diagnostics, facts}, the\n"
           "                   facts the analyses found, each {file, line, column,\n"
           "                   end_line, end_column, pass, kind, function, detail}\n"
           "  --max-diagnostics N\n"
           "                   show at most N diagnostics per file (default 100, 0: all)\n"
           "  --path DIR       a folder to search for imported modules, after the\n"
           "                   importing file's own (repeatable; then SHAPESCRIPT_PATH)\n"
           "  -                read the source from standard input\n"
           "\n"
           "Exit status: 0 no errors, 1 errors found, 2 bad usage or a file could not be read.\n";
}

CheckArgs parse_check_args(std::span<const std::string> args) {
    static const OptionSpec kOptions[] = {
        {{"--format"}, "a format: human, json or sarif"},
        {{"--sarif-docs-base"}, "a URL"},
        {{"--max-diagnostics"}, "a number"},
        {{"--facts"}, ""},
        {{"--path"}, "a folder"},
    };
    auto words = read_arguments(args, kOptions);
    if (auto* error = std::get_if<std::string>(&words)) return UsageError{*error};
    const Arguments& given = std::get<Arguments>(words);
    if (given.help) return HelpRequested{};
    CheckOptions options;
    options.files = given.positionals;
    for (const auto& [name, value] : given.options) {
        if (name == "--format") {
            if (value == "human") options.format = OutputFormat::Human;
            else if (value == "json") options.format = OutputFormat::Json;
            else if (value == "sarif") options.format = OutputFormat::Sarif;
            else return UsageError{"unknown format `" + value + "`: expected human, json or sarif"};
        } else if (name == "--sarif-docs-base") {
            if (!is_absolute_uri(value)) {
                return UsageError{
                    "`--sarif-docs-base` needs an absolute URL such as "
                    "https://github.com/ORG/REPO/blob/main/, got `" +
                    value + "`"};
            }
            options.sarif_docs_base = value.back() == '/' ? value : value + "/";
        } else if (name == "--max-diagnostics") {
            size_t n = 0;
            auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
            if (ec != std::errc() || end != value.data() + value.size()) {
                return UsageError{"`--max-diagnostics` needs a number, got `" + value + "`"};
            }
            options.max_diagnostics = n;
        } else if (name == "--facts") {
            options.facts = true;
        } else if (name == "--path") {
            options.search_path.push_back(value);
        }
    }
    if (!options.sarif_docs_base.empty() && options.format != OutputFormat::Sarif) {
        return UsageError{"`--sarif-docs-base` is used only with `--format sarif`"};
    }
    if (options.facts && options.format != OutputFormat::Json) {
        return UsageError{"`--facts` is used only with `--format json`"};
    }
    if (options.files.empty()) return UsageError{"no input files"};
    return options;
}

}  // namespace ss::cli
