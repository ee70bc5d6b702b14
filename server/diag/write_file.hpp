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

// Why `path` can't be written the way write_file_atomically writes, or
// nothing: it is empty; it names something that isn't a regular file
// (through a link too), one of this process's descriptors (`/dev/stdout`,
// whose file a shell chose), a read-only file, or a link to nothing; or its
// folder is missing or isn't one. write_file_atomically asks
// it first; a command whose file another program writes (export's .pt2,
// written by Python) asks it before starting that program, so that nothing
// is replaced. runtime/shapescript/files.py keeps the same rule for what
// Python writes.
std::optional<std::string> output_problem(const std::string& path);

// Why no new file can be made in `path`'s folder (a read-only file system,
// no permission: it tries, with a temporary file it removes), or nothing.
// For a command whose file another program writes much later.
std::optional<std::string> folder_refuses_files(const std::string& path);

// Whether `a` and `b` both exist and are one file (the same device and
// inode, through symbolic and hard links).
bool same_file(const std::string& a, const std::string& b);

}  // namespace ss
