// Processes the programs start: `shapescript run` and `export` run Python
// on the terminal and wait for it (run_child); the language server runs
// `shapescript export` with its output captured, and stops it when the
// editor cancels (ChildProcess).
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <sys/types.h>

namespace ss {

std::filesystem::path self_path();  // this program, or empty

// Runs `argv` (argv[0] found on PATH) with this process's stdin, stdout and
// stderr, and waits: its exit status, 128 + the signal that ended it, or -1
// (with `error` set) when it couldn't start. Meanwhile SIGINT and SIGTERM
// end the child, not this process, which then returns as usual.
int run_child(const std::vector<std::string>& argv, std::string& error);

// A process whose stdout and stderr go into one pipe this end reads. It
// runs in a process group of its own, so stop() ends what it started too
// (Python, and the compiler torch runs).
class ChildProcess {
public:
    // argv[0] found on PATH; null (with `error` set) when it can't start.
    static std::unique_ptr<ChildProcess> start(const std::vector<std::string>& argv, std::string& error);
    ~ChildProcess();  // stops it if it still runs, and reaps it
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // Appends what it writes within `wait`; false once its output has ended.
    bool read(std::string& into, std::chrono::milliseconds wait);
    // SIGTERM to its group, then SIGKILL if it is still there after `grace`.
    void stop(std::chrono::milliseconds grace = std::chrono::seconds(2));
    // Waits for it to end: its exit status, or 128 + the signal that ended it.
    int wait();
    bool ended() { return reap(false); }  // without waiting

private:
    ChildProcess(pid_t pid, int output) : pid_(pid), output_(output) {}
    bool reap(bool block);  // true once it has ended (status_ set)

    pid_t pid_;
    int output_;
    bool reaped_ = false;
    int status_ = -1;
};

}  // namespace ss
