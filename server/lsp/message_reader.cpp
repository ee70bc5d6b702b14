#include "lsp/message_reader.hpp"

#include <algorithm>
#include <cctype>

namespace ss::lsp {

namespace {

constexpr std::string_view kContentLength = "Content-Length:";

// Up to 40 bytes of `text`, printable, for an error message.
std::string shown(std::string_view text) {
    std::string out;
    for (char c : text.substr(0, 40)) {
        auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7f) {
            out += c;
        } else {
            static const char* hex = "0123456789abcdef";
            out += "\\x";
            out += hex[u >> 4];
            out += hex[u & 15];
        }
    }
    if (text.size() > 40) out += "...";
    return "`" + out + "`";
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

}  // namespace

void MessageReader::feed(std::string_view bytes) {
    compact();
    buffer_.append(bytes);
}

void MessageReader::compact() {
    if (start_ > 64 * 1024 && start_ * 2 > buffer_.size()) {
        buffer_.erase(0, start_);
        start_ = 0;
    }
}

FramingError MessageReader::fail(std::string message) {
    state_ = State::Resync;
    content_length_.reset();
    saw_header_ = false;
    return FramingError{std::move(message)};
}

std::optional<ReadEvent> MessageReader::next() {
    for (;;) {
        std::string_view rest(buffer_.data() + start_, buffer_.size() - start_);
        switch (state_) {
            case State::Resync: {
                // Skip to the next header that starts a message.
                size_t at = rest.find(kContentLength);
                if (at == std::string_view::npos) {
                    // Keep a tail that may be the start of a split header.
                    size_t keep = std::min(rest.size(), kContentLength.size() - 1);
                    start_ += rest.size() - keep;
                    return std::nullopt;
                }
                start_ += at;
                state_ = State::Headers;
                continue;
            }
            case State::Headers: {
                if (auto event = read_headers()) return event;
                if (state_ == State::Headers) return std::nullopt;  // needs more bytes
                continue;
            }
            case State::Skip: {
                // A body over kMaxBody, dropped as it arrives: no byte of it
                // is kept, and none is read as a header.
                size_t n = std::min(rest.size(), skip_);
                start_ += n;
                skip_ -= n;
                if (skip_ > 0) return std::nullopt;
                state_ = State::Headers;
                continue;
            }
            case State::Body: {
                size_t length = *content_length_;
                if (rest.size() < length) return std::nullopt;
                std::string body(rest.substr(0, length));
                start_ += length;
                state_ = State::Headers;
                content_length_.reset();
                return ReadEvent{std::move(body)};
            }
        }
    }
}

// Reads header lines while whole ones are buffered. Returns an error, or
// nothing: then either the headers ended (state Body) or more bytes are
// needed (state Headers). Headers declaring a body over kMaxBody end in an
// error, and state Skip.
std::optional<ReadEvent> MessageReader::read_headers() {
    for (;;) {
        std::string_view rest(buffer_.data() + start_, buffer_.size() - start_);
        // Only as far as a header line may go: a long run of junk is not
        // searched again after every refusal.
        size_t newline = rest.substr(0, kMaxHeaderLine + 1).find('\n');
        // A line that is too long is refused from its second byte on: the
        // reader resynchronises at the next "Content-Length:" after its
        // start (one glued to its end is read), and one at its start is not
        // found again, and refused again, forever.
        if (newline == std::string_view::npos) {
            if (rest.size() > kMaxHeaderLine) {
                start_ += 1;
                return fail("expected a header line of at most 8 KiB, found " + std::to_string(rest.size()) +
                            " bytes without a line break");
            }
            return std::nullopt;
        }
        if (newline > kMaxHeaderLine) {
            start_ += 1;
            return fail("expected a header line of at most 8 KiB, found one of " + std::to_string(newline) + " bytes");
        }
        std::string_view line = rest.substr(0, newline);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        // Bytes glued in front of a header (the rest of a body whose
        // Content-Length was too small): an error, and the header is read.
        if (size_t header = line.find(kContentLength); header != std::string_view::npos && header > 0) {
            std::string junk(line.substr(0, header));
            start_ += header;
            return fail("expected a header, found " + shown(junk) + " before `Content-Length:`");
        }
        start_ += newline + 1;
        if (line.empty()) {
            if (!content_length_) {
                if (!saw_header_) continue;  // a stray blank line between messages
                return fail("expected a Content-Length header before the empty line that ends the headers");
            }
            saw_header_ = false;
            if (*content_length_ > kMaxBody) {
                // Skipped whole, by its declared length: resynchronising at the
                // next "Content-Length:" instead would run a message the
                // peer had put inside the body.
                skip_ = *content_length_;
                content_length_.reset();
                state_ = State::Skip;
                return FramingError{"expected a Content-Length of at most " + std::to_string(kMaxBody) +
                                    " bytes, found " + std::to_string(skip_) + "; the body is skipped"};
            }
            state_ = State::Body;
            return std::nullopt;
        }
        size_t colon = line.find(':');
        if (colon == std::string_view::npos) return fail("expected a header `Name: value`, found " + shown(line));
        saw_header_ = true;
        std::string_view name = trim(line.substr(0, colon));
        std::string_view value = trim(line.substr(colon + 1));
        if (!equals_ignoring_case(name, "Content-Length")) continue;  // Content-Type and others
        if (content_length_) return fail("expected one Content-Length header, found a second");
        if (value.empty() || value.size() > 18 ||
            !std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return fail("expected a byte count after Content-Length, found " + shown(value));
        content_length_ = std::stoull(std::string(value));  // over kMaxBody: skipped after the headers
    }
}

}  // namespace ss::lsp
