// Reading a file the programs were pointed at (a source to check, a file an
// editor names) without trusting what the path is: only a regular file is
// read, and only up to a limit. A FIFO would block every later request, and
// a device such as /dev/zero never ends, so those are refused before any
// byte is read.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

namespace ss {

struct FileRead {
    std::optional<std::string> bytes;  // set when the read succeeded
    std::string error;                 // why not, without the path: "is a FIFO, not a regular file"
};

// Reads the regular file at `path` whole when it holds fewer than
// `max_bytes` bytes. The open never blocks (O_NONBLOCK), and the checks are
// made on the opened file (fstat), so a path swapped after the check is
// still refused.
FileRead read_regular_file(const std::string& path, uint64_t max_bytes);

// Reads an already open stream (standard input) to its end, refusing it
// once it reaches `max_bytes` bytes.
FileRead read_stream(std::FILE* file, uint64_t max_bytes);

// "4 GiB", "32 MiB", "1000 bytes": a limit as messages show it (2^32 - 1
// shows as 4 GiB).
std::string byte_limit(uint64_t bytes);

}  // namespace ss
