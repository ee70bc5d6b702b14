"""Writing a file whole or not at all, and only where asked."""

import contextlib
import os
import stat
import tempfile

# The process's umask, read once (reading it means setting it).
_UMASK = os.umask(0)
os.umask(_UMASK)


def _kind(mode):
    for test, name in (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "a special file"


def output_problem(path, make_folder=False):
    """Why `path` can't be replaced by a new file, or None: it names
    something that isn't a regular file (through a link too), or (unless the
    folder is to be made) its folder is missing or isn't one. The rule of
    the compiler's output_problem (server/diag/write_file.hpp), for what
    Python writes."""
    path = os.fspath(path)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        folder = os.path.dirname(os.path.realpath(path)) or "."
        if make_folder or os.path.isdir(folder):
            return None
        if os.path.exists(folder):
            return "%s: expected a folder, found %s is %s" % (path, folder, _kind(os.stat(folder).st_mode))
        return "%s: expected an existing folder, found no %s (nothing written)" % (path, folder)
    if not stat.S_ISREG(mode):
        return "%s: expected a regular file, found %s (left as it is)" % (path, _kind(mode))
    return None


@contextlib.contextmanager
def replacing(path, suffix=".tmp", make_folder=True):
    """Yields a temporary path beside `path`; when the block ends without an
    exception the file is renamed over `path` (with the permissions a new
    file would get), else removed. Readers see the old file or the new one.
    A `path` that names a directory, a FIFO, a device or a socket is a
    ValueError, before anything is written and again before the rename, so
    such a file is never replaced; so is a missing folder unless
    `make_folder`. The temporary file's name is ASCII (only the folder's
    comes from `path`), for the libraries that can't take other bytes."""
    path = os.fspath(path)
    problem = output_problem(path, make_folder)
    if problem:
        raise ValueError(problem)
    folder = os.path.dirname(path) or "."
    if make_folder:
        os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".shapescript-", suffix=suffix)
    os.close(fd)
    try:
        yield tmp
        os.chmod(tmp, 0o666 & ~_UMASK)  # mkstemp's files are private (0600)
        problem = output_problem(path, make_folder)  # made meanwhile
        if problem:
            raise ValueError(problem)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
