// Function bodies on a helper thread (file_checker.hpp's BodyHelper).
//
// A fresh environment (a file opened, an item's header edited) means every
// body is checked: most of a full check's work. Bodies are independent of
// each other given the environment (the body cache replays them on that
// promise), so the later ones go to a second checker on a thread of its
// own: it makes the same environment from the same items and records each
// body it checks in a cache of its own, while the run checks the earlier
// ones; the run then adopts the helper's records in source order, as it
// replays its own. The result is the one a single thread gives, fact for
// fact (tests/unit/test_document.cpp).
#include <cstdint>
#include <system_error>
#include <variant>

#include "check/file_checker.hpp"

namespace ss::check {

BodyHelper::~BodyHelper() {
    cancel = true;
    if (thread.joinable()) thread.join();
}

void FileChecker::start_helper() {
    helper_joined_ = false;
    // A run that may replay bodies checks few: no helper.
    if (!cache_ || typed_ || cache_->interface == interface_ || helper_threshold_ == SIZE_MAX) return;
    if (std::thread::hardware_concurrency() < 2) return;
    // The bodies' bytes, halved: the helper starts as the run's environment
    // does (run_environment) and makes its own meanwhile.
    auto body_bytes = [&](size_t i) -> size_t {
        const ast::Item& item = *items_list_[i];
        return std::holds_alternative<ast::FnDef>(item.node) ? item.range.end - item.range.begin : 0;
    };
    size_t bytes = 0, bodies = 0;
    for (size_t i = first_body_; i < items_list_.size(); ++i) {
        bytes += body_bytes(i);
        bodies += body_bytes(i) > 0;
    }
    if (bodies < 2 || bytes < helper_threshold_) return;
    size_t first = first_body_, run_bytes = 0;
    while (first < items_list_.size() && run_bytes < bytes / 2) run_bytes += body_bytes(first++);
    if (first >= items_list_.size()) return;
    auto helper = std::make_unique<BodyHelper>();
    helper->first_item = first;
    BodyHelper* h = helper.get();
    try {
        h->thread = std::thread([h, items = items_list_, text = text_, imports = imports_]() mutable {
            try {
                FileChecker checker(std::move(items), text, &h->cache);
                checker.set_helper_threshold(SIZE_MAX);
                checker.set_imports(std::move(imports));
                checker.run_environment();
                checker.first_body_ = h->first_item;
                std::function<bool()> stop = [h] { return h->cancel.load(std::memory_order_relaxed); };
                h->result = checker.run_bodies(nullptr, &stop);
            } catch (...) {
                h->cache.entries.clear();  // the run checks these bodies itself
            }
        });
    } catch (const std::system_error&) {
        return;  // no thread to be had: the run checks them all
    }
    helper_ = std::move(helper);
}

BodyHelper* FileChecker::helper_for(size_t index) {
    if (!helper_ || index < helper_->first_item) return nullptr;
    if (!helper_joined_) {
        helper_->thread.join();
        helper_joined_ = true;
    }
    return helper_.get();
}

}  // namespace ss::check
