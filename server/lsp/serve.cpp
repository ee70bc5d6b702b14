#include "lsp/serve.hpp"

#include <filesystem>

#include <spdlog/spdlog.h>

#include "lsp/message_reader.hpp"

namespace ss::lsp {

int serve(Connection& connection, const ServerOptions& options) {
    LanguageServer server(connection, options);
    MessageReader reader;
    bool exited = false;
    connection.read_loop([&](std::string_view bytes) {
        reader.feed(bytes);
        // No check starts until this read's messages are all queued.
        server.begin_read();
        struct EndRead {
            LanguageServer& server;
            ~EndRead() { server.end_read(); }
        } end_read{server};
        while (auto event = reader.next()) {
            if (auto* body = std::get_if<std::string>(&*event)) {
                if (!server.on_message(*body)) {
                    exited = true;
                    return false;
                }
            } else {
                server.on_framing_error(std::get<FramingError>(*event).message);
            }
        }
        return true;
    });
    if (!exited && reader.pending_bytes() > 0)
        spdlog::warn("input ended inside a message ({} bytes unread)", reader.pending_bytes());
    if (!exited && reader.skipping_bytes() > 0)
        spdlog::warn("input ended inside a refused body ({} bytes short)", reader.skipping_bytes());
    return server.finish(!exited);
}

std::string find_docs_page() {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return {};
    fs::path bin = exe.parent_path();
    for (fs::path candidate : {bin / ".." / ".." / "docs" / "errors.md",  // build/bin in a checkout
                               bin / ".." / "share" / "shapescript" / "docs" / "errors.md"}) {  // an install
        fs::path page = fs::weakly_canonical(candidate, ec);
        if (!ec && fs::is_regular_file(page, ec)) return file_uri(page.string());
    }
    return {};
}

}  // namespace ss::lsp
