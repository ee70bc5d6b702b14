// JSON-RPC 2.0 as LSP uses it: classifying incoming messages, building
// replies, and reading parameters with errors that say what was expected
// and what was found. The only layer besides protocol.hpp that knows JSON.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

#include <nlohmann/json.hpp>

namespace ss::lsp {

using Json = nlohmann::json;

namespace rpc_error {
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kInternalError = -32603;
constexpr int kServerNotInitialized = -32002;
constexpr int kRequestFailed = -32803;
constexpr int kRequestCancelled = -32800;
}  // namespace rpc_error

// Thrown by handlers; becomes an error reply.
struct RpcError : std::runtime_error {
    int code;
    RpcError(int code, const std::string& message) : std::runtime_error(message), code(code) {}
};

struct Incoming {
    enum class Kind { Request, Notification, Response };
    Kind kind = Kind::Notification;
    Json id;              // requests and responses
    std::string method;   // requests and notifications
    Json params;          // null when absent
    bool failed = false;  // a response with an `error`
};

// A message that could not be classified: the error reply to send (id null
// unless the message had a usable id).
struct Unusable {
    Json id;
    int code;
    std::string message;
};

// How deep arrays and objects may nest in a message. nlohmann::json copies,
// compares and writes values recursively, so a body nested 100k deep would
// overflow the stack; LSP messages nest less than ten deep.
constexpr size_t kMaxJsonDepth = 512;

// Whether `body` opens more than kMaxJsonDepth arrays and objects inside one
// another, counting brackets outside strings: a scan that needs no stack,
// made before parsing.
bool nested_too_deep(std::string_view body);

std::variant<Incoming, Unusable> classify(std::string_view body);

// The id as a map key ("1", "\"abc\"").
std::string id_key(const Json& id);

Json response(const Json& id, Json result);
Json error_response(const Json& id, int code, const std::string& message);
Json notification(std::string_view method, Json params);
Json request(const Json& id, std::string_view method, Json params);

// The message framed for the wire: headers, then JSON with invalid UTF-8
// replaced (U+FFFD), so any text we report can be sent.
std::string frame(const Json& message);

// ---------------------------------------------------------------- params

// `where` names the member for errors: "textDocument.uri". Each throws
// RpcError(kInvalidParams) saying what was expected and what was found.
const Json& member(const Json& object, std::string_view key, std::string_view where);
const Json* optional_member(const Json& object, std::string_view key);
std::string string_member(const Json& object, std::string_view key, std::string_view where);
int64_t integer_member(const Json& object, std::string_view key, std::string_view where);
const Json& object_member(const Json& object, std::string_view key, std::string_view where);
const Json& array_member(const Json& object, std::string_view key, std::string_view where);

// "a string", "a number", "an object", ... for messages.
std::string json_kind(const Json& value);

}  // namespace ss::lsp
