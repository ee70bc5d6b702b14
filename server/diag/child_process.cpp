#include "diag/child_process.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace ss {

namespace {

int exit_status(int status) {
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
}

// posix_spawnp's argv: pointers into copies that live as long as the call.
struct Argv {
    explicit Argv(const std::vector<std::string>& argv) : copies(argv) {
        for (std::string& s : copies) pointers.push_back(s.data());
        pointers.push_back(nullptr);
    }
    std::vector<std::string> copies;
    std::vector<char*> pointers;
};

}  // namespace

std::filesystem::path self_path() {
    std::error_code ec;
    auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::filesystem::path() : p;
}

namespace {

void outlive_signal(int) {}

// While it lives, SIGINT and SIGTERM don't end this process: the child gets
// them too (from the terminal, or its process group) and ends, and the
// caller then cleans up after it (the export module's temporary file).
// A handler, not SIG_IGN, which the child would inherit through exec.
class OutliveSignals {
public:
    OutliveSignals() {
        struct sigaction outlive {};
        outlive.sa_handler = outlive_signal;
        sigemptyset(&outlive.sa_mask);
        ::sigaction(SIGINT, &outlive, &old_int_);
        ::sigaction(SIGTERM, &outlive, &old_term_);
    }
    ~OutliveSignals() {
        ::sigaction(SIGINT, &old_int_, nullptr);
        ::sigaction(SIGTERM, &old_term_, nullptr);
    }

private:
    struct sigaction old_int_ {
    }, old_term_{};
};

}  // namespace

int run_child(const std::vector<std::string>& argv, std::string& error) {
    Argv args(argv);
    OutliveSignals outlive;
    pid_t pid = 0;
    if (int e = ::posix_spawnp(&pid, args.pointers[0], nullptr, nullptr, args.pointers.data(), environ); e != 0) {
        error = std::strerror(e);
        return -1;
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            error = std::strerror(errno);
            return -1;
        }
    return exit_status(status);
}

std::unique_ptr<ChildProcess> ChildProcess::start(const std::vector<std::string>& argv, std::string& error) {
    if (argv.empty()) {
        error = "no program given";
        return nullptr;
    }
    int pipe_ends[2];
    if (::pipe2(pipe_ends, O_CLOEXEC) != 0) {
        error = std::strerror(errno);
        return nullptr;
    }
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    ::posix_spawn_file_actions_init(&actions);
    ::posix_spawnattr_init(&attributes);
    // Nothing to read from; both outputs into the pipe (dup2 clears close-on-exec).
    ::posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    ::posix_spawn_file_actions_adddup2(&actions, pipe_ends[1], 1);
    ::posix_spawn_file_actions_adddup2(&actions, pipe_ends[1], 2);
    ::posix_spawnattr_setpgroup(&attributes, 0);
    ::posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    Argv args(argv);
    pid_t pid = 0;
    int e = ::posix_spawnp(&pid, args.pointers[0], &actions, &attributes, args.pointers.data(), environ);
    ::posix_spawn_file_actions_destroy(&actions);
    ::posix_spawnattr_destroy(&attributes);
    ::close(pipe_ends[1]);
    if (e != 0) {
        ::close(pipe_ends[0]);
        error = std::strerror(e);
        return nullptr;
    }
    return std::unique_ptr<ChildProcess>(new ChildProcess(pid, pipe_ends[0]));
}

ChildProcess::~ChildProcess() {
    if (!reap(false)) stop();
    ::close(output_);
}

bool ChildProcess::read(std::string& into, std::chrono::milliseconds wait) {
    pollfd ready{output_, POLLIN, 0};
    int n = ::poll(&ready, 1, static_cast<int>(wait.count()));
    if (n < 0) return errno == EINTR;
    if (n == 0) return true;  // nothing yet
    char buffer[8192];
    ssize_t got = ::read(output_, buffer, sizeof buffer);
    if (got < 0) return errno == EINTR || errno == EAGAIN;
    into.append(buffer, static_cast<size_t>(got));
    return got > 0;  // 0: every writer has closed it
}

void ChildProcess::stop(std::chrono::milliseconds grace) {
    if (reap(false)) return;
    ::kill(-pid_, SIGTERM);
    auto until = std::chrono::steady_clock::now() + grace;
    while (std::chrono::steady_clock::now() < until) {
        if (reap(false)) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ::kill(-pid_, SIGKILL);  // what it started, even once it has ended itself
    reap(true);
}

int ChildProcess::wait() {
    reap(true);
    return status_;
}

bool ChildProcess::reap(bool block) {
    if (reaped_) return true;
    int status = 0;
    pid_t got;
    while ((got = ::waitpid(pid_, &status, block ? 0 : WNOHANG)) < 0 && errno == EINTR) {}
    if (got != pid_) return false;
    reaped_ = true;
    status_ = exit_status(status);
    return true;
}

}  // namespace ss
