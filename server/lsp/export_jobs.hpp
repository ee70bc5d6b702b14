// The exports `workspace/executeCommand` `shapescript-lsp.export` starts
// (handlers_commands.cpp): each runs `shapescript export` in a child
// process on a thread of its own, so the worker goes on checking while
// torch traces, and answers the request when the child ends: the file it
// wrote, or the command's output (torch's error) as a RequestFailed. A
// `$/cancelRequest` of the request, or `window/workDoneProgress/cancel` of
// its token, stops the child and answers RequestCancelled. With a token
// (the request's `workDoneToken`), `$/progress` begins and ends around it.
#pragma once

#include <atomic>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "lsp/json_rpc.hpp"

namespace ss::lsp {

struct ExportRequest {
    Json id;                        // the request's, answered when the export ends
    std::vector<std::string> argv;  // `shapescript export FILE --fn F -o OUT ...`
    Json result;                    // the answer when it succeeds ({path, uri, function, aoti}; `output` is added)
    std::string title;              // the progress's title: "Exporting `f`"
    Json token;                     // the progress token, or null
};

class ExportJobs {
public:
    explicit ExportJobs(std::function<void(const Json&)> send) : send_(std::move(send)) {}
    ~ExportJobs();  // stops every export still running, and waits for their threads
    ExportJobs(const ExportJobs&) = delete;
    ExportJobs& operator=(const ExportJobs&) = delete;

    void start(ExportRequest request);
    // Any thread: stops the export answering request `id_key` (or showing
    // progress `token`); false when none is running.
    bool cancel_request(const std::string& id_key);
    bool cancel_token(const Json& token);

private:
    struct Job {
        ExportRequest request;
        std::atomic<bool> cancelled{false};
        std::atomic<bool> done{false};
        std::thread thread;
    };
    void run(Job& job);
    void progress(const Job& job, Json value) const;

    std::function<void(const Json&)> send_;
    std::mutex mutex_;
    std::list<std::shared_ptr<Job>> jobs_;
};

}  // namespace ss::lsp
