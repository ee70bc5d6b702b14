#include "cli/lsp_cli.hpp"

#include <csignal>
#include <iostream>

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "cli/arguments.hpp"
#include "cli/check_args.hpp"
#include "cli/exit_codes.hpp"
#include "cli/render.hpp"
#include "diag/version.hpp"
#include "lsp/serve.hpp"

namespace ss::cli {

std::string lsp_usage() {
    return "usage: shapescript-lsp --stdio [OPTIONS]\n"
           "       shapescript-lsp --port N [OPTIONS]\n"
           "       shapescript-lsp --check [--format human|json|sarif] FILE...\n"
           "\n"
           "The ShapeScript language server (LSP 3.17).\n"
           "\n"
           "  --stdio             speak the protocol on standard input and output\n"
           "  --port N            serve one client on 127.0.0.1:N (TCP)\n"
           "  --check FILE...     check files and print diagnostics, as `shapescript check`\n"
           "  --log-file PATH     write the log there (default: standard error; never stdout)\n"
           "  --log-level LEVEL   trace, debug, info, warn (default), error or off\n"
           "  --debounce-ms N     wait N ms after an edit before checking (default 10)\n"
           "  --docs-base URL     link diagnostics to URL#e0408 (default: docs/errors.md\n"
           "                      next to this program, when found)\n"
           "  -h, --help          show this help\n"
           "  -V, --version       show the version\n";
}

std::variant<ServeArgs, std::string> parse_serve_args(std::span<const std::string> args) {
    static const OptionSpec kOptions[] = {
        {{"--stdio"}, ""},
        {{"--port"}, "a port number"},
        {{"--log-file"}, "a file name"},
        {{"--log-level"}, "a log level"},
        {{"--debounce-ms"}, "milliseconds"},
        {{"--docs-base"}, "a URL", true},
    };
    auto words = read_arguments(args, kOptions);
    if (auto* error = std::get_if<std::string>(&words)) return *error;
    const Arguments& given = std::get<Arguments>(words);
    if (given.help) return "`--help` comes alone";
    if (!given.positionals.empty()) return "unexpected `" + given.positionals[0] + "`";
    ServeArgs out;
    for (const auto& [a, v] : given.options) {
        if (a == "--stdio") {
            out.stdio = true;
        } else if (a == "--port") {
            char* end = nullptr;
            long port = std::strtol(v.c_str(), &end, 10);
            if (*end != '\0' || port < 1 || port > 65535)
                return "expected a port number from 1 to 65535 after --port, found `" + v + "`";
            out.port = static_cast<uint16_t>(port);
        } else if (a == "--log-file") {
            out.log_file = v;
        } else if (a == "--log-level") {
            out.log_level = v;
            if (spdlog::level::from_str(out.log_level) == spdlog::level::off && out.log_level != "off")
                return "expected a log level (trace, debug, info, warn, error, off), found `" + out.log_level + "`";
        } else if (a == "--debounce-ms") {
            char* end = nullptr;
            long ms = std::strtol(v.c_str(), &end, 10);
            if (*end != '\0' || ms < 0 || ms > 5000)
                return "expected milliseconds from 0 to 5000 after --debounce-ms, found `" + v + "`";
            out.server.debounce = std::chrono::milliseconds(ms);
        } else if (a == "--docs-base") {
            out.server.links.docs_page = v;
            out.docs_base_given = true;
        }
    }
    if (out.stdio == out.port.has_value()) return "expected one of --stdio or --port N";
    if (!out.docs_base_given) out.server.links.docs_page = lsp::find_docs_page();
    return out;
}

namespace {

// Logs go to a file or to standard error: standard output carries the protocol.
bool set_up_logging(const ServeArgs& args, std::ostream& err) {
    std::shared_ptr<spdlog::logger> logger;
    try {
        if (args.log_file.empty())
            logger =
                std::make_shared<spdlog::logger>("shapescript-lsp", std::make_shared<spdlog::sinks::stderr_sink_mt>());
        else
            logger =
                std::make_shared<spdlog::logger>("shapescript-lsp",
                                                 std::make_shared<spdlog::sinks::basic_file_sink_mt>(args.log_file));
    } catch (const spdlog::spdlog_ex& e) {
        err << "shapescript-lsp: error: cannot open the log file `" << display_text(args.log_file) << "`: " << e.what()
            << "\n";
        return false;
    }
    logger->set_level(spdlog::level::from_str(args.log_level));
    logger->flush_on(spdlog::level::info);
    spdlog::set_default_logger(logger);
    return true;
}

int run_server(const ServeArgs& args, std::ostream& err) {
    if (!set_up_logging(args, err)) return kExitUsage;
    std::signal(SIGPIPE, SIG_IGN);  // a client that goes away is an error to handle, not a signal
    spdlog::info("shapescript-lsp {} starting", kVersion);
    if (args.stdio) {
        auto connection = lsp::stdio_connection();
        return lsp::serve(*connection, args.server);
    }
    std::string error;
    auto connection = lsp::accept_tcp_client(*args.port, error, [&] {
        spdlog::info("listening on 127.0.0.1:{}", *args.port);
        std::cerr << "shapescript-lsp: listening on 127.0.0.1:" << *args.port << std::endl;
    });
    if (!connection) {
        err << "shapescript-lsp: error: " << error << "\n";
        return kExitUsage;
    }
    return lsp::serve(*connection, args.server);
}

}  // namespace

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
    if (first == "--check") {
        CheckArgs parsed = parse_check_args(args.subspan(1));
        if (std::holds_alternative<HelpRequested>(parsed)) {
            out << lsp_usage();
            return kExitOk;
        }
        if (auto* usage = std::get_if<UsageError>(&parsed)) {
            err << "shapescript-lsp: error: " << display_text(usage->message) << "\n\n" << lsp_usage();
            return kExitUsage;
        }
        return run_check(std::get<CheckOptions>(parsed), out, err);
    }
    auto parsed = parse_serve_args(args);
    if (auto* error = std::get_if<std::string>(&parsed)) {
        err << "shapescript-lsp: error: " << display_text(*error) << "\n\n" << lsp_usage();
        return kExitUsage;
    }
    return run_server(std::get<ServeArgs>(parsed), err);
}

}  // namespace ss::cli
