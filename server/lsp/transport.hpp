// The byte streams a language server talks over: its standard input and
// output, or one TCP client on 127.0.0.1 (Boost.Asio). Framing is not done
// here (message_reader.hpp); this only moves bytes.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace ss::lsp {

class Connection {
public:
    virtual ~Connection() = default;

    // Reads until end of input, a read error, or `on_bytes` returning false
    // (the peer said `exit`), handing each chunk to `on_bytes`. Blocks.
    virtual void read_loop(const std::function<bool(std::string_view)>& on_bytes) = 0;

    // Writes all of `bytes`; safe to call from any thread (writes never
    // interleave). False once the peer is gone.
    virtual bool write(std::string_view bytes) = 0;
};

// Standard input and output. Pipes and terminals go through Asio; a regular
// file redirected to standard input (`< session.txt`), which epoll refuses,
// is read with plain read(2).
std::unique_ptr<Connection> stdio_connection();

// Listens on 127.0.0.1:`port`, accepts one client and returns its
// connection; null with `error` set when that fails. `on_listening` is
// called once the port is open (tests wait for it).
std::unique_ptr<Connection> accept_tcp_client(uint16_t port, std::string& error,
                                              const std::function<void()>& on_listening = {});

}  // namespace ss::lsp
