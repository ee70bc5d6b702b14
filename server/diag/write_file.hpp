// Writing a file so that nobody ever sees it half-written: the text goes to
// a temporary file in the same folder, which is then renamed over the path.
// Every file the programs write (formatted sources, generated modules, the
// prelude for editors) goes through here.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ss {

// Writes `text` to `path`. An existing file keeps its permission bits (a new
// one gets 0666 less the umask); a symbolic link is followed, so the file it
// names is replaced and the link stays. A path naming something that isn't a
// regular file (a FIFO, a device, a directory) is refused, since the rename
// would replace it. Returns what went wrong, starting with the path, or
// nothing on success.
std::optional<std::string> write_file_atomically(const std::string& path, std::string_view text);

// Whether `a` and `b` both exist and are one file (the same device and
// inode, through symbolic and hard links).
bool same_file(const std::string& a, const std::string& b);

}  // namespace ss
