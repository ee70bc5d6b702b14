// Reading a source file for checking: bytes exactly as on disk (binary), or
// a message naming the file and saying why it could not be read.
#pragma once

#include <optional>
#include <string>

namespace ss::cli {

struct SourceRead {
    std::optional<std::string> bytes;  // set when the read succeeded
    std::string error;                 // "examples/: is a directory, expected a .ss file"
};

// Reads `path` whole; "-" reads standard input. Only a regular file is read
// (a FIFO or a device such as /dev/zero is refused, diag/read_file.hpp), and
// files of 4 GiB or more are refused: positions are 32-bit byte offsets.
SourceRead read_source(const std::string& path);

}  // namespace ss::cli
