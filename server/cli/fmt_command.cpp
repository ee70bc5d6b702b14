#include "cli/fmt_command.hpp"

#include <filesystem>
#include <optional>
#include <variant>

#include "cli/arguments.hpp"
#include "cli/exit_codes.hpp"
#include "cli/render.hpp"
#include "cli/source_file.hpp"
#include "diag/line_index.hpp"
#include "diag/write_file.hpp"
#include "format/format.hpp"

namespace ss::cli {
namespace {

std::string count(size_t n, std::string_view word) {
    return std::to_string(n) + " " + std::string(word) + (n == 1 ? "" : "s");
}

}  // namespace

std::string fmt_usage() {
    return "usage: shapescript fmt [--check | --stdout] [--indent N] FILE...\n"
           "\n"
           "Formats ShapeScript files (style: docs/formatting.md). Files with syntax\n"
           "errors are not formatted and are left as they are.\n"
           "\n"
           "  (default)   rewrite each FILE in place when its formatting changes\n"
           "  --check     change nothing; list the files that would change on standard\n"
           "              output, and exit with status 1 if there are any\n"
           "  --stdout    print the formatted text of each FILE on standard output\n"
           "  --indent N  spaces per indentation level, 1 to 16 (default 4)\n"
           "  -           read the source from standard input and write the formatted\n"
           "              text to standard output\n"
           "\n"
           "Exit status: 0 done, 1 a file could not be formatted (syntax error) or\n"
           "--check found files to change, 2 bad usage or a file could not be read or\n"
           "written.\n";
}

int run_fmt(const FmtOptions& options, std::ostream& out, std::ostream& err) {
    format::FormatOptions style;
    style.indent_width = options.indent_width;
    size_t changed = 0, unchanged = 0, refused = 0, failed = 0;
    for (const std::string& path : options.files) {
        const bool is_stdin = path == "-";
        const std::string shown = is_stdin ? "<stdin>" : path;
        const SourceRead read = read_source(path);
        if (!read.bytes) {
            out.flush();
            err << "shapescript: error: " << display_text(read.error) << "\n";
            ++failed;
            continue;
        }
        const std::string& source = *read.bytes;
        auto result = format::format_source(source, style);
        if (auto* no = std::get_if<format::FormatRefused>(&result)) {
            const LineIndex index(source);
            const LineColumn at = index.position(no->offset);
            out.flush();
            err << display_text(shown) << ":" << at.line << ":" << at.column
                << ": cannot format: " << display_text(no->reason) << "\n";
            ++refused;
            continue;
        }
        const std::string& formatted = std::get<std::string>(result);
        const bool differs = formatted != source;
        differs ? ++changed : ++unchanged;
        if (options.check) {
            if (differs) out << display_text(shown) << "\n";
            continue;
        }
        if (options.to_stdout || is_stdin) {
            out << formatted;
            continue;
        }
        if (!differs) continue;
        if (auto problem = write_file_atomically(path, formatted)) {
            out.flush();
            err << "shapescript: error: " << display_text(*problem) << "\n";
            --changed;
            ++failed;
        }
    }
    out.flush();
    if (options.check) {
        if (changed > 0)
            err << count(changed, "file") << " would be reformatted, " << unchanged << " already formatted\n";
    } else if (!options.to_stdout && !(options.files.size() == 1 && options.files[0] == "-")) {
        err << count(changed, "file") << " reformatted, " << unchanged << " already formatted\n";
    }
    if (refused > 0) err << count(refused, "file") << " not formatted because of syntax errors\n";
    if (failed > 0) return kExitUsage;
    if (refused > 0 || (options.check && changed > 0)) return kExitErrors;
    return kExitOk;
}

int run_fmt_command(std::span<const std::string> args, std::ostream& out, std::ostream& err) {
    FmtOptions options;
    auto usage_error = [&](const std::string& message) {
        err << "shapescript fmt: error: " << display_text(message) << "\n\n" << fmt_usage();
        return kExitUsage;
    };
    static const OptionSpec kOptions[] = {
        {{"--check"}, ""},
        {{"--stdout"}, ""},
        {{"--indent"}, "a number from 1 to 16"},
    };
    auto words = read_arguments(args, kOptions);
    if (auto* error = std::get_if<std::string>(&words)) return usage_error(*error);
    const Arguments& given = std::get<Arguments>(words);
    if (given.help) {
        out << fmt_usage();
        return kExitOk;
    }
    options.files = given.positionals;
    for (const auto& [name, value] : given.options) {
        if (name == "--check") {
            options.check = true;
        } else if (name == "--stdout") {
            options.to_stdout = true;
        } else if (name == "--indent") {
            if (value.size() > 2 || value.find_first_not_of("0123456789") != std::string::npos ||
                std::stoi(value) < 1 || std::stoi(value) > 16)
                return usage_error("--indent takes a number from 1 to 16, not `" + value + "`");
            options.indent_width = std::stoi(value);
        }
    }
    if (options.check && options.to_stdout) return usage_error("--check and --stdout can't be used together");
    if (options.files.empty()) return usage_error("no files given (use `-` for standard input)");
    return run_fmt(options, out, err);
}

}  // namespace ss::cli
