// The LSP framing reader: whole messages out of any split of the bytes, and
// a clear error then recovery for every kind of bad framing.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "lsp/json_rpc.hpp"
#include "lsp/message_reader.hpp"

using ss::lsp::FramingError;
using ss::lsp::MessageReader;

namespace {

std::string framed(const std::string& body) {
    return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

struct Drained {
    std::vector<std::string> bodies;
    std::vector<std::string> errors;
};

Drained drain(MessageReader& reader) {
    Drained out;
    while (auto event = reader.next()) {
        if (auto* body = std::get_if<std::string>(&*event)) out.bodies.push_back(*body);
        else out.errors.push_back(std::get<FramingError>(*event).message);
    }
    return out;
}

Drained read_all(const std::string& bytes) {
    MessageReader reader;
    reader.feed(bytes);
    return drain(reader);
}

}  // namespace

TEST_CASE("lsp reader: messages come out whole, whatever the split") {
    std::string a = R"({"jsonrpc":"2.0","id":1,"method":"initialize"})",
                b = R"({"jsonrpc":"2.0","method":"x","params":{"t":"é"}})";
    std::string bytes = framed(a) + "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n" + framed(b);
    std::mt19937 rng(7);
    for (int round = 0; round < 200; ++round) {
        MessageReader reader;
        Drained all;
        size_t at = 0;
        while (at < bytes.size()) {
            size_t n = std::min<size_t>(bytes.size() - at, 1 + rng() % 9);
            reader.feed(std::string_view(bytes).substr(at, n));
            at += n;
            Drained got = drain(reader);
            all.bodies.insert(all.bodies.end(), got.bodies.begin(), got.bodies.end());
            all.errors.insert(all.errors.end(), got.errors.begin(), got.errors.end());
        }
        REQUIRE(all.errors.empty());
        REQUIRE(all.bodies == std::vector<std::string>{a, b});
        CHECK(reader.pending_bytes() == 0);
    }
}

TEST_CASE("lsp reader: bad framing is an error that says what was found, then the next message is read") {
    const std::string good = framed(R"({"id":2})");
    struct Case {
        std::string bytes;
        std::string says;
    };
    std::vector<Case> cases = {
        {"Content-Length: abc\r\n\r\n{}", "expected a byte count after Content-Length, found `abc`"},
        {"Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}", "found a second"},
        {"Content-Type: x\r\n\r\n{}", "expected a Content-Length header"},
        {"garbage without a colon\r\n\r\n", "expected a header `Name: value`, found `garbage without a colon`"},
        {std::string(9000, 'x') + "\r\n", "at most 8 KiB"},
        // A too-long line that starts like a header is skipped, not refused forever.
        {"Content-Length: " + std::string(10000, ' ') + "2\r\n\r\n{}", "at most 8 KiB"},
        {std::string("\x01\xff\x00junk\r\n", 9), "found `\\x01\\xff\\x00junk`"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.says);
        Drained got = read_all(c.bytes + good);
        REQUIRE(got.errors.size() == 1);
        CHECK(got.errors[0].find(c.says) != std::string::npos);
        REQUIRE(got.bodies.size() == 1);
        CHECK(got.bodies[0] == R"({"id":2})");
    }
}

TEST_CASE("lsp reader: a body over the limit is skipped by its length, and nothing inside it is read") {
    // The refused body holds a framed message: resynchronising at its
    // Content-Length would run it.
    const std::string hidden = framed(R"({"id":"hidden"})");
    const size_t length = MessageReader::kMaxBody + 1;
    MessageReader reader;
    reader.feed("Content-Length: " + std::to_string(length) + "\r\nContent-Type: x\r\n\r\n" + hidden);
    Drained got = drain(reader);
    REQUIRE(got.errors.size() == 1);
    CHECK(got.errors[0].find("expected a Content-Length of at most 67108864 bytes, found 67108865") !=
          std::string::npos);
    CHECK(got.bodies.empty());
    CHECK(reader.skipping_bytes() == length - hidden.size());
    // The rest arrives in pieces, none of it kept, then the next message.
    const std::string filler(1 << 20, ' ');
    size_t rest = length - hidden.size();
    for (; rest > filler.size(); rest -= filler.size()) {
        reader.feed(filler);
        got = drain(reader);
        CHECK((got.bodies.empty() && got.errors.empty()));
        CHECK(reader.pending_bytes() == 0);
    }
    reader.feed(filler.substr(0, rest) + framed(R"({"id":2})"));
    got = drain(reader);
    CHECK(got.errors.empty());
    CHECK(got.bodies == std::vector<std::string>{R"({"id":2})"});
    CHECK(reader.skipping_bytes() == 0);
}

TEST_CASE("lsp json-rpc: JSON nested too deep is refused before parsing") {
    using ss::lsp::kMaxJsonDepth;
    auto nested = [](size_t depth, const std::string& inside) {
        return std::string(depth, '[') + inside + std::string(depth, ']');
    };
    CHECK_FALSE(ss::lsp::nested_too_deep(nested(kMaxJsonDepth, "")));
    CHECK(ss::lsp::nested_too_deep(nested(kMaxJsonDepth + 1, "")));
    CHECK(ss::lsp::nested_too_deep(std::string(100000, '{')));  // cut short: still refused
    // Brackets in strings, escaped quotes included, don't count.
    CHECK_FALSE(ss::lsp::nested_too_deep(nested(kMaxJsonDepth, R"("\"[[[[{{{{")")));
    // 100k deep, inside params: an error reply, not a stack overflow.
    auto deep = ss::lsp::classify(R"({"jsonrpc":"2.0","id":1,"method":"x","params":)" + nested(100000, "") + "}");
    REQUIRE(std::holds_alternative<ss::lsp::Unusable>(deep));
    CHECK(std::get<ss::lsp::Unusable>(deep).code == ss::lsp::rpc_error::kInvalidRequest);
    CHECK(std::get<ss::lsp::Unusable>(deep).message.find("nested at most 512 deep") != std::string::npos);
    auto shallow = ss::lsp::classify(R"({"jsonrpc":"2.0","id":1,"method":"x","params":)" + nested(500, "") + "}");
    CHECK(std::holds_alternative<ss::lsp::Incoming>(shallow));
}

TEST_CASE("lsp reader: a header line that never ends is refused without growing without bound") {
    MessageReader reader;
    std::string junk(4096, 'z');
    size_t errors = 0;
    for (int i = 0; i < 1000; ++i) {
        reader.feed(junk);
        errors += drain(reader).errors.size();
        CHECK(reader.pending_bytes() < 64 * 1024);
    }
    CHECK(errors >= 1);
    reader.feed("\r\n" + framed("{}"));
    CHECK(drain(reader).bodies == std::vector<std::string>{"{}"});
}

TEST_CASE("lsp reader: a short Content-Length gives a body that is not JSON, and reading goes on") {
    Drained got = read_all(framed(R"({"id":1})").replace(16, 1, "5") + framed(R"({"id":3})"));
    REQUIRE(!got.bodies.empty());
    auto first = ss::lsp::classify(got.bodies.front());
    REQUIRE(std::holds_alternative<ss::lsp::Unusable>(first));
    CHECK(std::get<ss::lsp::Unusable>(first).code == ss::lsp::rpc_error::kParseError);
    CHECK(got.bodies.back() == R"({"id":3})");
}

TEST_CASE("lsp json-rpc: messages are classified, and bad ones get the right error code") {
    using namespace ss::lsp;
    auto kind = [](std::string_view body) { return std::get<Incoming>(classify(body)).kind; };
    CHECK(kind(R"({"jsonrpc":"2.0","id":1,"method":"m"})") == Incoming::Kind::Request);
    CHECK(kind(R"({"jsonrpc":"2.0","method":"m"})") == Incoming::Kind::Notification);
    CHECK(kind(R"({"jsonrpc":"2.0","id":"a","result":null})") == Incoming::Kind::Response);
    auto code = [](std::string_view body) { return std::get<Unusable>(classify(body)).code; };
    CHECK(code("{") == rpc_error::kParseError);
    CHECK(code("[1,2]") == rpc_error::kInvalidRequest);
    CHECK(code(R"({"id":{},"method":"m"})") == rpc_error::kInvalidRequest);
    CHECK(code(R"({"id":1,"method":5})") == rpc_error::kInvalidRequest);
    CHECK(code(R"({"id":1,"method":"m","params":3})") == rpc_error::kInvalidParams);
    // Invalid UTF-8 in what we send is replaced, never thrown.
    Json message = notification("n", {{"text", std::string("\xff\xfe")}});
    CHECK(frame(message).find("\xef\xbf\xbd") != std::string::npos);
    // Parameter errors say what was expected and what was found.
    try {
        string_member(Json{{"uri", 3}}, "uri", "textDocument.uri");
        FAIL("no error");
    } catch (const RpcError& e) {
        CHECK(std::string(e.what()) == "expected `textDocument.uri` to be a string, found an integer");
        CHECK(e.code == rpc_error::kInvalidParams);
    }
}
