"""nbgrader configuration of the course (run nbgrader from this folder).

solutions/<assignment>/<notebook>.ipynb   instructor versions (source)
solutions/<assignment>/grader.py          the assignment's hidden tests (never released)
exercises/<assignment>/<notebook>.ipynb   student versions (release), generated
grading/                                   submissions, autograded copies, feedback,
                                           class reports and the gradebook: student data,
                                           never committed

Autograding (``robocourse-autograde`` for a class in parallel, or plain
``nbgrader autograde``) runs each submission's kernel in a sandbox and decides every
test cell in nbgrader's own process from the answers the kernel handed over
(``robocourse_grader.preprocessors``).
"""

import os
import warnings

import nbgrader
from nbconvert.preprocessors import ClearMetadataPreprocessor
from nbgrader.converters import GenerateAssignment
from nbgrader.preprocessors import (AssignLatePenalties, CheckCellMetadata, IgnorePattern,
                                    LimitOutput, SaveAutoGrades)
from sqlalchemy.exc import SAWarning

import robocourse_grader
from robocourse_grader.autograde import remove_special_files_hook
from robocourse_grader.preprocessors import (DecideTestCells, ReleaseRunAll, ReleaseStubs,
                                             ReleaseStudentId, SandboxedExecute,
                                             SanitizeOutputs)

c = get_config()  # noqa: F821 - provided by nbgrader when it loads this file

# nbgrader 0.9.6's gradebook, under SQLAlchemy 2, warns three times for each new submission
# that it autoflushed before adding the submission to its session; the submission is recorded
# all the same (the tests check every score): nothing an instructor can act on.
warnings.filterwarnings("ignore", r"Object of type <Submitted\w+> not in session", SAWarning)

root = os.path.dirname(os.path.abspath(__file__))
os.makedirs(os.path.join(root, "grading"), exist_ok=True)     # the gradebook's folder
c.CourseDirectory.root = root
c.CourseDirectory.course_id = "robocourse"
c.CourseDirectory.source_directory = "solutions"
c.CourseDirectory.release_directory = "exercises"
c.CourseDirectory.submitted_directory = os.path.join("grading", "submitted")
c.CourseDirectory.autograded_directory = os.path.join("grading", "autograded")
c.CourseDirectory.feedback_directory = os.path.join("grading", "feedback")
c.CourseDirectory.db_url = "sqlite:///" + os.path.join(root, "grading", "gradebook.db")
# The hidden tests stay with the instructor: never copied into a release or a submission.
c.CourseDirectory.ignore = [".ipynb_checkpoints", "*.pyc", "__pycache__", "feedback",
                            "grader.py"]

# The release asks for the student's id instead of carrying the example id, its stubs speak
# the notebook's language (a Chinese assignment's: Chinese), and Run All goes on past an
# answer cell that raises (the stub).
steps = list(GenerateAssignment.class_traits()["preprocessors"].default())
at = steps.index(next(p for p in steps if p.__name__ == "ComputeChecksums"))
steps[at:at] = [ReleaseStudentId, ReleaseStubs, ReleaseRunAll]
c.GenerateAssignment.preprocessors = steps

# Autograde: links, pipes and devices removed from the submitted folder (nbgrader would copy
# a link's target as the instructor); the kernel in a sandbox, the verdicts made outside
# it, the outputs made safe for the instructor's browser, then nbgrader's scoring.
c.Autograde.pre_convert_hook = remove_special_files_hook
c.Autograde.autograde_preprocessors = [SandboxedExecute, DecideTestCells, SanitizeOutputs,
                                       IgnorePattern, ClearMetadataPreprocessor, LimitOutput,
                                       SaveAutoGrades, AssignLatePenalties, CheckCellMetadata]
c.OverwriteCells.add_missing_cells = True       # a deleted test cell comes back, and fails
# A cell that runs longer than this (an endless loop) is interrupted; grading goes on.
c.SandboxedExecute.timeout = 60
# Feedback and the formgrader: the course's feedback template (each exercise named with its
# points, long verdicts wrapped) and its MathJax, from the Jupyter server that shows the page
# (grader/robocourse_grader/templates), before nbgrader's own templates.
c.HTMLExporter.extra_template_basedirs = [
    os.path.join(os.path.dirname(robocourse_grader.__file__), "templates"),
    os.path.join(os.path.dirname(nbgrader.__file__), "server_extensions", "formgrader",
                 "templates")]
# The feedback page's words in the student's language (the language of their notebook).
c.HTMLExporter.filters = {"say": "robocourse_grader.words.say_in"}
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"
