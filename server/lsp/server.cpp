#include "lsp/server.hpp"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>

#include <spdlog/spdlog.h>

#include "diag/read_file.hpp"
#include "diag/version.hpp"
#include "lsp/heap.hpp"

namespace ss::lsp {

namespace {

// A document this large reports its check as work-done progress, and its
// check waits this long for the client to accept the progress token.
constexpr size_t kProgressBytes = 512 * 1024;
constexpr std::chrono::milliseconds kProgressAnswerWait{2000};
// How long after a check, with no check since, its freed memory is trimmed.
constexpr std::chrono::milliseconds kTrimAfter{300};
// Text whose trees, freed after a check, make the heap worth asking
// whether to trim then (64 KiB of text: some 4 MiB of trees).
constexpr size_t kForgottenTextToTrim = 64 * 1024;

bool is_document_notification(const std::string& method) {
    return method == "textDocument/didOpen" || method == "textDocument/didChange" || method == "textDocument/didClose";
}

// params.textDocument.uri when it is a string (the reader counts edits by it).
std::optional<std::string> uri_in(const Json& params) {
    const Json* doc = optional_member(params, "textDocument");
    const Json* uri = doc ? optional_member(*doc, "uri") : nullptr;
    if (!uri || !uri->is_string()) return std::nullopt;
    return uri->get<std::string>();
}

}  // namespace

LanguageServer::LanguageServer(Connection& connection, ServerOptions options)
    : connection_(connection), options_(std::move(options)) {
    requests_ = {
        {"initialize", &LanguageServer::on_initialize},
        {"shutdown", &LanguageServer::on_shutdown},
        {"textDocument/hover", &LanguageServer::on_hover},
        {"textDocument/definition", &LanguageServer::on_definition},
        {"textDocument/declaration", &LanguageServer::on_definition},
        {"textDocument/references", &LanguageServer::on_references},
        {"textDocument/documentHighlight", &LanguageServer::on_document_highlight},
        {"textDocument/prepareRename", &LanguageServer::on_prepare_rename},
        {"textDocument/rename", &LanguageServer::on_rename},
        {"textDocument/inlayHint", &LanguageServer::on_inlay_hint},
        {"textDocument/typeDefinition", &LanguageServer::on_type_definition},
        {"textDocument/prepareCallHierarchy", &LanguageServer::on_prepare_call_hierarchy},
        {"callHierarchy/incomingCalls", &LanguageServer::on_incoming_calls},
        {"callHierarchy/outgoingCalls", &LanguageServer::on_outgoing_calls},
        {"textDocument/diagnostic", &LanguageServer::on_document_diagnostic},
        {"workspace/diagnostic", &LanguageServer::on_workspace_diagnostic},
        {"textDocument/codeAction", &LanguageServer::on_code_action},
        {"textDocument/completion", &LanguageServer::on_completion},
        {"textDocument/signatureHelp", &LanguageServer::on_signature_help},
        {"textDocument/documentSymbol", &LanguageServer::on_document_symbol},
        {"workspace/symbol", &LanguageServer::on_workspace_symbol},
        {"textDocument/semanticTokens/full", &LanguageServer::on_semantic_tokens_full},
        {"textDocument/semanticTokens/full/delta", &LanguageServer::on_semantic_tokens_delta},
        {"textDocument/foldingRange", &LanguageServer::on_folding_range},
        {"textDocument/selectionRange", &LanguageServer::on_selection_range},
        {"textDocument/formatting", &LanguageServer::on_formatting},
        {"workspace/executeCommand", &LanguageServer::on_execute_command},
    };
    notifications_ = {
        {"initialized", &LanguageServer::on_initialized},
        {"textDocument/didOpen", &LanguageServer::on_did_open},
        {"textDocument/didChange", &LanguageServer::on_did_change},
        {"textDocument/didClose", &LanguageServer::on_did_close},
        {"textDocument/didSave", &LanguageServer::on_ignored},
        {"workspace/didChangeConfiguration", &LanguageServer::on_ignored},
        {"workspace/didChangeWatchedFiles", &LanguageServer::on_watched_files},
        {"window/workDoneProgress/cancel", &LanguageServer::on_progress_cancel},
    };
    worker_ = std::thread([this] { worker_loop(); });
}

LanguageServer::~LanguageServer() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (worker_.joinable()) worker_.join();
}

void LanguageServer::send(const Json& message) {
    if (!connection_.write(frame(message))) spdlog::debug("the client is gone; a message was not sent");
}

// ------------------------------------------------------------ reader thread

bool LanguageServer::on_message(const std::string& body) {
    auto classified = classify(body);
    if (auto* bad = std::get_if<Unusable>(&classified)) {
        spdlog::warn("refused a message: {}", bad->message);
        send(error_response(bad->id, bad->code, bad->message));
        return true;
    }
    Incoming in = std::move(std::get<Incoming>(classified));
    if (in.method == "$/cancelRequest") {
        const Json* id = optional_member(in.params, "id");
        if (id && (id->is_string() || id->is_number_integer() || id->is_number_unsigned())) {
            // Only a request still waiting in the queue can be cancelled: the
            // cancel of one already answered (a common race) is not kept, so
            // it neither piles up nor cancels a later request with that id.
            std::string key = id_key(*id);
            if (exports_.cancel_request(key)) return true;  // an export running in its child
            std::lock_guard lock(mutex_);
            for (const Queued& queued : queue_)
                if (queued.message.kind == Incoming::Kind::Request && id_key(queued.message.id) == key) {
                    cancelled_.insert(key);
                    break;
                }
        }
        return true;
    }
    Queued item{std::move(in), nullptr};
    bool is_exit = item.message.method == "exit" && item.message.kind == Incoming::Kind::Notification;
    {
        std::lock_guard lock(mutex_);
        if (item.message.kind == Incoming::Kind::Notification && is_document_notification(item.message.method))
            if (auto uri = uri_in(item.message.params)) {
                auto& counter = edit_counters_[*uri];
                if (!counter) counter = std::make_shared<std::atomic<int>>(0);
                ++*counter;
                item.edit_counter = counter;
            }
        queue_.push_back(std::move(item));
    }
    wake_.notify_all();
    return !is_exit;
}

void LanguageServer::begin_read() {
    std::lock_guard lock(mutex_);
    reading_ = true;
}

void LanguageServer::end_read() {
    {
        std::lock_guard lock(mutex_);
        reading_ = false;
    }
    wake_.notify_all();
}

void LanguageServer::on_framing_error(const std::string& message) {
    spdlog::error("bad message framing: {}; skipping to the next message", message);
}

int LanguageServer::finish(bool end_of_input) {
    if (end_of_input) {
        spdlog::info("end of input: the client closed the connection");
        Queued item;
        item.message.kind = Incoming::Kind::Notification;
        item.message.method = "exit";
        {
            std::lock_guard lock(mutex_);
            queue_.push_back(std::move(item));
        }
        wake_.notify_all();
    }
    if (worker_.joinable()) worker_.join();
    // Only `exit` after `shutdown` is a clean end; a client that goes away
    // without `exit` ends the server with 1 even after `shutdown`.
    if (end_of_input) return 1;
    std::lock_guard lock(mutex_);
    return exit_code_.value_or(1);
}

// ------------------------------------------------------------ worker thread

std::optional<std::chrono::steady_clock::time_point> LanguageServer::next_due() const {
    std::optional<std::chrono::steady_clock::time_point> due;
    for (const auto& [uri, doc] : documents_)
        if (!doc->result && doc->text().size() <= options_.max_document_bytes && (!due || check_time(*doc) < *due))
            due = check_time(*doc);
    return due;
}

// When a document's check may start: its debounce passed and, while the
// client has not answered the progress token asked for it, that answer
// came or its deadline passed.
std::chrono::steady_clock::time_point LanguageServer::check_time(const OpenDocument& doc) const {
    if (!doc.progress_token.empty() && progress_.state(doc.progress_token) == ProgressTokens::State::Waiting)
        return std::max(doc.due, doc.progress_deadline);
    return doc.due;
}

void LanguageServer::worker_loop() {
    for (;;) {
        std::optional<Queued> item;
        {
            std::unique_lock lock(mutex_);
            auto due = next_due();
            if (trim_due_ && (!due || *trim_due_ < *due)) due = trim_due_;
            while (queue_.empty() && !stopping_) {
                if (!due || reading_) {  // (a read's messages come before a check: begin_read)
                    wake_.wait(lock);
                } else if (wake_.wait_until(lock, *due) == std::cv_status::timeout) {
                    break;
                }
            }
            if (stopping_ && queue_.empty()) return;
            if (!queue_.empty()) {
                item = std::move(queue_.front());
                queue_.pop_front();
            }
        }
        trim_when_idle();
        if (!item) {
            analyze_due_documents();
            continue;
        }
        bool is_exit = item->message.kind == Incoming::Kind::Notification && item->message.method == "exit";
        handle(*item);
        if (item->edit_counter) --*item->edit_counter;
        if (is_exit) return;
        // A request may have parsed forgotten trees again (a format) or made
        // much it freed (semantic tokens of a large file are tens of MiB of
        // JSON).
        if (item->message.kind == Incoming::Kind::Request) worked();
    }
}

void LanguageServer::handle(Queued& item) {
    const Incoming& in = item.message;
    try {
        if (in.kind == Incoming::Kind::Request) handle_request(in);
        else if (in.kind == Incoming::Kind::Response) progress_.answered(in.id, !in.failed);
        else handle_notification(in);
    } catch (const std::exception& e) {
        // A bug: reported, and the server goes on.
        spdlog::error("internal error in {}: {}", in.method, e.what());
        if (in.kind == Incoming::Kind::Request)
            send(error_response(in.id, rpc_error::kInternalError, std::string("internal error: ") + e.what()));
    }
}

void LanguageServer::handle_request(const Incoming& in) {
    {
        std::lock_guard lock(mutex_);
        if (cancelled_.erase(id_key(in.id))) {
            send(error_response(in.id, rpc_error::kRequestCancelled, "the request was cancelled"));
            return;
        }
    }
    if (state_ == State::Uninitialized && in.method != "initialize") {
        send(error_response(in.id, rpc_error::kServerNotInitialized,
                            "expected `initialize` first, found `" + in.method + "`"));
        return;
    }
    if (state_ != State::Uninitialized && in.method == "initialize") {
        send(error_response(in.id, rpc_error::kInvalidRequest, "the server is already initialized"));
        return;
    }
    if (state_ == State::ShutDown) {
        send(error_response(in.id, rpc_error::kInvalidRequest,
                            "the server is shutting down: only `exit` is accepted after `shutdown`"));
        return;
    }
    auto handler = requests_.find(in.method);
    if (handler == requests_.end()) {
        send(error_response(in.id, rpc_error::kMethodNotFound, "no method `" + in.method + "` in this server"));
        return;
    }
    try {
        Json params = in.params.is_null() ? Json::object() : in.params;
        if (in.method == "workspace/executeCommand" && is_export_command(params)) {
            start_export(in.id, params);  // answered when the export ends
            return;
        }
        send(response(in.id, (this->*handler->second)(params)));
    } catch (const RpcError& e) {
        spdlog::warn("{}: {}", in.method, e.what());
        send(error_response(in.id, e.code, e.what()));
    } catch (const Json::exception& e) {
        spdlog::warn("{}: {}", in.method, e.what());
        send(error_response(in.id, rpc_error::kInvalidParams,
                            std::string("parameters of the wrong shape: ") + e.what()));
    }
}

void LanguageServer::handle_notification(const Incoming& in) {
    if (in.method == "exit") {
        std::lock_guard lock(mutex_);
        exit_code_ = state_ == State::ShutDown ? 0 : 1;
        return;
    }
    if (state_ == State::Uninitialized) {
        spdlog::warn("dropped `{}`: it came before `initialize`", in.method);
        return;
    }
    auto handler = notifications_.find(in.method);
    if (handler == notifications_.end()) {
        spdlog::debug("ignored notification `{}`", in.method);
        return;
    }
    try {
        Json params = in.params.is_null() ? Json::object() : in.params;
        (this->*handler->second)(params);
    } catch (const RpcError& e) {
        spdlog::warn("{}: refused: {}", in.method, e.what());
    } catch (const Json::exception& e) {
        spdlog::warn("{}: refused, parameters of the wrong shape: {}", in.method, e.what());
    }
}

void LanguageServer::analyze_due_documents() {
    auto now = std::chrono::steady_clock::now();
    for (auto& [uri, doc] : documents_) {
        if (doc->result || check_time(*doc) > now || doc->text().size() > options_.max_document_bytes) continue;
        if (doc->text().size() >= kProgressBytes && doc->progress_token.empty() && progress_.enabled()) {
            ask_for_progress(*doc);  // checked once the client answers, or at the deadline
            continue;
        }
        analyze(*doc, /*cancellable=*/true);
        // One document per turn: a message that came meanwhile goes first.
        std::lock_guard lock(mutex_);
        if (!queue_.empty()) return;
    }
}

bool LanguageServer::analyze(OpenDocument& doc, bool cancellable) {
    if (doc.text().size() > options_.max_document_bytes)
        throw RpcError(rpc_error::kRequestFailed,
                       "the document is " + std::to_string(doc.text().size()) + " bytes, over the " +
                           std::to_string(options_.max_document_bytes) + " this server analyses");
    // Progress, on a token the client accepted. One it hasn't answered yet
    // stays for a later check, until its deadline.
    std::string token;
    if (!doc.progress_token.empty()) {
        switch (progress_.state(doc.progress_token)) {
            case ProgressTokens::State::Accepted: token = doc.progress_token; break;
            case ProgressTokens::State::Waiting:
                if (std::chrono::steady_clock::now() < doc.progress_deadline) break;
                progress_.give_up(doc.progress_token);
                [[fallthrough]];
            case ProgressTokens::State::Refused: progress_.forget(std::exchange(doc.progress_token, {})); break;
        }
    }
    if (!token.empty())
        send(notification("$/progress", {{"token", token},
                                         {"value", {{"kind", "begin"}, {"title", "Checking"}, {"message", doc.uri}}}}));
    auto counter = doc.queued_edits;
    std::function<bool()> stop;
    if (cancellable) stop = [counter] { return counter->load() > 0; };
    auto started = std::chrono::steady_clock::now();
    const check::DocumentResult* result = doc.analysis.analyze(stop);
    if (!token.empty()) {
        send(notification("$/progress", {{"token", token}, {"value", {{"kind", "end"}}}}));
        progress_.forget(std::exchange(doc.progress_token, {}));
    }
    if (!result) {
        spdlog::debug("check of {} stopped: a newer edit came", doc.uri);
        return false;
    }
    doc.result = result;
    auto checked = std::chrono::steady_clock::now();
    doc.analysed = &doc.analyses.run(result->check);
    doc.diagnostics = analysis::with_analyses(result->diagnostics, *doc.analysed);
    auto now = std::chrono::steady_clock::now();
    spdlog::debug("checked {} (version {}) in {} ms, of which the analyses {} ms", doc.uri, doc.version,
                  std::chrono::duration<double, std::milli>(now - started).count(),
                  std::chrono::duration<double, std::milli>(now - checked).count());
    publish(doc);
    // What this check replaced is freed once its diagnostics are out; a
    // request waiting for the check is answered first (freed when edits
    // pause, or by the next check).
    if (cancellable) doc.analysis.tidy();
    follow_imports(doc);
    // The trees of the chunks this edit didn't touch are read again only
    // when asked for (their ASTs and what the editor asks of them are kept).
    size_t forgotten = doc.analysis.forget_trees(/*keep_newest=*/true);
#if defined(__GLIBC__)
    // When a check freed much (the first check of a big file, a changed
    // interface: its trees and facts are tens of MiB), hand the pages back
    // instead of keeping them as the process's resident size. Not after
    // each edit: a re-check frees little, and trimming then only made the
    // next check fault those pages in again (2 ms of a 5 ms re-check);
    // what the re-checks free goes back once edits pause (trim_when_idle).
    // Trimmed pages stay counted as free: it is what was freed since the
    // last trim that counts (else a large free heap trims at every edit).
    // Asked only when the environment was made again or many trees went
    // (the first edit after opening): heap_bytes walks malloc's free lists
    // (half a millisecond at 20k lines), and an edit inside a body frees
    // little.
    if (!doc.analysis.kept_environment() || forgotten > kForgottenTextToTrim) {
        HeapBytes heap = heap_bytes();
        if (heap.free > free_after_trim_ + std::max<size_t>(size_t{8} << 20, heap.used / 8)) trim();
    }
#endif
    worked();
    return true;
}

void LanguageServer::worked() { trim_due_ = std::chrono::steady_clock::now() + kTrimAfter; }

void LanguageServer::trim_when_idle() {
    if (!trim_due_ || std::chrono::steady_clock::now() < *trim_due_) return;
    trim_due_.reset();
    // Once edits pause, no tree is kept (a file just opened keeps them all
    // until then: the editor's first questions read them).
    for (auto& [uri, doc] : documents_) {
        doc->analysis.forget_trees(/*keep_newest=*/false);
        doc->analysis.tidy();
    }
    if (modules_) modules_->forget_trees();
    trim();
}

void LanguageServer::trim() {
#if defined(__GLIBC__)
    malloc_trim(0);
    free_after_trim_ = heap_bytes().free;
#endif
}

// Asks the client for a progress token for `doc`'s checks; the next check
// waits for the answer until the deadline.
void LanguageServer::ask_for_progress(OpenDocument& doc) {
    int64_t id = server_request_id();
    doc.progress_token = "shapescript/check/" + std::to_string(id);
    doc.progress_deadline = std::chrono::steady_clock::now() + kProgressAnswerWait;
    progress_.asked(id, doc.progress_token);
    send(request(id, "window/workDoneProgress/create", {{"token", doc.progress_token}}));
}

Json LanguageServer::diagnostic(const OpenDocument& doc, const Diagnostic& d) const {
    static const DiagnosticLinks none;
    return diagnostic_json(d, codec(doc), doc.uri, client_.code_description ? options_.links : none,
                           client_.related_information);
}

void LanguageServer::publish(const OpenDocument& doc) {
    if (pulling_) return;
    Json diagnostics = Json::array();
    for (const Diagnostic& d : doc.diagnostics) diagnostics.push_back(diagnostic(doc, d));
    send(notification("textDocument/publishDiagnostics",
                      {{"uri", doc.uri}, {"version", doc.version}, {"diagnostics", std::move(diagnostics)}}));
}

// ------------------------------------------------------------ documents

std::string LanguageServer::uri_of(const Json& params) const {
    const Json& doc = object_member(params, "textDocument", "textDocument");
    return string_member(doc, "uri", "textDocument.uri");
}

OpenDocument& LanguageServer::document_of(const Json& params) {
    std::string uri = uri_of(params);
    auto it = documents_.find(uri);
    if (it == documents_.end())
        throw RpcError(rpc_error::kInvalidParams,
                       "expected an open document, found `" + uri + "`, which was never opened (textDocument/didOpen)");
    OpenDocument& doc = *it->second;
    if (!doc.result) analyze(doc, /*cancellable=*/false);
    return doc;
}

uint32_t LanguageServer::offset_of(const OpenDocument& doc, const Json& params) const {
    return codec(doc).offset(member(params, "position", "position"), "position");
}

// ------------------------------------------------------------ lifecycle

Json LanguageServer::on_initialize(const Json& params) {
    const Json* capabilities = optional_member(params, "capabilities");
    client_ = read_client_capabilities(capabilities ? *capabilities : Json());
    progress_ = ProgressTokens(client_.work_done_progress);
    if (const Json* init = optional_member(params, "initializationOptions"); init && init->is_object()) {
        if (const Json* debounce = optional_member(*init, "debounceMs"); debounce && debounce->is_number_integer())
            options_.debounce = std::chrono::milliseconds(std::clamp<int64_t>(debounce->get<int64_t>(), 0, 5000));
        if (const Json* python = optional_member(*init, "pythonPath"); python && python->is_string())
            python_path_ = python->get<std::string>();
        if (const Json* trusted = optional_member(*init, "workspaceTrusted"); trusted && trusted->is_boolean())
            workspace_trusted_ = trusted->get<bool>();
    }
    state_ = State::Running;
    // Imports are searched in the workspace folders (docs/modules.md).
    std::vector<std::string> folders;
    if (const Json* list = optional_member(params, "workspaceFolders"); list && list->is_array()) {
        for (const Json& folder : *list)
            if (const Json* uri = folder.is_object() ? optional_member(folder, "uri") : nullptr;
                uri && uri->is_string())
                if (auto path = file_path(uri->get<std::string>())) folders.push_back(*path);
    } else if (const Json* root = optional_member(params, "rootUri"); root && root->is_string()) {
        if (auto path = file_path(root->get<std::string>())) folders.push_back(*path);
    }
    for (std::string& dir : check::ModuleGraph::environment_search_path()) folders.push_back(std::move(dir));
    modules_ = std::make_unique<check::ModuleGraph>([this](const std::string& path) { return module_text(path); },
                                                    std::move(folders));
    // Forms the client didn't declare are left out or given in their oldest
    // shape (`true` for a provider without options).
    Json rename = true;
    if (client_.prepare_rename) rename = {{"prepareProvider", true}};
    Json code_actions = true;
    if (client_.code_action_literals) code_actions = {{"codeActionKinds", {"quickfix"}}};
    Json capabilities_out = {
        {"positionEncoding", encoding_name(client_.encoding)},
        {"textDocumentSync", {{"openClose", true}, {"change", 2}}},
        {"hoverProvider", true},
        {"definitionProvider", true},
        {"typeDefinitionProvider", true},
        {"callHierarchyProvider", true},
        {"declarationProvider", true},
        {"referencesProvider", true},
        {"documentHighlightProvider", true},
        {"renameProvider", std::move(rename)},
        {"inlayHintProvider", true},
        {"codeActionProvider", std::move(code_actions)},
        {"completionProvider", {{"triggerCharacters", {".", "[", "="}}, {"resolveProvider", false}}},
        {"signatureHelpProvider", {{"triggerCharacters", {"(", ","}}, {"retriggerCharacters", {","}}}},
        {"documentSymbolProvider", true},
        {"workspaceSymbolProvider", true},
        {"semanticTokensProvider",
         {{"legend", semantic_tokens_legend()}, {"full", {{"delta", true}}}, {"range", false}}},
        {"foldingRangeProvider", true},
        {"selectionRangeProvider", true},
        {"documentFormattingProvider", true},
        {"executeCommandProvider", {{"commands", command_names()}}},
    };
    // Pull diagnostics only for a client that declared them; others keep
    // getting publishDiagnostics.
    if (client_.pull_diagnostics)
        capabilities_out["diagnosticProvider"] = {{"identifier", "shapescript"},
                                                  {"interFileDependencies", false},
                                                  {"workspaceDiagnostics", true}};
    return {{"capabilities", std::move(capabilities_out)},
            {"serverInfo", {{"name", "shapescript-lsp"}, {"version", std::string(kVersion)}}}};
}

Json LanguageServer::on_shutdown(const Json&) {
    state_ = State::ShutDown;
    return nullptr;
}

void LanguageServer::on_ignored(const Json&) {}

// Watching .ss files on disk, where the client registers watchers for a
// server: an imported file changed outside the editor is checked again.
void LanguageServer::on_initialized(const Json&) {
    if (!client_.watched_files_registration) return;
    Json watcher = {{"globPattern", "**/*.ss"}};
    send(request(server_request_id(), "client/registerCapability",
                 {{"registrations",
                   {{{"id", "shapescript-watched-files"},
                     {"method", "workspace/didChangeWatchedFiles"},
                     {"registerOptions", {{"watchers", {watcher}}}}}}}}));
}

std::optional<std::string> LanguageServer::module_text(const std::string& path) const {
    for (const auto& [uri, doc] : documents_)
        if (!doc->path.empty() && doc->path == path) return doc->text();
    FileRead read = read_regular_file(path, options_.max_document_bytes);
    return read.bytes;
}

// After `changed` was checked: when what its importers depend on changed
// (its summary, or its bodies' facts, which their analyses read), each
// open document that imports it, directly or not, is checked again (a
// body edit only replays their bodies from the cache).
void LanguageServer::follow_imports(OpenDocument& changed) {
    if (!modules_ || changed.path.empty()) return;
    std::set<std::string> importers;
    std::vector<std::string> work{changed.path};
    while (!work.empty()) {
        std::string file = work.back();
        work.pop_back();
        for (const std::string& from : modules_->importers_of(file))
            if (importers.insert(from).second) work.push_back(from);
    }
    // The summary only when an open document imports this one: making it
    // walks every item, which an edit of a file nobody imports can skip.
    bool imported = std::any_of(documents_.begin(), documents_.end(), [&](const auto& open) {
        return open.second.get() != &changed && importers.count(open.second->path);
    });
    if (!imported) return;
    std::shared_ptr<const check::ModuleSummary> summary = changed.analysis.summary(changed.path);
    // Its bodies' facts too: the analyses of importers' calls read them.
    std::string key = summary ? check::summary_key(*summary) + "\1" + check::summary_facts_key(*summary) : "";
    if (key == changed.summary_key) return;
    changed.summary_key = key;
    for (auto& [uri, doc] : documents_)
        if (doc.get() != &changed && importers.count(doc->path)) {
            doc->result = nullptr;
            doc->analysed = nullptr;
            doc->due = std::chrono::steady_clock::now();
        }
}

// A .ss file created, changed or deleted on disk: every open document is
// checked again (an import may find it now, or find it changed).
void LanguageServer::on_watched_files(const Json&) {
    for (auto& [uri, doc] : documents_) {
        doc->result = nullptr;
        doc->analysed = nullptr;
        doc->due = std::chrono::steady_clock::now();
    }
}

void LanguageServer::on_did_open(const Json& params) {
    const Json& item = object_member(params, "textDocument", "textDocument");
    std::string uri = string_member(item, "uri", "textDocument.uri");
    std::string text = string_member(item, "text", "textDocument.text");
    int64_t version = integer_member(item, "version", "textDocument.version");
    auto doc = std::make_unique<OpenDocument>(uri, version, std::move(text));
    if (auto path = file_path(uri); path && modules_) {
        doc->path = check::ModuleGraph::normal_path(*path);
        doc->analysis.set_resolver(modules_->resolver_for(doc->path));
    }
    {
        std::lock_guard lock(mutex_);
        auto& counter = edit_counters_[uri];
        if (!counter) counter = std::make_shared<std::atomic<int>>(0);
        doc->queued_edits = counter;
    }
    doc->due = std::chrono::steady_clock::now();
    if (doc->text().size() > options_.max_document_bytes) {
        spdlog::warn("{} is {} bytes: too large to check", uri, doc->text().size());
        send(notification("window/showMessage",
                          {{"type", 2},
                           {"message", "ShapeScript: " + uri + " is " + std::to_string(doc->text().size()) +
                                           " bytes; files over " + std::to_string(options_.max_document_bytes) +
                                           " bytes are not checked"}}));
    }
    documents_[uri] = std::move(doc);
}

void LanguageServer::on_did_change(const Json& params) {
    std::string uri = uri_of(params);
    auto it = documents_.find(uri);
    if (it == documents_.end())
        throw RpcError(rpc_error::kInvalidParams, "a change to `" + uri + "`, which is not open");
    OpenDocument& doc = *it->second;
    const Json& changes = array_member(params, "contentChanges", "contentChanges");
    int64_t version = integer_member(params["textDocument"], "version", "textDocument.version");
    if (version <= doc.version)
        spdlog::warn("{}: version {} after {}: versions should grow", uri, version, doc.version);
    // Debounced on the leading edge: an edit is checked at once unless it
    // comes within the debounce of the last one, whose check is still due
    // or was stopped by this edit. So a key typed after the last check is
    // out gets its diagnostics without waiting, and a burst (a paste in
    // steps, a multi-cursor edit, a tool's edits) is checked once at its
    // end, besides the check its first edit started. (Asked before the
    // edit is applied: that forgets the result.)
    auto now = std::chrono::steady_clock::now();
    bool in_burst = !doc.result && now - doc.last_edit < options_.debounce;
    for (size_t i = 0; i < changes.size(); ++i) {
        const Json& change = changes[i];
        std::string where = "contentChanges[" + std::to_string(i) + "]";
        if (!change.is_object())
            throw RpcError(rpc_error::kInvalidParams,
                           "expected `" + where + "` to be an object, found " + json_kind(change));
        std::string text = string_member(change, "text", where + ".text");
        if (const Json* range = optional_member(change, "range"))
            doc.apply(codec(doc).byte_range(*range, where + ".range"), text);
        else doc.replace_all(text);
    }
    doc.version = version;
    doc.result = nullptr;
    doc.analysed = nullptr;
    doc.due = in_burst ? now + options_.debounce : now;
    doc.last_edit = now;
}

void LanguageServer::on_did_close(const Json& params) {
    std::string uri = uri_of(params);
    auto it = documents_.find(uri);
    if (it == documents_.end()) return;
    progress_.forget(it->second->progress_token);
    documents_.erase(it);
    send(notification("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", Json::array()}}));
}

}  // namespace ss::lsp
