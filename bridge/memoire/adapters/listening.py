"""The bridge's listening socket, bound before the bridge says where it serves.

Binding first means a taken port or a wrong host is a one-line refusal that says what to
do, and "Serving ... on ..." is printed only once it is true.
"""

from __future__ import annotations

import errno
import socket

from ..core.errors import AddressUnavailable

BACKLOG = 2048  # uvicorn's default


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket listening on host:port; AddressUnavailable, saying what to do, if not."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(BACKLOG)
    except OSError as error:
        listener.close()
        raise AddressUnavailable(_why(error, host, port)) from None
    return listener


def _why(error: OSError, host: str, port: int) -> str:
    if error.errno == errno.EADDRINUSE:
        return f"port {port} is in use on {host}: stop the other program or pass --port"
    if error.errno == errno.EACCES:
        return f"port {port} needs administrator rights on this system: pass --port 1024 or above"
    if isinstance(error, socket.gaierror) or error.errno == errno.EADDRNOTAVAIL:
        return f"cannot listen on {host}: not an address of this machine; pass --host 127.0.0.1"
    return f"cannot listen on {host}:{port} ({error.strerror or error}); pass --host or --port"
