// file:// URIs to paths and back (server/lsp/protocol.hpp): what the build
// commands and go-to-definition rely on.
#include <doctest/doctest.h>

#include "lsp/protocol.hpp"

using ss::lsp::file_path;
using ss::lsp::file_uri;

TEST_CASE("file URIs decode to the paths they encode") {
    for (const char* path : {"/a/b.ss", "/with space/é😀.ss", "/100%/x#y?.ss", "/"}) {
        CHECK(file_path(file_uri(path)) == std::optional<std::string>(path));
    }
    CHECK(file_path("file:///a/b%20c.ss") == std::optional<std::string>("/a/b c.ss"));
    CHECK(file_path("file://localhost/a.ss") == std::optional<std::string>("/a.ss"));
}

TEST_CASE("other URIs have no path") {
    CHECK_FALSE(file_path("untitled:Untitled-1").has_value());
    CHECK_FALSE(file_path("https://example.com/a.ss").has_value());
    CHECK_FALSE(file_path("file://host/a.ss").has_value());
    CHECK_FALSE(file_path("").has_value());
    // A bad escape is kept as written rather than guessed at.
    CHECK(file_path("file:///a%zz.ss") == std::optional<std::string>("/a%zz.ss"));
    // A query or fragment isn't part of the path.
    CHECK(file_path("file:///a.ss#L3") == std::optional<std::string>("/a.ss"));
}
