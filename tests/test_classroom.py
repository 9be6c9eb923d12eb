"""The class set-up script (deploy/classroom.py) refuses bad input with a clear message, before
it changes anything on the machine; and each role gets its own Jupyter settings."""

import argparse
import pathlib
import sys

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
        classroom.install_proxy()


def test_students_get_the_student_settings_first_and_the_instructor_none_of_them():
    klass = {"root": "/srv/class", "env": "/srv/env", "instructor": "teacher",
             "students": ["ada"]}
    assert classroom.user_environment(klass, "ada") == {
        "PATH": "/srv/env/bin:/usr/local/bin:/usr/bin:/bin",
        "JUPYTER_CONFIG_PATH": "/srv/class/etc/student:/srv/class/etc/common"}
    assert classroom.user_environment(klass, "teacher")["JUPYTER_CONFIG_PATH"] == (
        "/srv/class/etc/common")
    assert [classroom.role(klass, n) for n in ("teacher", "ada", "root")] == [
        "instructor", "student", None]
