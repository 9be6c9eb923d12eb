"""nbgrader configuration of the course (run nbgrader from this folder).

solutions/<assignment>/<notebook>.ipynb   instructor versions (source)
exercises/<assignment>/<notebook>.ipynb   student versions (release), generated
grading/                                   submissions, autograded copies, feedback and
                                           the gradebook: student data, never committed
"""

import os

c = get_config()  # noqa: F821 - provided by nbgrader when it loads this file

root = os.path.dirname(os.path.abspath(__file__))
c.CourseDirectory.root = root
c.CourseDirectory.course_id = "robocourse"
c.CourseDirectory.source_directory = "solutions"
c.CourseDirectory.release_directory = "exercises"
c.CourseDirectory.submitted_directory = os.path.join("grading", "submitted")
c.CourseDirectory.autograded_directory = os.path.join("grading", "autograded")
c.CourseDirectory.feedback_directory = os.path.join("grading", "feedback")
c.CourseDirectory.db_url = "sqlite:///" + os.path.join(root, "grading", "gradebook.db")

# A cell that runs longer than this (an infinite loop) is interrupted; grading goes on.
c.Execute.timeout = 60
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"
