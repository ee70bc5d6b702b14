// The LSP base protocol's framing: `Content-Length: N\r\n` headers, an empty
// line, then N bytes of JSON. Bytes go in as they arrive (any split), whole
// message bodies come out.
//
// The reader never trusts the peer: a header line over 8 KiB, a missing,
// malformed or duplicated Content-Length, or bytes that are not a header at
// all are reported as a framing error, and the reader then skips ahead to
// the next line that starts a header ("Content-Length:"), so one bad message
// never ends the session. A Content-Length over kMaxBody is an error too,
// and then exactly that many bytes are skipped, unread and unbuffered, so
// no message hidden inside the refused body runs. Memory stays bounded by
// the largest accepted body (kMaxBody).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace ss::lsp {

struct FramingError {
    std::string message;  // what was expected and what was found
};

using ReadEvent = std::variant<std::string, FramingError>;  // a body, or an error

class MessageReader {
public:
    static constexpr size_t kMaxHeaderLine = 8 * 1024;
    static constexpr size_t kMaxBody = 64 * 1024 * 1024;

    // Appends bytes read from the peer.
    void feed(std::string_view bytes);

    // The next complete message body or framing error, if any.
    std::optional<ReadEvent> next();

    // Bytes received but not yet part of a whole message (at end of input,
    // these are an unfinished message).
    size_t pending_bytes() const { return buffer_.size() - start_; }

    // Bytes of a refused body (over kMaxBody) still to be skipped.
    size_t skipping_bytes() const { return skip_; }

private:
    enum class State { Headers, Body, Skip, Resync };

    std::optional<ReadEvent> read_headers();
    FramingError fail(std::string message);
    void compact();

    std::string buffer_;
    size_t start_ = 0;  // first unread byte of buffer_
    State state_ = State::Headers;
    std::optional<size_t> content_length_;
    bool saw_header_ = false;  // a header line of the current message was read
    size_t skip_ = 0;          // Skip: bytes of the refused body still to come
};

}  // namespace ss::lsp
