"""Process helpers the measuring scripts share."""

import os
import signal
import subprocess


def stop(process, grace=10):
    """Stops a process started by a script: SIGTERM, then SIGKILL if it is still there after `grace` seconds."""
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def valgrind_copy(binary, folder):
    """A copy of `binary`, named coinboard, in `folder` that valgrind can read (valgrind 3.19
    cannot read the DWARF Swift 6 writes; the symbol table is enough). Returns its path."""
    copy = os.path.join(folder, "coinboard")
    subprocess.run(["objcopy", "--strip-debug", binary, copy], check=True)
    return copy
