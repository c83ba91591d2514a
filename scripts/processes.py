"""Process helpers the measuring scripts share."""

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
