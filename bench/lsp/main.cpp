// bench/lsp: the real language server (`shapescript-lsp --stdio`, a child
// process spoken to over pipes) on generated programs of 1k, 5k and 20k
// lines: how long from a one-character didChange to its publishDiagnostics,
// how long a hover and a completion take, and how much memory the server
// holds (once the file is open and its semantic tokens and folds were
// asked, as an editor does, and after the edits). Each size runs with the
// default debounce (10 ms) and with
// `--debounce-ms 0`, side by side.
//
//   build/bin/bench_lsp                       # 1k, 5k, 20k lines, 200 edits each
//   build/bin/bench_lsp --edits 50 2000       # other sizes and counts
//   build/bin/bench_lsp --server PATH         # another server (default: next to this program)
//
// An edit types `z` after the `x` of `return x + y @ m.w_o` in a function
// in the middle of the file (an unknown name `xz`: one diagnostic), then
// deletes it (clean again), alternating, each sent only after the previous
// one's diagnostics came. Hover and completion are asked at 200 places
// spread over the file (a local, a parameter, a field, a called function)
// once the file is checked.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "../common.hpp"
#include "../parse/generate.hpp"
#include "lsp/json_rpc.hpp"
#include "lsp/message_reader.hpp"

namespace {

using ss::bench::Clock;
using ss::bench::ms_since;
using ss::lsp::Json;

[[noreturn]] void die(const std::string& message) {
    std::fprintf(stderr, "bench_lsp: %s\n", message.c_str());
    std::exit(1);
}

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return NAN;
    std::sort(v.begin(), v.end());
    auto i = static_cast<size_t>(std::ceil(p / 100.0 * static_cast<double>(v.size()))) - 1;
    return v[std::min(i, v.size() - 1)];
}

// The server as a child process, its stdin and stdout on pipes.
class Server {
public:
    Server(const std::string& path, const std::vector<std::string>& args) {
        int in[2], out[2];
        if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0) die("pipe: " + std::string(std::strerror(errno)));
        pid_ = fork();
        if (pid_ < 0) die("fork: " + std::string(std::strerror(errno)));
        if (pid_ == 0) {
            dup2(in[0], 0);
            dup2(out[1], 1);
            std::vector<char*> argv{const_cast<char*>(path.c_str())};
            for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
            argv.push_back(nullptr);
            execv(path.c_str(), argv.data());
            std::fprintf(stderr, "bench_lsp: cannot run %s: %s\n", path.c_str(), std::strerror(errno));
            _exit(127);
        }
        close(in[0]);
        close(out[1]);
        to_ = in[1];
        from_ = out[0];
    }

    ~Server() {
        if (to_ >= 0) close(to_);
        if (from_ >= 0) close(from_);
        if (pid_ > 0) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
    }

    pid_t pid() const { return pid_; }

    void send(const Json& message) {
        std::string bytes = ss::lsp::frame(message);
        for (size_t at = 0; at < bytes.size();) {
            ssize_t n = write(to_, bytes.data() + at, bytes.size() - at);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) die("the server stopped reading: " + std::string(std::strerror(errno)));
            at += static_cast<size_t>(n);
        }
    }

    int request(const std::string& method, Json params) {
        int id = next_id_++;
        send(ss::lsp::request(id, method, std::move(params)));
        return id;
    }

    void notify(const std::string& method, Json params) { send(ss::lsp::notification(method, std::move(params))); }

    // The next message that `wanted` accepts; others (log messages,
    // diagnostics of older versions) are dropped.
    Json wait_for(const std::function<bool(const Json&)>& wanted, const char* what) {
        auto deadline = Clock::now() + std::chrono::seconds(120);
        for (;;) {
            while (!inbox_.empty()) {
                Json message = std::move(inbox_.front());
                inbox_.pop_front();
                if (wanted(message)) return message;
            }
            auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
            if (left <= 0) die(std::string("no ") + what + " within 120 s");
            pollfd p{from_, POLLIN, 0};
            int ready = poll(&p, 1, static_cast<int>(left));
            if (ready < 0 && errno == EINTR) continue;
            if (ready <= 0) continue;
            char buffer[1 << 16];
            ssize_t n = read(from_, buffer, sizeof buffer);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) die(std::string("the server closed its output while waiting for ") + what);
            reader_.feed(std::string_view(buffer, static_cast<size_t>(n)));
            while (auto event = reader_.next()) {
                auto* body = std::get_if<std::string>(&*event);
                if (!body) die("the server's output is not framed: " + std::get<ss::lsp::FramingError>(*event).message);
                inbox_.push_back(Json::parse(*body));
            }
        }
    }

    Json response(int id) {
        return wait_for([id](const Json& m) { return m.contains("id") && m["id"] == id && !m.contains("method"); },
                        "response");
    }

    // The server's shutdown and exit, and its exit status.
    int stop() {
        response(request("shutdown", nullptr));
        notify("exit", nullptr);
        close(to_);
        to_ = -1;
        int status = 0;
        waitpid(pid_, &status, 0);
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }

private:
    pid_t pid_ = -1;
    int to_ = -1, from_ = -1;
    int next_id_ = 1;
    ss::lsp::MessageReader reader_;
    std::deque<Json> inbox_;
};

// VmRSS and VmHWM of a process, in MiB.
std::pair<double, double> memory_of(pid_t pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    double rss = NAN, hwm = NAN;
    while (std::getline(status, line)) {
        if (line.rfind("VmRSS:", 0) == 0) rss = std::atof(line.c_str() + 6) / 1024.0;
        if (line.rfind("VmHWM:", 0) == 0) hwm = std::atof(line.c_str() + 6) / 1024.0;
    }
    return {rss, hwm};
}

// An ASCII text's positions: LSP's line and character are byte based here.
Json position_at(const std::string& text, size_t offset) {
    size_t line_start = text.rfind('\n', offset == 0 ? 0 : offset - 1);
    line_start = line_start == std::string::npos || offset == 0 ? 0 : line_start + 1;
    auto line = std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n');
    return {{"line", line}, {"character", offset - line_start}};
}

struct Row {
    int lines = 0;
    int debounce_ms = 10;  // -1: the server's default
    double open_ms = 0;
    std::vector<double> edit, hover, completion;
    size_t hover_found = 0, completion_items = 0;
    double rss = NAN, hwm = NAN;
    double rss_open = NAN;  // once the opened file is checked, before any edit
};

Row run(const std::string& server_path, int lines, bool default_debounce, int edits) {
    const std::string uri = "file:///bench/generated_" + std::to_string(lines) + ".ss";
    const std::string text = ss::bench::generate_program(lines);
    Row row;
    row.lines = lines;
    row.debounce_ms = default_debounce ? -1 : 0;
    std::vector<std::string> args{"--stdio", "--log-level", "error"};
    if (!default_debounce) args.insert(args.end(), {"--debounce-ms", "0"});
    Server server(server_path, args);
    server.response(server.request("initialize",
                                   {{"processId", getpid()}, {"rootUri", nullptr}, {"capabilities", Json::object()}}));
    server.notify("initialized", Json::object());

    int version = 1;
    auto published = [&](int v) {
        return [&uri, v](const Json& m) {
            return m.value("method", "") == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri &&
                   m["params"].value("version", -1) == v;
        };
    };
    auto start = Clock::now();
    server.notify("textDocument/didOpen",
                  {{"textDocument",
                    {{"uri", uri}, {"languageId", "shapescript"}, {"version", version}, {"text", text}}}});
    Json first = server.wait_for(published(version), "publishDiagnostics after didOpen");
    row.open_ms = ms_since(start);
    if (!first["params"]["diagnostics"].empty())
        die("the generated program should check clean, the server found: " + first["params"]["diagnostics"][0].dump());
    // What an editor asks of a file it shows, as VS Code does after opening.
    for (const char* method : {"textDocument/semanticTokens/full", "textDocument/foldingRange"}) {
        Json reply = server.response(server.request(method, {{"textDocument", {{"uri", uri}}}}));
        if (reply.contains("error")) die(std::string(method) + " failed: " + reply["error"].dump());
    }
    row.rss_open = memory_of(server.pid()).first;

    // One-character edits in the middle of the file, each waited for.
    size_t at = text.find("    return x + y @ m.w_o", text.size() / 2);
    if (at == std::string::npos) die("no `return x + y @ m.w_o` in the generated program");
    Json where = position_at(text, at + 12);  // after `return x`
    Json after = where;
    after["character"] = where["character"].get<int>() + 1;
    for (int e = 0; e < edits; ++e) {
        bool typing = e % 2 == 0;
        Json change = typing ? Json{{"range", {{"start", where}, {"end", where}}}, {"text", "z"}}
                             : Json{{"range", {{"start", where}, {"end", after}}}, {"text", ""}};
        ++version;
        start = Clock::now();
        server.notify("textDocument/didChange", {{"textDocument", {{"uri", uri}, {"version", version}}},
                                                 {"contentChanges", Json::array({change})}});
        Json publish = server.wait_for(published(version), "publishDiagnostics after didChange");
        row.edit.push_back(ms_since(start));
        if (publish["params"]["diagnostics"].empty() == typing)
            die(typing ? "typing `z` after `return x` should give a diagnostic, none came"
                       : "the edit undone should check clean, diagnostics came");
    }
    if (edits % 2) {  // leave the file clean
        Json change{{"range", {{"start", where}, {"end", after}}}, {"text", ""}};
        server.notify("textDocument/didChange", {{"textDocument", {{"uri", uri}, {"version", ++version}}},
                                                 {"contentChanges", Json::array({change})}});
        server.wait_for(published(version), "publishDiagnostics after didChange");
    }

    // Hover and completion at places spread over the file.
    std::vector<Json> places;
    const int kPlaces = 200;
    for (int p = 0; p < kPlaces; ++p) {
        size_t from = text.size() * static_cast<size_t>(p) / kPlaces;
        size_t ret = text.find("    return x + y @ m.w_o", from);
        size_t call = text.find("x = attention", from);
        if (ret == std::string::npos || call == std::string::npos) {
            ret = text.find("    return x + y @ m.w_o");
            call = text.find("x = attention");
        }
        switch (p % 4) {
            case 0: places.push_back(position_at(text, ret + 11)); break;   // x, a parameter
            case 1: places.push_back(position_at(text, ret + 15)); break;   // y, a local
            case 2: places.push_back(position_at(text, ret + 21)); break;   // w_o, a field
            default: places.push_back(position_at(text, call + 6)); break;  // attention<i>, a function
        }
    }
    const Json doc{{"uri", uri}};
    for (const Json& place : places) {
        start = Clock::now();
        Json reply =
            server.response(server.request("textDocument/hover", {{"textDocument", doc}, {"position", place}}));
        row.hover.push_back(ms_since(start));
        if (reply.contains("error")) die("hover failed: " + reply["error"].dump());
        if (!reply["result"].is_null()) ++row.hover_found;
    }
    for (const Json& place : places) {
        start = Clock::now();
        Json reply =
            server.response(server.request("textDocument/completion", {{"textDocument", doc}, {"position", place}}));
        row.completion.push_back(ms_since(start));
        if (reply.contains("error")) die("completion failed: " + reply["error"].dump());
        const Json& result = reply["result"];
        if (result.is_array()) row.completion_items += result.size();
        else if (result.is_object() && result.contains("items")) row.completion_items += result["items"].size();
    }

    std::tie(row.rss, row.hwm) = memory_of(server.pid());
    int status = server.stop();
    if (status != 0) die("the server exited with " + std::to_string(status) + " after shutdown and exit");
    return row;
}

void print(const Row& r) {
    std::printf("%6d | %-8s | %8.1f | %7.2f %7.2f | %6.2f %6.2f %4zu/%-4zu | %6.2f %6.2f %6.1f | %6.1f %6.1f %6.1f\n",
                r.lines, r.debounce_ms < 0 ? "default" : "0 ms", r.open_ms, percentile(r.edit, 50),
                percentile(r.edit, 99), percentile(r.hover, 50), percentile(r.hover, 99), r.hover_found, r.hover.size(),
                percentile(r.completion, 50), percentile(r.completion, 99),
                r.completion.empty()
                    ? 0.0
                    : static_cast<double>(r.completion_items) / static_cast<double>(r.completion.size()),
                r.rss, r.hwm, r.rss_open);
}

const char* verdict(bool met) { return met ? "met" : "MISSED"; }

}  // namespace

int main(int argc, char** argv) {
    std::string server_path;
    int edits = 200;
    std::vector<char*> rest{argv[0]};
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if ((a == "--server" || a == "--edits") && i + 1 >= argc) die("`" + a + "` needs a value");
        if (a == "--server") server_path = argv[++i];
        else if (a == "--edits") edits = std::atoi(argv[++i]);
        else rest.push_back(argv[i]);
    }
    if (edits <= 0) die("--edits wants a positive count");
    std::vector<int> sizes = ss::bench::sizes_from(static_cast<int>(rest.size()), rest.data(), "bench_lsp");
    if (rest.size() == 1) sizes = {1000, 5000, 20000};
    if (server_path.empty()) {
        std::error_code ec;
        auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
        server_path = (exe.parent_path() / "shapescript-lsp").string();
    }
    if (access(server_path.c_str(), X_OK) != 0) die("no server at " + server_path + " (--server PATH)");
    signal(SIGPIPE, SIG_IGN);

    std::printf(
        "bench/lsp: %s --stdio; %d one-character edits per size, each waited for; hover and completion "
        "at 200 places; times in ms, memory in MiB\n",
        server_path.c_str(), edits);
    std::printf(
        "targets: edit->publish p99 < 30 ms at 5k lines; hover and completion p99 < 10 ms; VmRSS < 200 MiB "
        "at 20k lines; the default debounce is 10 ms\n\n");
    std::printf("%6s | %-8s | %8s | %-15s | %-23s | %-20s | %-20s\n", "lines", "debounce", "open to", "edit->publish",
                "hover", "completion", "memory (MiB)");
    std::printf("%6s | %-8s | %8s | %7s %7s | %6s %6s %9s | %6s %6s %6s | %6s %6s %6s\n", "", "", "publish", "p50",
                "p99", "p50", "p99", "non-null", "p50", "p99", "items", "VmRSS", "VmHWM", "opened");
    std::vector<Row> rows;
    for (int lines : sizes) {
        for (bool default_debounce : {true, false}) {
            rows.push_back(run(server_path, lines, default_debounce, edits));
            print(rows.back());
        }
    }
    std::printf("\nagainst the targets:\n");
    for (const Row& r : rows) {
        if (r.lines != 5000 && r.lines != 20000) continue;
        std::string line =
            std::to_string(r.lines) + " lines, " + (r.debounce_ms < 0 ? "default debounce" : "debounce 0") + ":";
        char part[160];
        if (r.lines == 5000) {
            std::snprintf(part, sizeof part, " edit->publish p99 %.2f ms %s;", percentile(r.edit, 99),
                          verdict(percentile(r.edit, 99) < 30));
            line += part;
        }
        std::snprintf(part, sizeof part, " hover p99 %.2f ms %s; completion p99 %.2f ms %s", percentile(r.hover, 99),
                      verdict(percentile(r.hover, 99) < 10), percentile(r.completion, 99),
                      verdict(percentile(r.completion, 99) < 10));
        line += part;
        if (r.lines == 20000) {
            std::snprintf(part, sizeof part, "; VmRSS %.1f MiB %s (VmHWM %.1f)", r.rss, verdict(r.rss < 200), r.hwm);
            line += part;
        }
        std::printf("  %s\n", line.c_str());
    }
    return 0;
}
