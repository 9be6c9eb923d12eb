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
(``robocourse.grading.preprocessors``).
"""

import os

from nbconvert.preprocessors import ClearMetadataPreprocessor
from nbgrader.converters import GenerateAssignment
from nbgrader.preprocessors import (AssignLatePenalties, CheckCellMetadata, IgnorePattern,
                                    LimitOutput, SaveAutoGrades)

from robocourse.grading.autograde import remove_special_files_hook
from robocourse.grading.preprocessors import (ReleaseRunAll, ReleaseStudentId, SandboxedExecute,
                                              SanitizeOutputs, Verdict)

c = get_config()  # noqa: F821 - provided by nbgrader when it loads this file

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

# The release asks for the student's id instead of carrying the example id, and Run All
# goes on past an answer cell that raises (the stub).
steps = list(GenerateAssignment.class_traits()["preprocessors"].default())
at = steps.index(next(p for p in steps if p.__name__ == "ComputeChecksums"))
steps[at:at] = [ReleaseStudentId, ReleaseRunAll]
c.GenerateAssignment.preprocessors = steps

# Autograde: links, pipes and devices removed from the submitted folder (nbgrader would copy
# a link's target as the instructor); the kernel in a sandbox, the verdicts made outside
# it, the outputs made safe for the instructor's browser, then nbgrader's scoring.
c.Autograde.pre_convert_hook = remove_special_files_hook
c.Autograde.autograde_preprocessors = [SandboxedExecute, Verdict, SanitizeOutputs,
                                       IgnorePattern, ClearMetadataPreprocessor, LimitOutput,
                                       SaveAutoGrades, AssignLatePenalties, CheckCellMetadata]
c.OverwriteCells.add_missing_cells = True       # a deleted test cell comes back, and fails
# A cell that runs longer than this (an endless loop) is interrupted; grading goes on.
c.SandboxedExecute.timeout = 60
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"
