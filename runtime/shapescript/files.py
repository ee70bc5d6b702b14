"""Writing a file whole or not at all."""

import contextlib
import os
import tempfile

# The process's umask, read once (reading it means setting it).
_UMASK = os.umask(0)
os.umask(_UMASK)


@contextlib.contextmanager
def replacing(path, suffix=".tmp"):
    """Yields a temporary path beside `path`; when the block ends without an
    exception the file is renamed over `path` (with the permissions a new
    file would get), else removed. Readers see the old file or the new one."""
    path = os.fspath(path)
    folder = os.path.dirname(path) or "."
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix="." + os.path.basename(path) + ".", suffix=suffix)
    os.close(fd)
    try:
        yield tmp
        os.chmod(tmp, 0o666 & ~_UMASK)  # mkstemp's files are private (0600)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
