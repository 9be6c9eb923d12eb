"""The kernel's websocket, sent without delay: TCP_NODELAY on JupyterLab's side.

A slider move is one small message to the kernel and, back, a burst of small ones:
``status: busy``, the readout, the new figure, ``status: idle``. jupyter_server writes
them to the browser's websocket with Nagle's algorithm on (it never calls tornado's
``set_nodelay``), so a small write that follows an unacknowledged one waits for the
browser's delayed ACK, 40 ms on Linux. Measured on
the statics widget through jupyter_server 2.21 (30 slider changes, 0.1 s apart): in
about one change out of three everything after ``busy`` arrived 40–50 ms late; with
this connection class none did.

``NoDelayConnection`` is jupyter_server's own websocket connection with that flag set
when the browser connects. It is configured, not patched in: every JupyterLab of the
course — ``make lab``, ``make lab-instructor`` (deploy/lab.py) and the class's servers on
JupyterHub — reads the setting

    "ServerApp": {"kernel_websocket_connection_class":
                  "robocourse.widgets.connection.NoDelayConnection"}

from ``deploy/jupyter/common/jupyter_server_config.json``.

>>> from jupyter_server.services.kernels.connection.channels import (
...     ZMQChannelsWebsocketConnection)
>>> issubclass(NoDelayConnection, ZMQChannelsWebsocketConnection)
True
"""

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """jupyter_server's kernel websocket connection, with Nagle's algorithm off."""

    def connect(self):
        """Set TCP_NODELAY on the browser's socket, then connect as jupyter_server does."""
        self.websocket_handler.set_nodelay(True)
        return super().connect()
