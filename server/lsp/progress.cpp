#include "lsp/progress.hpp"

#include <spdlog/spdlog.h>

namespace ss::lsp {

void ProgressTokens::asked(const Json& id, const std::string& token) {
    token_of_request_[id_key(id)] = token;
    states_[token] = State::Waiting;
}

void ProgressTokens::answered(const Json& id, bool ok) {
    auto request = token_of_request_.find(id_key(id));
    if (request == token_of_request_.end()) return;
    std::string token = request->second;
    token_of_request_.erase(request);
    auto state = states_.find(token);
    if (state == states_.end() || state->second != State::Waiting) return;
    state->second = ok ? State::Accepted : State::Refused;
    if (!ok) {
        spdlog::info("the client refused progress token {}: no progress is reported from now on", token);
        enabled_ = false;
    }
}

ProgressTokens::State ProgressTokens::state(const std::string& token) const {
    auto it = states_.find(token);
    return it == states_.end() ? State::Refused : it->second;
}

void ProgressTokens::give_up(const std::string& token) {
    auto it = states_.find(token);
    if (it == states_.end() || it->second != State::Waiting) return;
    spdlog::info("no answer to window/workDoneProgress/create for {} in time: no progress is reported from now on",
                 token);
    it->second = State::Refused;
    enabled_ = false;
}

void ProgressTokens::forget(const std::string& token) {
    states_.erase(token);
    for (auto it = token_of_request_.begin(); it != token_of_request_.end();)
        it = it->second == token ? token_of_request_.erase(it) : std::next(it);
}

}  // namespace ss::lsp
