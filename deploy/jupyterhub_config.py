"""JupyterHub for a class on one machine (deploy/README.md).

Started as root by `classroom.py start` (or `make hub`), which sets ROBOCOURSE_CLASS_ROOT
to the class folder that `classroom.py setup` laid out. Everything listens on 127.0.0.1:
put a TLS-terminating web server in front of the public address (deploy/README.md).

* Log-in: the Unix passwords (PAM) of the class's accounts, and of no other account.
* Each user's server runs as that user, from the course environment, with the Jupyter
  settings of their role (students: no formgrader, no course list, no assignment editor).
* ROBOCOURSE_HUB_API_TOKEN, if set, is the token of a service `class-admin` for scripts
  that manage the class through the hub's REST API (start and stop servers, for example).
"""

import os
import sys

from jupyterhub.auth import PAMAuthenticator

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import classroom  # noqa: E402 - next to this file

c = get_config()  # noqa: F821 - provided by JupyterHub when it loads this file

ROOT = os.environ.get("ROBOCOURSE_CLASS_ROOT", str(classroom.DEFAULT_ROOT))
klass = classroom.load_class(ROOT)
state = os.path.join(ROOT, "hub")


class ClassAuthenticator(PAMAuthenticator):
    """Unix passwords, for the accounts of the class only (class.json is read at each
    log-in, so students added with `classroom.py add` can log in at once)."""

    def check_allowed(self, username, authentication=None):
        return classroom.role(classroom.load_class(ROOT), username) is not None


def role_settings(spawner):
    """Before a server starts: the environment and Jupyter settings of the user's role."""
    spawner.environment.update(classroom.user_environment(classroom.load_class(ROOT),
                                                          spawner.user.name))


c.JupyterHub.bind_url = "http://127.0.0.1:8000/"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:8081"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:8001"
c.ConfigurableHTTPProxy.command = [str(classroom.PROXY)]
c.ConfigurableHTTPProxy.pid_file = os.path.join(state, "proxy.pid")
c.JupyterHub.db_url = "sqlite:///" + os.path.join(state, "jupyterhub.sqlite")
c.JupyterHub.cookie_secret_file = os.path.join(state, "jupyterhub_cookie_secret")
c.JupyterHub.cleanup_servers = True       # stopping the hub stops every user's server

c.JupyterHub.authenticator_class = ClassAuthenticator
c.Authenticator.any_allow_config = True  # check_allowed above is the allow list

c.Spawner.cmd = [os.path.join(klass["env"], "bin", "jupyterhub-singleuser")]
c.Spawner.ip = "127.0.0.1"
c.Spawner.notebook_dir = "~"
c.Spawner.default_url = "/lab"
c.Spawner.env_keep = ["LANG", "LC_ALL"]   # not the hub's PATH or virtual environment
c.Spawner.pre_spawn_hook = role_settings
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120

token = os.environ.get("ROBOCOURSE_HUB_API_TOKEN")
if token:
    c.JupyterHub.services = [{"name": "class-admin", "api_token": token}]
    c.JupyterHub.load_roles = [{
        "name": "class-admin", "services": ["class-admin"],
        "scopes": ["admin:users", "admin:servers", "access:servers", "read:hub"]}]
