"""The instructor's grader: what only the process that grades a class runs.

A student's kernel needs none of it (its checks, hand-over and exercise sets are the
library's, ``robocourse.grading``), so ``pip install robocourse`` does not install it;
``pip install ./grader`` does (the course's environments install both).

* ``preprocessors``: nbgrader's pipeline — the submission's kernel in a sandbox
  (``SandboxedExecute``), every test cell decided outside it (``DecideTestCells``), the
  outputs made safe (``SanitizeOutputs``), the release's student id and Run All
  (``ReleaseStudentId``, ``ReleaseRunAll``), the canary;
* ``sandbox``: bubblewrap and the limits; ``SandboxedRunner``, the runner of student
  functions (``robocourse.grading.runner``) started in it;
* ``autograde``: ``robocourse-autograde``, a class graded in parallel;
* ``report``: the class report (mistakes counted per exercise);
* ``templates/``: the feedback page and the formgrader's MathJax (``nbgrader_config.py``).
"""
