#include "lsp/transport.hpp"

#include <unistd.h>

#include <array>
#include <mutex>
#include <utility>  // before Asio: boost 1.74's awaitable.hpp needs std::exchange

#include <boost/asio.hpp>

namespace ss::lsp {

namespace asio = boost::asio;

namespace {

// Writes every byte to a plain file descriptor, retrying short writes.
bool write_all_fd(int fd, std::string_view bytes) {
    while (!bytes.empty()) {
        ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        bytes.remove_prefix(static_cast<size_t>(n));
    }
    return true;
}

// A stream that is either an Asio descriptor or, when epoll refuses the
// file descriptor (a regular file), the raw descriptor.
class Stream {
public:
    Stream(asio::io_context& io, int fd) : descriptor_(io), fd_(::dup(fd)) {
        boost::system::error_code ec;
        if (fd_ >= 0) descriptor_.assign(fd_, ec);
        uses_asio_ = fd_ >= 0 && !ec;
    }
    ~Stream() {
        boost::system::error_code ec;
        if (uses_asio_) descriptor_.close(ec);
        else if (fd_ >= 0) ::close(fd_);
    }

    // Bytes read into `buffer`; 0 at end of input or on an error.
    size_t read_some(std::array<char, 65536>& buffer) {
        if (fd_ < 0) return 0;
        if (uses_asio_) {
            boost::system::error_code ec;
            size_t n = descriptor_.read_some(asio::buffer(buffer), ec);
            return ec ? 0 : n;
        }
        for (;;) {
            ssize_t n = ::read(fd_, buffer.data(), buffer.size());
            if (n < 0 && errno == EINTR) continue;
            return n > 0 ? static_cast<size_t>(n) : 0;
        }
    }

    bool write(std::string_view bytes) {
        if (fd_ < 0) return false;
        if (!uses_asio_) return write_all_fd(fd_, bytes);
        boost::system::error_code ec;
        asio::write(descriptor_, asio::buffer(bytes.data(), bytes.size()), ec);
        return !ec;
    }

private:
    asio::posix::stream_descriptor descriptor_;
    int fd_;
    bool uses_asio_ = false;
};

class StdioConnection : public Connection {
public:
    StdioConnection() : in_(io_, STDIN_FILENO), out_(io_, STDOUT_FILENO) {}

    void read_loop(const std::function<bool(std::string_view)>& on_bytes) override {
        std::array<char, 65536> buffer;
        for (;;) {
            size_t n = in_.read_some(buffer);
            if (n == 0) return;
            if (!on_bytes(std::string_view(buffer.data(), n))) return;
        }
    }

    bool write(std::string_view bytes) override {
        std::lock_guard lock(write_mutex_);
        return out_.write(bytes);
    }

private:
    asio::io_context io_;
    Stream in_;
    Stream out_;
    std::mutex write_mutex_;
};

// One TCP client; owns the io_context its socket lives on.
class TcpConnection : public Connection {
public:
    TcpConnection() : socket_(io_) {}
    asio::io_context& io() { return io_; }
    asio::ip::tcp::socket& socket() { return socket_; }

    void read_loop(const std::function<bool(std::string_view)>& on_bytes) override {
        std::array<char, 65536> buffer;
        for (;;) {
            boost::system::error_code ec;
            size_t n = socket_.read_some(asio::buffer(buffer), ec);
            if (ec || n == 0) return;
            if (!on_bytes(std::string_view(buffer.data(), n))) return;
        }
    }

    bool write(std::string_view bytes) override {
        std::lock_guard lock(write_mutex_);
        boost::system::error_code ec;
        asio::write(socket_, asio::buffer(bytes.data(), bytes.size()), ec);
        return !ec;
    }

private:
    asio::io_context io_;  // before socket_, which is made on it
    asio::ip::tcp::socket socket_;
    std::mutex write_mutex_;
};

}  // namespace

std::unique_ptr<Connection> stdio_connection() { return std::make_unique<StdioConnection>(); }

std::unique_ptr<Connection> accept_tcp_client(uint16_t port, std::string& error,
                                              const std::function<void()>& on_listening) {
    auto connection = std::make_unique<TcpConnection>();
    boost::system::error_code ec;
    asio::ip::tcp::acceptor acceptor(connection->io());
    asio::ip::tcp::endpoint endpoint(asio::ip::address_v4::loopback(), port);
    acceptor.open(endpoint.protocol(), ec);
    if (!ec) acceptor.set_option(asio::ip::tcp::acceptor::reuse_address(true), ec);
    if (!ec) acceptor.bind(endpoint, ec);
    if (!ec) acceptor.listen(1, ec);
    if (ec) {
        error = "cannot listen on 127.0.0.1:" + std::to_string(port) + ": " + ec.message();
        return nullptr;
    }
    if (on_listening) on_listening();
    acceptor.accept(connection->socket(), ec);
    if (ec) {
        error = "cannot accept a client on 127.0.0.1:" + std::to_string(port) + ": " + ec.message();
        return nullptr;
    }
    connection->socket().set_option(asio::ip::tcp::no_delay(true), ec);
    return connection;
}

}  // namespace ss::lsp
