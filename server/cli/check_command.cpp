#include "cli/check_command.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "analysis/analysis.hpp"
#include "cli/exit_codes.hpp"
#include "cli/program_files.hpp"
#include "cli/render.hpp"
#include "cli/sarif.hpp"
#include "cli/source_file.hpp"
#include "diag/line_index.hpp"
#include "diag/version.hpp"

namespace ss::cli {
namespace {

std::string count(size_t n, std::string_view word) {
    return std::to_string(n) + " " + std::string(word) + (n == 1 ? "" : "s");
}

struct Totals {
    size_t errors = 0;
    size_t warnings = 0;
    size_t files_checked = 0;
    size_t files_with_errors = 0;
    size_t files_unreadable = 0;
};

// "2 errors in 1 file (3 files checked)", "3 files checked, no errors", ...
std::string summary(const Totals& t) {
    std::string line;
    if (t.errors == 0) {
        line = count(t.files_checked, "file") + " checked, no errors";
        if (t.warnings > 0) line += ", " + count(t.warnings, "warning");
    } else {
        line = count(t.errors, "error");
        if (t.warnings > 0) line += ", " + count(t.warnings, "warning");
        line += " in " + count(t.files_with_errors, "file");
        if (t.files_with_errors != t.files_checked) {
            line += " (" + count(t.files_checked, "file") + " checked)";
        }
    }
    if (t.files_unreadable > 0) {
        line += "; " + count(t.files_unreadable, "file") + " could not be read";
    }
    return line;
}

}  // namespace

Checked default_checker(std::string_view source, const check::ImportResolver& imports) {
    std::vector<analysis::Fact> facts;
    std::vector<Diagnostic> diagnostics = analysis::check_source(source, &facts, imports);
    return {std::move(diagnostics), std::move(facts)};
}

int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err, const Checker& checker) {
    const OutputFormat format = options.format;
    // Notes go to `err` right after the diagnostics before them: flush `out`
    // first so a terminal shows both in order.
    auto note = [&]() -> std::ostream& {
        out.flush();
        return err;
    };
    nlohmann::ordered_json all = nlohmann::ordered_json::array();
    nlohmann::ordered_json facts = nlohmann::ordered_json::array();
    SarifLog sarif({"shapescript", std::string(kVersion), options.sarif_docs_base});
    Totals totals;
    const HumanRenderOptions painted{.colour = colour_for(out)};
    std::unique_ptr<check::ModuleGraph> modules = disk_modules(options.search_path);

    for (const std::string& path : options.files) {
        const SourceRead read = read_source(path);
        if (!read.bytes) {
            note() << "shapescript: error: " << display_text(read.error) << "\n";
            ++totals.files_unreadable;
            if (format == OutputFormat::Sarif) {
                sarif.add_notification("error", read.error, path == "-" ? "<stdin>" : path);
            }
            continue;
        }
        const std::string& source = *read.bytes;
        const std::string shown_path = path == "-" ? "<stdin>" : path;
        ++totals.files_checked;
        const size_t artifact = format == OutputFormat::Sarif ? sarif.add_artifact(shown_path) : 0;
        if (source.empty()) {
            if (format == OutputFormat::Human)
                note() << "shapescript: note: " << display_text(shown_path) << ": file is empty\n";
            continue;
        }

        Checked checked = checker(source, imports_of(*modules, path));
        std::vector<Diagnostic>& diagnostics = checked.diagnostics;
        std::stable_sort(diagnostics.begin(), diagnostics.end(),
                         [](const Diagnostic& a, const Diagnostic& b) { return a.range.begin < b.range.begin; });
        const LineIndex index(source);
        if (options.facts)
            for (const analysis::Fact& f : checked.facts) facts.push_back(render_fact_json(f, shown_path, index));
        size_t file_errors = 0;
        size_t shown = 0;
        for (const Diagnostic& d : diagnostics) {
            if (d.severity == Severity::Error) ++file_errors;
            if (d.severity == Severity::Warning) ++totals.warnings;
            if (options.max_diagnostics != 0 && shown >= options.max_diagnostics) continue;
            ++shown;
            switch (format) {
                case OutputFormat::Human: out << render_human(d, shown_path, source, index, painted); break;
                case OutputFormat::Json: all.push_back(render_json(d, shown_path, index)); break;
                case OutputFormat::Sarif: sarif.add_result(d, artifact, index); break;
            }
        }
        if (shown < diagnostics.size()) {
            const std::string not_shown = count(diagnostics.size() - shown, "more diagnostic") +
                                          " not shown (--max-diagnostics " + std::to_string(options.max_diagnostics) +
                                          ")";
            note() << "shapescript: note: " << display_text(shown_path) << ": " << not_shown << "\n";
            // A code-scanning upload never sees standard error: say it in the log too.
            if (format == OutputFormat::Sarif) {
                sarif.add_notification("note", shown_path + ": " + not_shown, shown_path);
            }
        }
        totals.errors += file_errors;
        if (file_errors > 0) ++totals.files_with_errors;
    }

    switch (format) {
        case OutputFormat::Human: note() << summary(totals) << "\n"; break;
        case OutputFormat::Json:
            if (options.facts) all = nlohmann::ordered_json{{"diagnostics", all}, {"facts", facts}};
            out << dump_json(all) << "\n";
            break;
        case OutputFormat::Sarif: out << dump_json(sarif.json()) << "\n"; break;
    }
    out.flush();
    if (totals.files_unreadable > 0) return kExitUsage;
    return totals.errors > 0 ? kExitErrors : kExitOk;
}

}  // namespace ss::cli
