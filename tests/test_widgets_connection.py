"""The kernel websocket without Nagle's delay: what it does, and that every way the
course starts JupyterLab uses it."""

import json
import pathlib
import sys
from unittest import mock

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from traitlets.config import Config

from robocourse.widgets.connection import NoDelayConnection

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy"))
import lab  # noqa: E402 - what `make lab` and `make lab-instructor` run

#: the dotted name a server configuration gives (derived: a renamed class fails here)
CLASS = f"{NoDelayConnection.__module__}.{NoDelayConnection.__qualname__}"
COMMON = ROOT / "deploy" / "jupyter" / "common"


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


def test_the_common_settings_name_the_class_and_jupyter_server_accepts_them():
    from jupyter_server.serverapp import ServerApp
    settings = json.loads((COMMON / "jupyter_server_config.json").read_text())
    assert settings["ServerApp"]["kernel_websocket_connection_class"] == CLASS
    app = ServerApp()
    app.update_config(Config(settings))
    assert app.kernel_websocket_connection_class is NoDelayConnection


def test_make_lab_make_lab_instructor_and_the_class_servers_read_them():
    for role in lab.SETTINGS:
        assert str(COMMON) in lab.jupyter_settings(role).split(":"), role
    klass = {"root": "/srv/class", "env": "/srv/env", "instructor": "t", "students": ["s"]}
    import classroom
    for name in ("t", "s"):
        paths = classroom.user_environment(klass, name)["JUPYTER_CONFIG_PATH"].split(":")
        assert paths[-1] == "/srv/class/etc/common"      # the copy of deploy/jupyter/common
