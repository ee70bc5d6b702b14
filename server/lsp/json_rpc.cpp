#include "lsp/json_rpc.hpp"

namespace ss::lsp {

std::string json_kind(const Json& value) {
    switch (value.type()) {
        case Json::value_t::null: return "null";
        case Json::value_t::boolean: return "a boolean";
        case Json::value_t::number_integer:
        case Json::value_t::number_unsigned: return "an integer";
        case Json::value_t::number_float: return "a number with a fraction";
        case Json::value_t::string: return "a string";
        case Json::value_t::array: return "an array";
        case Json::value_t::object: return "an object";
        default: return "a value of another kind";
    }
}

bool nested_too_deep(std::string_view body) {
    size_t depth = 0;
    bool in_string = false;
    for (size_t i = 0; i < body.size(); ++i) {
        char c = body[i];
        if (in_string) {
            if (c == '\\') ++i;  // the escaped character can't end the string
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth) return true;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return false;
}

std::variant<Incoming, Unusable> classify(std::string_view body) {
    if (nested_too_deep(body))
        return Unusable{nullptr, rpc_error::kInvalidRequest,
                        "expected a JSON-RPC message nested at most " + std::to_string(kMaxJsonDepth) +
                            " deep, found deeper nesting"};
    Json message = Json::parse(body, nullptr, /*allow_exceptions=*/false);
    if (message.is_discarded())
        return Unusable{nullptr, rpc_error::kParseError,
                        "expected a JSON value as the message body, found text that is not JSON"};
    if (!message.is_object())
        return Unusable{nullptr, rpc_error::kInvalidRequest,
                        "expected a JSON-RPC message (an object), found " + json_kind(message)};
    Incoming in;
    auto id = message.find("id");
    bool has_id = id != message.end();
    if (has_id) {
        if (!id->is_string() && !id->is_number_integer() && !id->is_number_unsigned() && !id->is_null())
            return Unusable{nullptr, rpc_error::kInvalidRequest,
                            "expected `id` to be an integer or a string, found " + json_kind(*id)};
        in.id = *id;
    }
    auto method = message.find("method");
    if (method == message.end()) {
        if (has_id && (message.contains("result") || message.contains("error"))) {
            in.kind = Incoming::Kind::Response;
            in.failed = message.contains("error");
            return in;
        }
        return Unusable{has_id ? in.id : Json(nullptr), rpc_error::kInvalidRequest,
                        "expected a `method` (a request or notification) or a `result` (a response)"};
    }
    if (!method->is_string())
        return Unusable{has_id ? in.id : Json(nullptr), rpc_error::kInvalidRequest,
                        "expected `method` to be a string, found " + json_kind(*method)};
    in.method = method->get<std::string>();
    in.kind = has_id ? Incoming::Kind::Request : Incoming::Kind::Notification;
    if (auto params = message.find("params"); params != message.end()) {
        if (!params->is_object() && !params->is_array() && !params->is_null())
            return Unusable{has_id ? in.id : Json(nullptr), rpc_error::kInvalidParams,
                            "expected `params` to be an object or an array, found " + json_kind(*params)};
        in.params = *params;
    }
    return in;
}

std::string id_key(const Json& id) { return id.dump(); }

Json response(const Json& id, Json result) {
    return Json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

Json error_response(const Json& id, int code, const std::string& message) {
    return Json{{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
}

Json notification(std::string_view method, Json params) {
    return Json{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

Json request(const Json& id, std::string_view method, Json params) {
    return Json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
}

std::string frame(const Json& message) {
    std::string body = message.dump(-1, ' ', false, Json::error_handler_t::replace);
    return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

// ---------------------------------------------------------------- params

namespace {

[[noreturn]] void invalid(std::string_view where, std::string_view expected, const Json* found) {
    throw RpcError(rpc_error::kInvalidParams, "expected `" + std::string(where) + "` to be " + std::string(expected) +
                                                  ", found " + (found ? json_kind(*found) : std::string("nothing")));
}

}  // namespace

const Json* optional_member(const Json& object, std::string_view key) {
    if (!object.is_object()) return nullptr;
    auto it = object.find(key);
    return it == object.end() || it->is_null() ? nullptr : &*it;
}

const Json& member(const Json& object, std::string_view key, std::string_view where) {
    const Json* found = optional_member(object, key);
    if (!found) invalid(where, "present", nullptr);
    return *found;
}

std::string string_member(const Json& object, std::string_view key, std::string_view where) {
    const Json* found = optional_member(object, key);
    if (!found || !found->is_string()) invalid(where, "a string", found);
    return found->get<std::string>();
}

int64_t integer_member(const Json& object, std::string_view key, std::string_view where) {
    const Json* found = optional_member(object, key);
    if (!found || !(found->is_number_integer() || found->is_number_unsigned())) invalid(where, "an integer", found);
    if (found->is_number_unsigned() && found->get<uint64_t>() > static_cast<uint64_t>(INT64_MAX))
        invalid(where, "an integer below 2^63", found);
    return found->get<int64_t>();
}

const Json& object_member(const Json& object, std::string_view key, std::string_view where) {
    const Json* found = optional_member(object, key);
    if (!found || !found->is_object()) invalid(where, "an object", found);
    return *found;
}

const Json& array_member(const Json& object, std::string_view key, std::string_view where) {
    const Json* found = optional_member(object, key);
    if (!found || !found->is_array()) invalid(where, "an array", found);
    return *found;
}

}  // namespace ss::lsp
