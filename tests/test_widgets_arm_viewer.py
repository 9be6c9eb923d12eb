"""The 3-D arm viewer's Python side: the state the browser is handed (the DH table, the tool,
the joint limits, the rows of det J, the ghosts, the singularities, the sizes of the
drawing, the words), what a notebook shows where no widget is rendered, and bad input named.
What the browser computes from that state is tested in the browser (test_browser.py,
test_book.py). Every word the browser code says is a key of the words table, and it says
none of that table's English itself."""

import io
import re
from pathlib import Path

import numpy as np
import PIL.Image
import pytest
import sympy as sp
from bad_input import named_in_the_error

from robocourse.frames import transform
from robocourse.kinematics import forward_kinematics
from robocourse.models import planar_2r, puma560, spatial_3r
from robocourse.puma560 import inverse_kinematics
from robocourse.robot import Link, SerialChain
from robocourse.widgets.arm_viewer import (
    BUNDLE,
    LABELS,
    PUMA_SINGULARITIES,
    WORDS,
    ArmViewer,
    in_other_words,
    placeholders,
    puma_viewer,
    viewer_state,
)

SOURCES = sorted((Path(__file__).resolve().parent.parent / "viewer" / "src").glob("*.js"))

PUMA = puma560()
Q = [0.3, -0.5, 0.4, 0.6, 0.7, -0.8]
#: R-P-R with a tool offset: a prismatic joint whose stroke is 0.2 .. 0.6 m
RPR = SerialChain([Link(joint="R"), Link(alpha=-np.pi / 2, d=0.1, joint="P"),
                   Link(a=0.05, joint="R")], tool=transform(np.eye(3), [0.1, 0, 0]))
RPR_LIMITS = [(-np.pi, np.pi), (0.2, 0.6), (-2.0, 2.0)]


def test_the_dh_table_and_the_tool_are_handed_over_as_numbers():
    state = viewer_state(PUMA, Q)
    chain = state["chain"]
    assert chain["name"] == "PUMA 560" and chain["joints"] == ["revolute"] * 6
    for key in ("alpha", "a", "d", "theta"):
        assert chain[key] == [float(getattr(link, key)) for link in PUMA.links]
        assert all(type(x) is float for x in chain[key])
    assert np.array_equal(chain["tool"], np.eye(4))
    assert state["q"] == Q and state["rows"] == list(range(6))
    assert state["limits"] == [[-np.pi, np.pi]] * 6


def test_a_prismatic_joint_gets_its_limits_and_starts_inside_them():
    state = viewer_state(RPR, limits=RPR_LIMITS)
    assert state["chain"]["joints"] == ["revolute", "prismatic", "revolute"]
    assert state["limits"][1] == [0.2, 0.6]
    assert state["q"] == [0.0, 0.4, 0.0]                   # 0 is outside the stroke: its middle
    assert state["chain"]["tool"][0][3] == 0.1
    default = viewer_state(RPR)["limits"][1]                # ± the arm's size
    assert default[0] < 0 < default[1] and default[1] >= 0.1 + 0.05 + 0.1


def test_the_puma_ghosts_are_the_libraries_solutions_of_the_target():
    T = forward_kinematics(PUMA, Q)
    viewer = puma_viewer(target=T)
    assert np.array_equal(viewer.ghosts, inverse_kinematics(PUMA, T))
    assert len(viewer.ghosts) == 8 and "8" in viewer.ghost_title
    for ghost in viewer.ghosts:
        assert np.abs(forward_kinematics(PUMA, ghost) - T).max() < 1e-9
    assert [s["name"] for s in viewer.singularities] == ["wrist", "elbow", "shoulder"]
    assert viewer.singularities == [dict(s) for s in PUMA_SINGULARITIES]


def test_the_drawing_is_sized_by_the_arm_and_a_spatial_arm_stands_on_a_floor():
    view = viewer_state(PUMA)["view"]
    lengths = 0.4318 + 0.0203 + 0.1501 + 0.4331
    assert view["reach"] == pytest.approx(lengths)
    assert view["floor"] < -0.5 * lengths and view["payload"] is None
    planar = viewer_state(planar_2r(l1=0.5, l2=0.5))["view"]
    assert -0.05 < planar["floor"] < 0                     # a planar arm lies on its floor
    assert view["ellipsoid_scale"]["velocity"] > 0 and view["ellipsoid_scale"]["force"] > 0


def test_a_payload_is_handed_over_in_the_tool_frame():
    arm = spatial_3r(l2=0.4, l3=0.3, masses=(1, 1, 1), com_distances=(0.2, 0.1),
                     inertias=[np.eye(3)] * 3, g=9.81)
    turn = [[1, 0, 0], [0, 0, -1], [0, 1, 0]]
    state = viewer_state(arm, payload={"size": (0.05, 0.4, 0.8), "centre": [0.05, 0, 0],
                                       "axes": turn})
    assert state["view"]["payload"] == {"size": [0.05, 0.4, 0.8], "centre": [0.05, 0.0, 0.0],
                                        "axes": np.asarray(turn, dtype=float).tolist()}


def test_the_widget_carries_the_bundle_and_follows_python():
    viewer = puma_viewer(Q, frames=True, ellipsoid="force")
    assert viewer._esm == BUNDLE.read_text(encoding="utf-8")
    assert viewer.show_frames and viewer.ellipsoid == "force" and viewer.q == Q
    viewer.q = [0.0] * 6
    assert viewer.q == [0.0] * 6
    with pytest.raises(ValueError, match=r"^q\[4\] must lie within the joint limits "):
        viewer.q = [0, 0, 0, 0, 4.0, 0]


def test_a_notebook_that_renders_no_widget_shows_a_still_that_says_to_run_the_cell():
    """JupyterLab renders no widget in an untrusted notebook; it shows the richest output it
    trusts instead: the PNG, captioned."""
    data, _ = ArmViewer(RPR, limits=RPR_LIMITS)._repr_mimebundle_()
    assert set(data) == {"application/vnd.jupyter.widget-view+json", "image/png", "text/plain"}
    still = PIL.Image.open(io.BytesIO(data["image/png"]))
    assert still.format == "PNG" and still.size[0] >= 300
    assert "run this cell" in data["text/plain"]
    assert not re.search(r"0x[0-9a-f]+", data["text/plain"])   # nothing that changes per run


# --- the words --------------------------------------------------------------------------

_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`(?:[^`\\]|\\.)*`')


def _code(source):
    """The code of a JS source without its comments (none of the viewer's literals holds
    // or /*)."""
    return _COMMENT.sub(" ", source)


def _without_keys(code):
    """``code`` without the keys of the words it says."""
    return re.sub(r'\bsay\("\w+"', "say(key", code)


def test_the_words_table_has_every_word_the_browser_says_and_no_other():
    """The browser says each word by its key (say("key", ...)); the table has those keys
    and the labels Python writes, nothing else."""
    code = "".join(_code(path.read_text(encoding="utf-8")) for path in SOURCES)
    said = set(re.findall(r'\bsay\("(\w+)"', code))
    assert len(re.findall(r"\bsay\(", code)) == len(re.findall(r'\bsay\("\w+"', code)), \
        "a word said by a key that is not written out"
    assert said and not said & set(LABELS)
    assert said | set(LABELS) == set(WORDS), (
        f"said but not in WORDS: {said - set(WORDS)}; in WORDS but never said: "
        f"{set(WORDS) - said - set(LABELS)}")


def test_the_browser_code_says_none_of_the_english_itself():
    """No string in viewer/src holds a piece of the table's English (a word of three letters
    or more between placeholders): the words come from the state alone."""
    pieces = {piece.strip() for sentence in WORDS.values()
              for piece in re.split(r"\{\w+\}", sentence) if re.search(r"[A-Za-z]{3}", piece)}
    found = [(path.name, literal, piece) for path in SOURCES
             for literal in _LITERAL.findall(_without_keys(_code(path.read_text(
                 encoding="utf-8"))))
             for piece in pieces
             if re.search(rf"(?<![\w-]){re.escape(piece)}(?![\w-])", literal)]
    assert pieces and not found, f"English in the viewer's code: {found}"


def test_a_viewer_carries_its_words_and_speaks_others_when_told():
    state = viewer_state(PUMA, Q)
    assert state["words"] == WORDS and state["ghost_title"] == WORDS["ghosts"]
    viewer = puma_viewer(target=forward_kinematics(PUMA, Q), words={
        "frames": "坐标系 {i}", "ghosts_of_target": "{count} 组解：", "wrist": "腕部"})
    assert viewer.words["frames"] == "坐标系 {i}" and viewer.words["trace"] == "trace"
    assert viewer.ghost_title == "8 组解："
    assert [s["label"] for s in viewer.singularities] == ["腕部", WORDS["elbow"],
                                                          WORDS["shoulder"]]


def test_a_saved_state_is_put_into_other_words_but_its_own_labels_stay():
    """A state saved before the viewer had words (no ``words``) and a label of one's own."""
    saved = {k: v for k, v in viewer_state(PUMA, Q, ghosts=[Q], ghost_title="mine:",
                                           singularities=PUMA_SINGULARITIES).items()
             if k != "words"}
    chinese = {"ghosts": "其他解：", "elbow": "肘部", "det": "det J = {value}"}
    state = in_other_words(saved, chinese)
    assert state["ghost_title"] == "mine:" and "words" not in saved
    assert state["words"] == {**WORDS, **chinese}
    assert [s["label"] for s in state["singularities"]][1] == "肘部"
    assert in_other_words(viewer_state(PUMA, Q), chinese)["ghost_title"] == "其他解："


def test_every_sentence_names_its_placeholders():
    assert placeholders(WORDS["pick"]) == {"number", "angles"}
    assert placeholders(WORDS["ghosts_of_target"]) == {"count"}
    assert all(not placeholders(WORDS[key]) for key in ("trace", "clear", "wrist"))


THREE = puma560()
CASES = [
    ("a model function for a robot", lambda: ArmViewer(puma560), TypeError,
     "robot", "SerialChain", "puma560"),
    ("an arm of symbols", lambda: viewer_state(planar_2r()), TypeError,
     "robot", "numeric", "l1, l2"),
    ("one joint value too few", lambda: viewer_state(THREE, [0.1] * 5), ValueError,
     "q", "6 entries", "5"),
    ("a joint beyond its limit", lambda: viewer_state(RPR, [0, 0.1, 0], limits=RPR_LIMITS),
     ValueError, "q[1]", ("limits", "[0.2, 0.6]"), "0.1"),
    ("limits of the wrong shape", lambda: viewer_state(RPR, limits=[(0, 1)] * 2), ValueError,
     "limits", "3x2", "2x2"),
    ("a limit upside down", lambda: viewer_state(RPR, limits=[(0, 1), (0.6, 0.2), (0, 1)]),
     ValueError, "limits[1]", "low < high"),
    ("a ghost of the wrong length", lambda: viewer_state(THREE, ghosts=[[0.1] * 5]), ValueError,
     "ghosts", "Nx6", "1x5"),
    ("a ghost beyond a limit", lambda: viewer_state(RPR, [0, 0.3, 0], limits=RPR_LIMITS,
                                                    ghosts=[[0, 0.3, 0], [0, 0.9, 0]]),
     ValueError, "ghosts[1][1]", ("limits", "[0.2, 0.6]"), "0.9"),
    ("a row of J that does not exist", lambda: viewer_state(THREE, rows=(0, 6)), ValueError,
     "rows", "distinct", "(0, 6)"),
    ("a singularity of an unknown kind",
     lambda: viewer_state(THREE, singularities=[{**PUMA_SINGULARITIES[0], "kind": "line"}]),
     ValueError, "singularities[0]['kind']", ("'axes'", "'plane'"), "'line'"),
    ("a singularity on joint 7",
     lambda: viewer_state(THREE, singularities=[{**PUMA_SINGULARITIES[0], "joints": [4, 7]}]),
     ValueError, "singularities[0]['joints']", "integer", "7"),
    ("a plane singularity without its point",
     lambda: viewer_state(THREE, singularities=[{k: v for k, v in PUMA_SINGULARITIES[1].items()
                                                 if k != "point"}]),
     ValueError, "singularities[0]", "point"),
    ("singularities given as one dict",
     lambda: viewer_state(THREE, singularities=PUMA_SINGULARITIES[0]), TypeError,
     "singularities", ("list", "tuple"), "dict"),
    ("a payload of negative size", lambda: viewer_state(THREE, payload={"size": (0.1, -0.1, 0.1)}),
     ValueError, "payload['size'][1]", "> 0", "-0.1"),
    ("a payload turned by a matrix that is not a rotation",
     lambda: viewer_state(THREE, payload={"size": (0.1, 0.1, 0.1), "axes": 2 * np.eye(3)}),
     ValueError, "payload['axes']", "rotation matrix"),
    ("a payload as a bare size", lambda: viewer_state(THREE, payload=(0.1, 0.1, 0.1)), TypeError,
     "payload", "dict", "(0.1, 0.1, 0.1)"),
    ("an ellipsoid that is not drawn", lambda: ArmViewer(THREE, ellipsoid="torque"), ValueError,
     "ellipsoid", ("'none'", "'velocity'", "'force'"), "'torque'"),
    ("frames as text", lambda: ArmViewer(THREE, frames="yes"), TypeError,
     "frames", ("True", "False"), "'yes'"),
    ("a target out of reach", lambda: puma_viewer(target=np.eye(4) + np.eye(4, k=3) * 3),
     ValueError, "T", "out of reach", "[3.0, 0.0, 0.0]"),
    ("a symbolic joint value", lambda: viewer_state(THREE, [sp.Symbol("x")] + [0] * 5), TypeError,
     "q[0]", "number"),
    ("a word the viewer does not say", lambda: ArmViewer(THREE, words={"trail": "轨迹"}),
     ValueError, "words", "keys of arm_viewer.WORDS", "'trail'"),
    ("a translation that loses a placeholder",
     lambda: viewer_state(THREE, words={"joint": "关节"}), ValueError,
     "words['joint']", "{names}", "'关节'"),
    ("words as a list", lambda: viewer_state(THREE, words=["trace"]), TypeError,
     "words", "dict"),
]

test_bad_input_is_named_in_the_error = named_in_the_error(CASES)
