"""The kernel websocket without Nagle's delay: what it does, and that every way the
course starts JupyterLab uses it."""

import json
import pathlib
from unittest import mock

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from robocourse.widgets.connection import SERVER_OPTION, NoDelayConnection

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: the dotted name a server configuration gives (derived: a renamed class fails here)
CLASS = f"{NoDelayConnection.__module__}.{NoDelayConnection.__qualname__}"


def test_connect_sets_nodelay_on_the_browser_socket_before_connecting():
    calls = []
    handler = mock.Mock()
    handler.set_nodelay.side_effect = lambda flag: calls.append(("nodelay", flag))
    connection = NoDelayConnection.__new__(NoDelayConnection)
    connection._trait_values["websocket_handler"] = handler
    with mock.patch.object(ZMQChannelsWebsocketConnection, "connect",
                           side_effect=lambda: calls.append(("connect",)) or "future"):
        assert connection.connect() == "future"
    assert calls == [("nodelay", True), ("connect",)]


def test_the_option_names_the_class_and_jupyter_server_accepts_it():
    from jupyter_server.serverapp import ServerApp
    assert SERVER_OPTION.endswith("=" + CLASS)
    app = ServerApp()
    app.parse_command_line([SERVER_OPTION])
    assert app.kernel_websocket_connection_class is NoDelayConnection


def test_make_lab_and_the_class_servers_use_it():
    lab = ROOT.joinpath("Makefile").read_text().split("\nlab:", 1)[1].split("\n\n", 1)[0]
    assert SERVER_OPTION in lab, "make lab does not start JupyterLab with NoDelayConnection"
    hub = json.loads(ROOT.joinpath("deploy/jupyter/common/jupyter_server_config.json")
                     .read_text())
    assert hub["ServerApp"]["kernel_websocket_connection_class"] == CLASS
