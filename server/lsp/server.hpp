// The language server: LSP 3.17 lifecycle, document sync and requests.
//
// Two threads. The reader (the caller of on_message) frames and classifies
// messages, records `$/cancelRequest`s and counts edits per document, then
// queues everything else in order. The worker owns the documents: it
// applies edits, analyses a document once no message is waiting and its
// debounce time has passed (a newer edit stops a check in flight), publishes
// diagnostics with the document's version, and answers requests from a
// fresh analysis. Handlers turn JSON into byte offsets and call server/ide/;
// nothing below this layer knows JSON.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <unordered_map>

#include "ide/call_hierarchy.hpp"
#include "ide/navigation.hpp"
#include "lsp/client_capabilities.hpp"
#include "lsp/export_jobs.hpp"
#include "lsp/json_rpc.hpp"
#include "lsp/open_document.hpp"
#include "lsp/progress.hpp"
#include "lsp/protocol.hpp"
#include "lsp/transport.hpp"

namespace ss::lsp {

struct ServerOptions {
    std::chrono::milliseconds debounce{10};
    DiagnosticLinks links;
    // Documents larger than this are not analysed (a message says so).
    size_t max_document_bytes = 32 * 1024 * 1024;
};

class LanguageServer {
public:
    LanguageServer(Connection& connection, ServerOptions options);
    ~LanguageServer();
    LanguageServer(const LanguageServer&) = delete;
    LanguageServer& operator=(const LanguageServer&) = delete;

    // Reader thread: one message body. False once `exit` arrived.
    bool on_message(const std::string& body);
    // Reader thread: a framing error (logged; the reader resynchronises).
    void on_framing_error(const std::string& message);
    // Reader thread: the messages of one read come between these. The
    // worker starts no check meanwhile, so edits that arrive together (a
    // burst in one write) are all applied before one is checked, however
    // the threads are scheduled.
    void begin_read();
    void end_read();
    // Reader thread, at the end: waits until the worker is done and gives
    // the exit code (0 after shutdown, 1 otherwise). `end_of_input`: the
    // client went away without `exit`.
    int finish(bool end_of_input);

private:
    struct Queued {
        Incoming message;
        std::shared_ptr<std::atomic<int>> edit_counter;  // for document notifications
    };
    enum class State { Uninitialized, Running, ShutDown };
    using Handler = Json (LanguageServer::*)(const Json& params);
    using NotificationHandler = void (LanguageServer::*)(const Json& params);

    void send(const Json& message);
    void worker_loop();
    void handle(Queued& item);
    void handle_request(const Incoming& in);
    void handle_notification(const Incoming& in);
    std::optional<std::chrono::steady_clock::time_point> next_due() const;
    std::chrono::steady_clock::time_point check_time(const OpenDocument& doc) const;
    void analyze_due_documents();
    bool analyze(OpenDocument& doc, bool cancellable);
    void publish(const OpenDocument& doc);
    Json diagnostic(const OpenDocument& doc, const Diagnostic& d) const;  // as the client takes it
    void ask_for_progress(OpenDocument& doc);
    int64_t server_request_id() { return next_server_request_++; }

    // Documents, for handlers.
    OpenDocument& document_of(const Json& params);  // by params.textDocument.uri; analysed
    std::string uri_of(const Json& params) const;
    PositionCodec codec(const OpenDocument& doc) const { return doc.codec(client_.encoding); }
    uint32_t offset_of(const OpenDocument& doc, const Json& params) const;  // params.position
    std::string prelude_uri();

    // Lifecycle (server.cpp).
    Json on_initialize(const Json& params);
    Json on_shutdown(const Json& params);
    void on_did_open(const Json& params);
    void on_did_change(const Json& params);
    void on_did_close(const Json& params);
    void on_ignored(const Json& params);

    // Names (handlers_navigation.cpp).
    Json on_hover(const Json& params);
    Json on_definition(const Json& params);
    Json on_references(const Json& params);
    Json on_document_highlight(const Json& params);
    Json on_prepare_rename(const Json& params);
    Json on_rename(const Json& params);
    Json on_inlay_hint(const Json& params);
    Json on_type_definition(const Json& params);
    Json on_prepare_call_hierarchy(const Json& params);
    Json on_incoming_calls(const Json& params);
    Json on_outgoing_calls(const Json& params);

    // Pull diagnostics (handlers_diagnostics.cpp).
    Json on_document_diagnostic(const Json& params);
    Json on_workspace_diagnostic(const Json& params);
    Json diagnostic_report(OpenDocument& doc, const std::string& previous_result_id);
    void start_pulling();

    // Quick fixes (handlers_fixes.cpp).
    Json on_code_action(const Json& params);
    Json apply_fix(const Json& arguments);

    // Structure and editing (handlers_editing.cpp).
    Json on_completion(const Json& params);
    Json on_signature_help(const Json& params);
    Json on_document_symbol(const Json& params);
    Json on_workspace_symbol(const Json& params);
    Json on_semantic_tokens_full(const Json& params);
    Json on_semantic_tokens_delta(const Json& params);
    Json on_folding_range(const Json& params);
    Json on_selection_range(const Json& params);
    Json on_formatting(const Json& params);
    static Json semantic_tokens_legend();

    // Commands (handlers_commands.cpp).
    Json on_execute_command(const Json& params);
    std::vector<std::string> command_names() const;
    // `shapescript-lsp.export`: answered later, by exports_, when the child ends.
    static bool is_export_command(const Json& params);
    void start_export(const Json& id, const Json& params);
    void on_progress_cancel(const Json& params);

    Connection& connection_;
    ServerOptions options_;

    // Shared between the threads, under mutex_.
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Queued> queue_;
    std::set<std::string> cancelled_;  // ids of requests to answer with RequestCancelled
    std::unordered_map<std::string, std::shared_ptr<std::atomic<int>>> edit_counters_;  // by uri
    bool stopping_ = false;
    bool reading_ = false;  // between begin_read and end_read
    std::optional<int> exit_code_;

    // The worker's own.
    State state_ = State::Uninitialized;
    ClientCapabilities client_;  // what the client declared in `initialize`
    ProgressTokens progress_;
    int64_t next_server_request_ = 1;
    std::map<std::string, std::unique_ptr<OpenDocument>> documents_;  // by uri
    // When the freed memory of the checks goes back to the system: a while
    // after the last check or request, once the server pauses (worker
    // thread only).
    std::optional<std::chrono::steady_clock::time_point> trim_due_;
    size_t free_after_trim_ = 0;  // the heap's free bytes after the last malloc_trim
    // Work that may leave memory to hand back (a check: replaced facts and
    // trees; a request: trees parsed again, large answers) makes the idle
    // trim due a while after it.
    void worked();
    void trim_when_idle();
    void trim();  // hands the heap's free pages back to the system
    std::unordered_map<std::string, Handler> requests_;
    std::unordered_map<std::string, NotificationHandler> notifications_;
    std::string prelude_uri_;
    uint64_t tokens_generation_ = 0;
    // The client pulls diagnostics (it asked once): none are pushed after.
    bool pulling_ = false;

    // The modules open documents import (docs/modules.md): an open file's
    // unsaved text wins over the disk's; searched after the importer's
    // folder in the workspace folders, then SHAPESCRIPT_PATH.
    std::unique_ptr<check::ModuleGraph> modules_;
    std::optional<std::string> module_text(const std::string& path) const;
    void follow_imports(OpenDocument& changed);  // re-checks the open documents that import it
    std::vector<std::pair<std::string, Json>> importer_uses(const OpenDocument& doc, const ide::ExportedSymbol& symbol,
                                                            const std::string& new_name = "");
    // Each file but `path` whose imports may reach it, as it is now: the
    // open documents (analysed first) and the files the module graph checked.
    using FileVisit = std::function<void(const std::string& uri, const ide::Snapshot&, const PositionCodec&)>;
    void each_other_file(const std::string& path, const FileVisit& visit);
    // The file `uri` as it is now, open or checked by the module graph:
    // false when it is neither.
    bool with_file(const std::string& uri, const FileVisit& visit);
    // A call hierarchy item, in its own file's positions: null when that
    // file can't be read.
    Json call_item_json(const ide::CallItem& item, const std::string& uri, const PositionCodec& codec);
    Json calls_json(const std::vector<ide::Call>& calls, const char* other, const std::string& uri,
                    const PositionCodec& codec);
    void on_watched_files(const Json& params);
    void on_initialized(const Json& params);
    std::string python_path_;  // initializationOptions.pythonPath: the Python exports trace with
    // initializationOptions.workspaceTrusted: false in an editor's Restricted
    // Mode, where export (it runs Python on what the file imports) is refused.
    bool workspace_trusted_ = true;

    std::thread worker_;
    // Last: its destructor stops the exports still running and waits for
    // their threads, which answer through send().
    ExportJobs exports_{[this](const Json& message) { send(message); }};
};

}  // namespace ss::lsp
