// Work-done progress the server starts (LSP 3.17, "Server Initiated
// Progress"), as the client allows it: only for a client that declared
// `window.workDoneProgress`, and with a token only once the client has
// answered its `window/workDoneProgress/create` with a result. An error
// answer refuses the token, and so does no answer in time; after either,
// the server asks no more. The worker thread's own.
#pragma once

#include <map>
#include <string>

#include "lsp/json_rpc.hpp"

namespace ss::lsp {

class ProgressTokens {
public:
    enum class State { Waiting, Accepted, Refused };

    explicit ProgressTokens(bool client_supports = false) : enabled_(client_supports) {}

    // Whether a new token may be asked for.
    bool enabled() const { return enabled_; }
    // Records that request `id` asks the client to create `token`.
    void asked(const Json& id, const std::string& token);
    // The client answered request `id` (`ok`: with a result). Answers to
    // other requests, or for tokens already given up, change nothing.
    void answered(const Json& id, bool ok);
    // Refused also for a token never asked for (or forgotten).
    State state(const std::string& token) const;
    // The wait for an answer is over: the token is refused, and no more are asked for.
    void give_up(const std::string& token);
    // Done with the token (used, refused or given up).
    void forget(const std::string& token);

private:
    bool enabled_;
    std::map<std::string, std::string> token_of_request_;  // by id_key
    std::map<std::string, State> states_;                  // by token
};

}  // namespace ss::lsp
