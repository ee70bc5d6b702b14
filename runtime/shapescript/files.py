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


def kind_of(path):
    """What `path` names, for a message: "a file", "a FIFO", ..."""
    mode = os.stat(path).st_mode
    return "a file" if stat.S_ISREG(mode) else _kind(mode)


class OutputError(ValueError):
    """A file that can't be written where asked: what was expected and what
    was found, the path first. `shapescript export` exits 2 on it."""


def _through_descriptor(path):
    """Whether `path`, or a link on the way to what it names, is one of the
    process's open descriptors (`/dev/stdout`, `/dev/fd/1`,
    `/proc/self/fd/1`): the file behind it is whatever a shell redirected
    there, which a rename would replace."""
    at = os.path.normpath(os.path.abspath(path))
    for _ in range(40):
        proc_fd = at.startswith("/proc/") and "/fd/" in at
        if proc_fd or at.startswith("/dev/fd/") or at in ("/dev/stdout", "/dev/stderr", "/dev/stdin"):
            return True
        if not os.path.islink(at):
            return False
        at = os.path.normpath(os.path.join(os.path.dirname(at), os.readlink(at)))
    return False


def output_problem(path, make_folder=False):
    """Why `path` can't be replaced by a new file, or None: it is empty; it
    names something that isn't a regular file (through a link too), one of
    this process's descriptors, a read-only file or a link to nothing; or
    (unless the folder is to be made) its folder is missing or isn't one.
    The rule of the compiler's output_problem (server/diag/write_file.hpp),
    for what Python writes."""
    path = os.fsdecode(os.fspath(path))  # a bytes name too, as Python's own calls take it
    if not path:
        return "expected a file name, found an empty one"
    if _through_descriptor(path):
        return "%s: expected a regular file, found an open descriptor of this process (left as it is)" % path
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if os.path.islink(path):
            return "%s: expected a regular file or a new name, found a link to nothing (%s; left as it is)" % (
                path,
                os.readlink(path),
            )
        folder = os.path.dirname(os.path.realpath(path)) or "."
        if make_folder or os.path.isdir(folder):
            return None
        if os.path.exists(folder):
            return "%s: expected a folder, found %s is %s" % (path, folder, _kind(os.stat(folder).st_mode))
        return "%s: expected an existing folder, found no %s (nothing written)" % (path, folder)
    if not stat.S_ISREG(mode):
        return "%s: expected a regular file, found %s (left as it is)" % (path, _kind(mode))
    if not os.access(path, os.W_OK):
        return "%s: expected a file that may be written, found a read-only one (left as it is)" % path
    return None


@contextlib.contextmanager
def replacing(path, suffix=".tmp", make_folder=True):
    """Yields a temporary path beside `path`; when the block ends without an
    exception the file is renamed over `path` (with the permissions a new
    file would get), else removed. Readers see the old file or the new one.
    A `path` that output_problem refuses (a directory, a FIFO, a device, a
    socket, a read-only file, ...) is an OutputError (a ValueError), before
    anything is written and again before the rename, so such a file is never
    replaced; so is a missing folder unless `make_folder`, and a temporary
    file or a rename the system refuses. The temporary file's name is ASCII (only the folder's
    comes from `path`), for the libraries that can't take other bytes."""
    path = os.fsdecode(os.fspath(path))
    problem = output_problem(path, make_folder)
    if problem:
        raise OutputError(problem)
    # A link to a regular file is followed: the file it names is replaced
    # and the link stays, as the compiler's writes do.
    target = os.path.realpath(path) if os.path.islink(path) else path
    folder = os.path.dirname(target) or "."
    try:
        if make_folder:
            os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".shapescript-", suffix=suffix)
    except OSError as e:
        raise OutputError("%s: cannot write a temporary file in its folder: %s" % (path, e.strerror)) from e
    os.close(fd)
    try:
        yield tmp
        os.chmod(tmp, 0o666 & ~_UMASK)  # mkstemp's files are private (0600)
        problem = output_problem(path, make_folder)  # made meanwhile
        if problem:
            raise OutputError(problem)
        try:
            os.replace(tmp, target)
        except OSError as e:
            raise OutputError("%s: cannot replace the file: %s" % (path, e.strerror)) from e
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
