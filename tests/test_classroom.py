"""The class set-up script (deploy/classroom.py) refuses bad input with a clear message, before
it changes anything on the machine; each role gets its own Jupyter settings, in its servers
and in its login shells; the checkout is made private whatever its permissions; and the
course environment serves what its pages load."""

import argparse
import doctest
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "deploy"))
import classroom  # noqa: E402 - the set-up script under test

HEADER = "id,first_name,last_name,email\n"


def class_list(tmp_path, text):
    path = tmp_path / "class.csv"
    path.write_text(text)
    return path


def test_a_class_list_gives_its_rows(tmp_path):
    path = class_list(tmp_path, HEADER + "ada,Ada,Lovelace,ada@example.org\n"
                                         "alan_t,Alan,Turing,alan@example.org\n")
    assert [row["id"] for row in classroom.read_class_list(path)] == ["ada", "alan_t"]


def test_a_class_list_without_a_column_names_the_file_and_the_column(tmp_path):
    path = class_list(tmp_path, "id,first_name,last_name\nada,Ada,Lovelace\n")
    with pytest.raises(classroom.ClassError, match=r"class\.csv.*missing email"):
        classroom.read_class_list(path)


@pytest.mark.parametrize("name", ["Ada", "1ada", "-ada", "ada lovelace", "a" * 33, "", "ad$"])
def test_an_id_that_is_not_a_user_name_is_refused_with_its_line(tmp_path, name):
    path = class_list(tmp_path, HEADER + f"ok,O,K,ok@example.org\n{name},A,L,a@example.org\n")
    with pytest.raises(classroom.ClassError, match=r"line 3: the id must be a Unix user name"):
        classroom.read_class_list(path)


def test_an_id_listed_twice_is_refused(tmp_path):
    path = class_list(tmp_path, HEADER + "ada,A,L,a@x.org\nada,A,L,a@x.org\n")
    with pytest.raises(classroom.ClassError, match=r"line 3: the id 'ada' is listed twice"):
        classroom.read_class_list(path)


def test_an_existing_account_outside_the_class_is_never_taken_over():
    klass = {"instructor": "teacher", "students": []}
    with pytest.raises(classroom.ClassError, match=r"'root' is an existing account"):
        classroom.claim_accounts(klass, [{"id": "root", "first_name": "", "last_name": ""}])


def setup_args(tmp_path, instructor, students):
    return argparse.Namespace(students=class_list(tmp_path, HEADER + students),
                              instructor=instructor, root=tmp_path / "class",
                              env=tmp_path / "env", passwords=False)


def test_setup_refuses_an_instructor_name_that_is_no_user_name(tmp_path):
    with pytest.raises(classroom.ClassError, match=r"--instructor must be a Unix user name; "
                                                   r"got 'Dr Who'"):
        classroom.command_setup(setup_args(tmp_path, "Dr Who", "ada,A,L,a@x.org\n"))
    assert not (tmp_path / "class").exists()


def test_setup_refuses_an_instructor_who_is_also_a_student(tmp_path):
    with pytest.raises(classroom.ClassError, match=r"--instructor 'ada' is also in the class"):
        classroom.command_setup(setup_args(tmp_path, "ada", "ada,A,L,a@x.org\n"))


def test_a_folder_without_a_class_says_to_set_one_up(tmp_path):
    with pytest.raises(classroom.ClassError, match=r"no class is set up in .*: run "
                                                   r"`classroom.py setup` first"):
        classroom.load_class(tmp_path)


def test_every_command_needs_root(monkeypatch, capsys):
    monkeypatch.setattr(classroom.os, "geteuid", lambda: 1000)
    with pytest.raises(SystemExit, match=r"classroom.py env: run this as root"):
        classroom.main(["env"])


def test_no_shared_python_says_what_was_tried(monkeypatch):
    monkeypatch.setattr(classroom, "PYTHON_CANDIDATES", ("no-such-python3.11",))
    with pytest.raises(classroom.ClassError, match=r"tried no-such-python3.11"):
        classroom.shared_python()


def test_without_npm_the_proxy_cannot_be_installed_and_says_so(monkeypatch, tmp_path):
    monkeypatch.setattr(classroom, "PROXY", tmp_path / "configurable-http-proxy")
    monkeypatch.setattr(classroom.shutil, "which", lambda name: None)
    with pytest.raises(classroom.ClassError, match=r"npm is needed for JupyterHub's proxy"):
        classroom.install_node_packages()


def test_students_get_the_student_settings_first_and_the_instructor_none_of_them():
    klass = {"root": "/srv/class", "env": "/srv/env", "instructor": "teacher",
             "students": ["ada"]}
    assert classroom.user_environment(klass, "ada") == {
        "PATH": "/srv/env/bin:/usr/local/bin:/usr/bin:/bin",
        "JUPYTER_CONFIG_PATH": "/srv/class/etc/student:/srv/class/etc/class:"
                               "/srv/class/etc/common"}
    assert classroom.user_environment(klass, "teacher")["JUPYTER_CONFIG_PATH"] == (
        "/srv/class/etc/class:/srv/class/etc/common")
    assert [classroom.role(klass, n) for n in ("teacher", "ada", "root")] == [
        "instructor", "student", None]


def test_a_login_shell_of_the_class_finds_the_course_environment(tmp_path):
    """What /etc/profile.d gets, run by a login shell of each kind of account (as
    /etc/profile runs it): the course environment first on PATH, the role's settings; an
    account outside the class is left alone."""
    klass = {"root": "/srv/class", "env": "/srv/env", "instructor": "teacher",
             "students": ["ada", "alan"]}
    script = tmp_path / "robocourse.sh"
    script.write_text(classroom.login_settings(klass))
    seen = {}
    for name in ("teacher", "alan", "someone"):
        shell = subprocess.run(
            ["sh", "-c", f'id() {{ echo {name}; }}; PATH=/usr/bin:/bin; . "{script}"; '
                         f'echo "$PATH|${{JUPYTER_CONFIG_PATH:-}}"'],
            capture_output=True, text=True, check=True)
        seen[name] = shell.stdout.strip()
    assert seen == {
        "teacher": "/srv/env/bin:/usr/bin:/bin|/srv/class/etc/class:/srv/class/etc/common",
        "alan": "/srv/env/bin:/usr/bin:/bin|/srv/class/etc/student:/srv/class/etc/class:"
                "/srv/class/etc/common",
        "someone": "/usr/bin:/bin|"}


def test_the_login_settings_file_is_named_after_the_class_folder():
    assert classroom.login_settings_file("/srv/robocourse") == pathlib.Path(
        "/etc/profile.d/robocourse-srv-robocourse.sh")


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("runuser"),
                    reason="needs root and runuser: it checks as the account nobody")
def test_a_readable_checkout_is_made_private_and_says_so(monkeypatch, capsys):
    checkout = pathlib.Path(tempfile.mkdtemp(prefix="robocourse-checkout-", dir="/tmp"))
    try:
        (checkout / "solutions").mkdir()
        (checkout / "solutions" / "grader.py").write_text("hidden")
        checkout.chmod(0o755)                         # as a clone is: readable by everyone
        monkeypatch.setattr(classroom, "CHECKOUT", checkout)
        assert classroom.exposed(checkout / "solutions" / "grader.py")
        classroom.make_checkout_private()
        assert "made the course checkout" in capsys.readouterr().out
        assert not classroom.exposed(checkout / "solutions" / "grader.py")
        assert checkout.stat().st_mode & 0o777 == 0o700
        classroom.make_checkout_private()             # already private: nothing to say
        assert capsys.readouterr().out == ""
    finally:
        shutil.rmtree(checkout)


def test_the_environment_serves_the_courses_mathjax_and_extension(monkeypatch, tmp_path):
    """serve_course_files: MathJax's files where the feedback and the formgrader load them,
    the JupyterLab extension, and the server setting that serves them, merged into the
    environment's own settings."""
    modules = tmp_path / "node_modules"
    for part in classroom.MATHJAX:
        path = modules / part
        if path.suffix == ".js":
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("// js")
        else:
            (path / "dynamic").mkdir(parents=True)
            (path / "dynamic" / "part.js").write_text("// js")
    monkeypatch.setattr(classroom, "NODE_MODULES", modules)
    env = tmp_path / "env"
    settings = env / "etc" / "jupyter" / "jupyter_server_config.json"
    settings.parent.mkdir(parents=True)
    settings.write_text(json.dumps({"ServerApp": {"ip": "127.0.0.1"}}))
    classroom.serve_course_files(env)
    static = env / "share" / "robocourse" / "static"
    assert (static / "mathjax" / "tex-svg.js").is_file()
    assert (static / "@mathjax" / "mathjax-newcm-font" / "svg" / "dynamic" / "part.js").is_file()
    extension = env / "share" / "jupyter" / "labextensions" / "robocourse-class"
    assert json.loads((extension / "package.json").read_text())["name"] == "robocourse-class"
    assert (extension / "static" / "remoteEntry.js").is_file()
    assert json.loads(settings.read_text()) == {
        "ServerApp": {"ip": "127.0.0.1", "extra_static_paths": [str(static)]}}


def test_the_examples_in_the_set_up_script_hold():
    """deploy/ is not collected for doctests (its Jupyter settings files run only inside
    Jupyter): the set-up script's examples are run here."""
    result = doctest.testmod(classroom, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
