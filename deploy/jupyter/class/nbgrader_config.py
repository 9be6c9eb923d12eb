"""nbgrader settings of every account of the class: the exchange, the course id, and for
the instructor the course folder (so that the formgrader, and nbgrader commands run
anywhere, find it).

This folder is <class root>/etc/class; `classroom.py setup` wrote <class root>/class.json.
"""

import getpass
import json
import os

c = get_config()  # noqa: F821 - provided by nbgrader when it loads this file

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "class.json")) as f:
    klass = json.load(f)
c.Exchange.root = klass["exchange"]
c.CourseDirectory.course_id = klass["course_id"]
if getpass.getuser() == klass["instructor"]:
    c.CourseDirectory.root = klass["course_folder"]
