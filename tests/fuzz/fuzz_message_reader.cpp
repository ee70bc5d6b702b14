// libFuzzer target: the LSP framing (lsp/message_reader.hpp) and the
// classification of message bodies (lsp/json_rpc.hpp) on arbitrary bytes.
//
// Input: byte 0 picks how the rest is split into feed() calls (chunk sizes
// from a small generator seeded by it); the rest is the stream.
//
// Invariants, each a crash (abort) when broken:
//   - no crash, no sanitizer report, no endless stream of events: each event
//     consumes input, so there are never more events than bytes fed;
//   - after next() says nothing, pending_bytes() stays under kMaxBody plus
//     one header line (memory bounded whatever the peer sends);
//   - "any split": the events (bodies byte for byte, and where framing errors
//     come) are the same whether the stream is fed at once or in pieces;
//   - every body classifies without throwing; a body that is JSON framed
//     again by frame() reads back as exactly that frame's body;
//   - the same bytes sent as the start of a body over kMaxBody give one
//     framing error and nothing else: a refused body is skipped unread;
//   - a valid message framed after the junk comes back out of the reader
//     eventually (after at most a body's worth of filler), except inside
//     a refused body (Content-Length over kMaxBody): that is skipped by its
//     declared length, so a message framed inside it never comes out.
//
// Built and run by tests/fuzz/run (clang, -DSS_FUZZ=ON).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "lsp/json_rpc.hpp"
#include "lsp/message_reader.hpp"

namespace {

using ss::lsp::FramingError;
using ss::lsp::MessageReader;
using ss::lsp::ReadEvent;

[[noreturn]] void broken(const char* what) {
    std::fprintf(stderr, "fuzz_message_reader: invariant broken: %s\n", what);
    std::abort();
}

// A body, or nullopt for a framing error.
using Event = std::optional<std::string>;

struct Fed {
    std::vector<Event> events;
    size_t bytes = 0;  // fed so far
};

// Takes every event the reader has now, checking progress and memory.
void drain(MessageReader& reader, Fed& fed) {
    while (std::optional<ReadEvent> event = reader.next()) {
        if (auto* body = std::get_if<std::string>(&*event)) {
            fed.events.emplace_back(std::move(*body));
        } else {
            if (std::get<FramingError>(*event).message.empty()) broken("a framing error without a message");
            fed.events.emplace_back(std::nullopt);
        }
        if (fed.events.size() > fed.bytes) broken("more events than bytes fed: the reader makes no progress");
    }
    if (reader.pending_bytes() > MessageReader::kMaxBody + MessageReader::kMaxHeaderLine)
        broken("pending_bytes() over kMaxBody + kMaxHeaderLine");
}

void feed(MessageReader& reader, Fed& fed, std::string_view bytes) {
    reader.feed(bytes);
    fed.bytes += bytes.size();
    drain(reader, fed);
}

// The body must classify without throwing; JSON framed again must read back.
void classify_body(const std::string& body) {
    auto classified = ss::lsp::classify(body);
    if (auto* in = std::get_if<ss::lsp::Incoming>(&classified)) {
        if (in->kind != ss::lsp::Incoming::Kind::Notification) (void)ss::lsp::id_key(in->id);
    } else {
        const auto& bad = std::get<ss::lsp::Unusable>(classified);
        if (bad.message.empty()) broken("an unusable message without a reason");
        (void)ss::lsp::frame(ss::lsp::error_response(bad.id, bad.code, bad.message));
    }
    // Too deep a body is refused before parsing, as classify() refuses it.
    if (ss::lsp::nested_too_deep(body)) return;
    ss::lsp::Json json = ss::lsp::Json::parse(body, nullptr, /*allow_exceptions=*/false);
    if (json.is_discarded()) return;
    std::string framed = ss::lsp::frame(json);
    MessageReader again;
    Fed fed;
    feed(again, fed, framed);
    if (fed.events.size() != 1 || !fed.events[0]) broken("frame() of a parsed body does not read back as one body");
    if (framed.size() < fed.events[0]->size() ||
        framed.compare(framed.size() - fed.events[0]->size(), std::string::npos, *fed.events[0]) != 0)
        broken("frame() of a parsed body reads back as another body");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    uint32_t state = data[0] * 2654435761u + 1;
    std::string_view stream(reinterpret_cast<const char*>(data + 1), size - 1);
    // Chunk sizes: up to 1, 8, 64 or 512 bytes, by the seed's low bits.
    uint32_t max_chunk = 1u << (3 * (data[0] & 3));

    MessageReader whole;
    Fed at_once;
    feed(whole, at_once, stream);

    MessageReader split;
    Fed pieces;
    for (size_t at = 0; at < stream.size();) {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        size_t n = std::min<size_t>(1 + state % max_chunk, stream.size() - at);
        feed(split, pieces, stream.substr(at, n));
        at += n;
    }
    if (pieces.events != at_once.events) broken("the events depend on how the bytes were split");
    if (split.pending_bytes() != whole.pending_bytes()) broken("pending_bytes() depends on the split");

    for (const Event& e : at_once.events)
        if (e) classify_body(*e);

    // The same bytes inside a body over kMaxBody: one framing error, and
    // nothing of them is read, whatever messages they frame.
    static const std::string kRefused = "Content-Length: " + std::to_string(MessageReader::kMaxBody + 1) + "\r\n\r\n";
    if (stream.size() <= MessageReader::kMaxBody) {
        MessageReader refusing;
        Fed refused;
        feed(refusing, refused, kRefused);
        feed(refusing, refused, stream);
        if (refused.events.size() != 1 || refused.events[0]) broken("bytes inside a refused body were read");
        if (refusing.skipping_bytes() != MessageReader::kMaxBody + 1 - stream.size())
            broken("a refused body is not skipped byte for byte");
    }

    // A valid message after the junk comes out eventually: if the junk left
    // the reader inside a body, filler completes it; then the message.
    static const std::string kBody = R"({"jsonrpc":"2.0","id":7,"method":"fuzz/probe","params":{}})";
    static const std::string kFramed = "Content-Length: " + std::to_string(kBody.size()) + "\r\n\r\n" + kBody;
    static const std::string kFiller(1 << 20, ' ');
    // Twice first: junk that ends inside a header line spoils the first copy.
    auto probe = [&] {
        size_t before = pieces.events.size();
        feed(split, pieces, kFramed);
        for (size_t i = before; i < pieces.events.size(); ++i)
            if (pieces.events[i] == kBody) return true;
        return false;
    };
    if (size_t skipping = split.skipping_bytes(); skipping > kFiller.size()) {
        size_t before = pieces.events.size();
        feed(split, pieces, kFramed);
        if (pieces.events.size() != before) broken("a message inside a refused body came out");
        if (split.skipping_bytes() != skipping - kFramed.size()) broken("a refused body is not skipped byte for byte");
        return 0;
    }
    if (probe() || probe()) return 0;
    for (size_t filler = 0; filler <= MessageReader::kMaxBody; filler += kFiller.size()) {
        feed(split, pieces, kFiller);
        if (probe()) return 0;
    }
    broken("a valid message after the junk never came out");
}
