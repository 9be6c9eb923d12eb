"""nbgrader settings of every user's server on Zero to JupyterHub: the ngshare exchange and
the course; for the instructor (ROBOCOURSE_ROLE, set by values.yaml) the course folder.
The image installs this as /etc/jupyter/robocourse/common/nbgrader_config.py."""

import os

from ngshare_exchange import configureExchange

c = get_config()  # noqa: F821 - provided by nbgrader when it loads this file

# ngshare's service in the hub's namespace (`helm install ngshare ...` prints this address)
configureExchange(c, "http://ngshare:8080/services/ngshare")
c.CourseDirectory.course_id = "robocourse"
if os.environ.get("ROBOCOURSE_ROLE") == "instructor":
    c.CourseDirectory.root = os.path.expanduser("~/robocourse")
