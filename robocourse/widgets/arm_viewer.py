"""A 3-D arm you can pose: any ``SerialChain`` drawn in the browser with three.js, joint
sliders that never wait for a kernel, live in JupyterLab and in the static book.

Python hands the browser the arm as data (``viewer_state``): the modified-DH table
(``alpha_{i-1}, a_{i-1}, d_i, theta_i`` and the joint types), the tool transform, the joint
limits, the rows of the Jacobian whose determinant is shown, named singularities, ghost
poses and the drawing's sizes. The browser computes what it displays from that table
(``viewer/src/kinematics.js``): Craig's link transform
``i-1_T_i = RotX(α_{i-1}) TransX(a_{i-1}) RotZ(θ_i) TransZ(d_i)`` chained to every frame and
the tool, the tool Jacobian by cross products, ``det J``, the manipulability
``w = √det(J Jᵀ)`` and the velocity and force ellipsoids of the tool origin from the
eigen-decomposition of ``J_v J_vᵀ`` (semi-axes ``σ_i`` and ``1/σ_i``). The library stays
the reference: the browser tests compare those numbers with ``kinematics`` to 1e-9.

What it shows: links as solid segments between the frame origins, the joints, their axes,
the tool triad (X red, Y green, Z blue), the frames {i} on demand, a trace of the tool,
ghost arms (``ghosts``: other joint vectors, e.g. every inverse-kinematics solution of one
pose, each a button that moves the arm there), each named singularity (``singularities``)
highlighted in red as the arm comes near it, and a readout of ``0_T_tool``, det J and w.

``ArmViewer(robot, q)`` is the widget (anywidget); ``puma_viewer`` the PUMA 560 with its
three singularities (``PUMA_SINGULARITIES``) and the ghosts of one target pose.

Where it runs: the browser code is one ES module, ``static/arm_viewer.js``, bundled with
three.js by ``make viewer`` from ``viewer/`` (npm packages pinned by its lock file; the
bundle is committed, so ``make lab`` needs no npm). anywidget keeps that module in the
widget's state, so a notebook saved with its widget state, and the book built from it,
carry everything the viewer needs. A notebook opened *untrusted* in JupyterLab renders
no widget: the viewer's output also holds a PNG still of the arm (``still_png``), which
JupyterLab shows instead, captioned with what to do (run the cell).

Its words: everything the browser shows in words (the controls, the readout, the ghosts'
title, the singularities' labels) comes from one table, ``WORDS`` (English), handed to the
browser as the ``words`` trait; the browser code holds no sentence of its own. A viewer
speaks the language of the notebook when it is made (``language.use``): ``words_in``, the
table in the catalogue ``robocourse/locale/<language>/LC_MESSAGES/viewer.po`` (one entry
per key). ``words=`` puts a viewer in other words, and ``in_other_words`` does the same to
a saved state: the book's Chinese pages hand their viewers the Chinese of that same
catalogue. In a sentence, ``{name}`` is filled in by the viewer (``fill``).
"""

import io
import pathlib
import re

import anywidget
import numpy as np
import PIL.Image
import traitlets
from matplotlib.figure import Figure

from robocourse import _checks as check
from robocourse import language
from robocourse.frames import as_rotation
from robocourse.kinematics import jacobian_rows, link_frames
from robocourse.language import phrase, say
from robocourse.models import puma560
from robocourse.puma560 import inverse_kinematics
from robocourse.robot import REVOLUTE
from robocourse.widgets.drawing import DPI, NEAR_SINGULAR, joint_count
from robocourse.widgets.puma560 import HOME, arm_points
from robocourse.widgets.puma560_figures import as_image
from robocourse.widgets.spatial_arm import payload_edges

BUNDLE = pathlib.Path(__file__).parent / "static" / "arm_viewer.js"
ELLIPSOIDS = ("none", "velocity", "force")
KINDS = ("axes", "plane")

#: Every word the viewer shows (English), by key: the browser's controls and readout (the
#: keys viewer/src/arm_viewer.js says), and the labels Python writes into the state (the
#: ghosts' titles, the PUMA's singularities: ``LABELS``). ``{name}`` is filled in (``fill``);
#: a translation keeps each ``{name}`` of the English.
WORDS = {
    # the controls
    "joint": "joint {number}",                  # a slider's name for screen readers
    "frames": "frames {i}",
    "trace": "trace",
    "clear": "clear",
    "ellipsoid_none": "no ellipsoid",
    "ellipsoid_velocity": "velocity ellipsoid",
    "ellipsoid_force": "force ellipsoid",
    "show": "show",                              # the ghosts
    "pick": "pick solution {number}: ({angles})",   # a ghost's button; angles in degrees
    # the readout
    "tool_pose": "tool pose ⁰T_tool (m):",
    "det": "det J = {value}",
    "det_rows": "det J = {value} (rows {rows})",
    "manipulability": "manipulability w = {value}",
    "axes_velocity": "velocity ellipsoid: semi-axes {axes} m/s per rad/s",
    "axes_force": "force ellipsoid: semi-axes {axes} N per N·m",
    "drawn_velocity": "drawn at {scale} s",
    "drawn_force": "drawn at {scale} m per N",
    "measure": "{label}: {value}",               # a singularity and its measure
    "separator": ", ",                           # between the items of a list
    "no_webgl": "The 3-D view needs WebGL, which this browser does not offer ({error}).",
    # the labels Python writes
    "ghosts": "other solutions (pick one):",
    "ghosts_of_target": "the {count} inverse-kinematics solutions of the target pose "
                        "(pick one):",
    "wrist": "wrist |s5|, axes 4, 6 in line",
    "elbow": "elbow, wrist on axes 2-3 (m)",
    "shoulder": "shoulder, wrist over axis 1 (m)",
}
#: The words that Python writes into the state as labels (the rest the browser says itself)
LABELS = ("ghosts", "ghosts_of_target", "wrist", "elbow", "shoulder")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def fill(sentence, **values):
    """``sentence`` with each ``{name}`` of ``values`` filled in (as the browser fills them);
    other braces stay.

    >>> fill("frames {i}"), fill("joint {number}", number=2)
    ('frames {i}', 'joint 2')
    """
    return _PLACEHOLDER.sub(lambda m: str(values[m[1]]) if m[1] in values else m[0], sentence)


@check.arguments(sentence=check.Text())
def placeholders(sentence):
    """The names ``{name}`` in ``sentence``, as a set.

    >>> sorted(placeholders("pick solution {number}: ({angles})"))
    ['angles', 'number']
    """
    return set(_PLACEHOLDER.findall(sentence))


placeholders_unchecked = placeholders.__wrapped__


@check.arguments(language_=check.Optional(check.Choice(*language.LANGUAGES)))
def words_in(language_=None):
    """``WORDS`` in ``language_`` (None: the language in use, ``language.current()``): each
    sentence as the catalogue ``viewer`` says it (the English where it has no current
    translation).

    >>> words_in("zh_CN")["trace"], words_in("en")["trace"]
    ('轨迹', 'trace')
    """
    with language.using(language_ or language.current()):
        return {key: language.say(english, "viewer") for key, english in WORDS.items()}


words_in_unchecked = words_in.__wrapped__


def _other_words(value, name, call):
    """The rule of ``words``: None (no words of one's own: ``{}``), or a dict of some keys
    of ``WORDS``, each a sentence with the ``{names}`` of its English."""
    if value is None:
        return {}
    words = check.Instance(dict)(value, name, call)
    for key, sentence in words.items():
        if key not in WORDS:
            raise ValueError(say("words must have keys of arm_viewer.WORDS ({keys}); got {key}",
                                 "errors", keys=", ".join(WORDS), key=check.shown(key)))
        check.Text().of(sentence, f"words[{key!r}]")
        if placeholders_unchecked(sentence) != placeholders_unchecked(WORDS[key]):
            raise ValueError(say("words[{key}] must keep the {{names}} of {wanted}; got "
                                 "{sentence}", "errors", key=repr(key), wanted=repr(WORDS[key]),
                                 sentence=repr(sentence)))
    return words


_WORDS = check.Argument(_other_words, "words", decides_kind=False)


def _relabel(label, words):
    """``label`` in ``words`` when it is one of the ``LABELS`` sentences of ``WORDS`` (its
    ``{name}`` values kept), else as it is (a label of one's own)."""
    for key in LABELS:
        parts = _PLACEHOLDER.split(WORDS[key])      # literal, name, literal, name, ...
        pattern = "".join(re.escape(part) if k % 2 == 0 else f"(?P<{part}>.+?)"
                          for k, part in enumerate(parts))
        match = re.fullmatch(pattern, label)
        if match:
            return fill(words[key], **match.groupdict())
    return label


@check.arguments(state=check.Instance(dict), words=_WORDS)
def in_other_words(state, words):
    """A viewer's ``state`` (saved in a notebook or made by ``viewer_state``) in ``words``
    (a dict, some keys of ``WORDS``; the English for the others): its ``words`` table and
    the ghosts' title and the singularities' labels that are sentences of ``WORDS``. The
    state given is not changed.

    >>> state = in_other_words(viewer_state(puma560(), singularities=PUMA_SINGULARITIES),
    ...                        {"ghosts": "其他解：", "wrist": "腕部"})
    >>> state["ghost_title"], [s["label"] for s in state["singularities"]][:2]
    ('其他解：', ['腕部', 'elbow, wrist on axes 2-3 (m)'])
    >>> state["words"]["trace"]
    'trace'
    """
    words = {**WORDS, **words}
    state = {**state, "words": words}
    if "ghost_title" in state:
        state["ghost_title"] = _relabel(state["ghost_title"], words)
    if "singularities" in state:
        state["singularities"] = [{**s, "label": _relabel(s["label"], words)}
                                  for s in state["singularities"]]
    return state


in_other_words_unchecked = in_other_words.__wrapped__


#: The PUMA 560's singular configurations (chapter 6, §6.3: det J = −a2 s5 (d4 c3 + a3 s3)
#: (a2 c2 + a3 c23 − d4 s23)), as the browser measures them from the frames: the sine of
#: the angle between axes 4 and 6 (|s5|), and the distance of the wrist centre (origin of
#: {4}) from the plane of axes 2 and 3 (|d4 c3 + a3 s3|) and from the plane through axis 1
#: parallel to axis 2 (|a2 c2 + a3 c23 − d4 s23|). Highlighted below ``near``.
PUMA_SINGULARITIES = (
    {"name": "wrist", "label": WORDS["wrist"], "kind": "axes", "joints": [4, 6],
     "near": NEAR_SINGULAR},
    {"name": "elbow", "label": WORDS["elbow"], "kind": "plane", "joints": [2, 3], "point": 4,
     "near": 0.02},
    {"name": "shoulder", "label": WORDS["shoulder"], "kind": "plane", "joints": [1, 2],
     "point": 4, "near": 0.02},
)


def _chain(robot):
    """The DH table of a numeric ``robot`` as the browser takes it."""
    links = robot.links
    return {"name": robot.name, "joints": [link.joint for link in links],
            **{key: [float(getattr(link, key)) for link in links]
               for key in ("alpha", "a", "d", "theta")},
            "tool": np.asarray(robot.tool, dtype=float).tolist()}


def _size(robot, limits):
    """A length that the arm spans (m): its link lengths, offsets and tool offset, and the
    strokes of its prismatic joints; at least 0.1 m."""
    lengths = sum(abs(float(link.a)) + abs(float(link.d)) for link in robot.links)
    strokes = sum(np.abs(limit).max() for link, limit in zip(robot.links, limits, strict=True)
                  if link.joint != REVOLUTE)
    tool = float(np.linalg.norm(np.asarray(robot.tool, dtype=float)[:3, 3]))
    return max(lengths + strokes + tool, 0.1)


def _limits(robot, limits):
    """Joint limits as an n x 2 array (rad or m): ±180° for a revolute joint and ±``_size``
    for a prismatic one unless given (an n x 2 array), each with low < high."""
    if limits is None:
        reach = _size(robot, np.zeros((robot.n, 2)))
        return np.array([(-np.pi, np.pi) if link.joint == REVOLUTE else (-reach, reach)
                         for link in robot.links])
    for j, (low, high) in enumerate(limits):
        if not low < high:
            raise ValueError(say("limits[{j}] must be (low, high) with low < high (rad or m); "
                                 "got ({low}, {high})", "errors", j=j, low=repr(low),
                                 high=repr(high)))
    return limits


def _inside(q, limits, name):
    """``q`` (n joint values) checked to lie within ``limits``."""
    for j, (value, (low, high)) in enumerate(zip(q, limits, strict=True)):
        if not low - check.ROUND_OFF <= value <= high + check.ROUND_OFF:
            raise ValueError(say("{name}[{j}] must lie within the joint limits [{low}, "
                                 "{high}] (rad or m); got {value}", "errors", name=name, j=j,
                                 low=format(low, "g"), high=format(high,
                                                                   "g"), value=repr(float(value))))
    return [float(x) for x in q]


def _singularity(entry, robot, k):
    """One singularity descriptor of ``robot``, checked (see ``PUMA_SINGULARITIES``)."""
    name = f"singularities[{k}]"
    if not isinstance(entry, dict):
        raise TypeError(say("{name} must be a dict with name, label, kind, joints and near; "
                            "got {entry}", "errors", name=name, entry=check.shown(entry)))
    needed = ("name", "label", "kind", "joints", "near") + (
        ("point",) if entry.get("kind") == "plane" else ())
    missing = [key for key in needed if key not in entry]
    if missing:
        raise ValueError(say("{name} has no {missing}; got {entry}", "errors", name=name,
                             missing=", ".join(missing), entry=repr(entry)))
    check.Choice(*KINDS).of(entry["kind"], f"{name}['kind']")
    joints = check.Sequence(2, phrase("two joint numbers", "errors")).of(entry["joints"],
                                                                        f"{name}['joints']")
    checked = {"name": check.Text().of(entry["name"], f"{name}['name']"),
               "label": check.Text().of(entry["label"], f"{name}['label']"),
               "kind": entry["kind"],
               "joints": [check.LinkNumber().of(j, f"{name}['joints']", robot=robot)
                          for j in joints],
               "near": float(check.Number(phrase("m or a sine", "errors"), at_least=">0").of(
                   entry["near"], f"{name}['near']"))}
    if entry["kind"] == "plane":         # a frame from 1 to the tool's, n + 1
        checked["point"] = check.Count(1, robot.n + 1).of(entry["point"], f"{name}['point']")
    return checked


def _singularities(value, name, call):
    """The rule of ``singularities``: a list or tuple of descriptors of the call's robot."""
    return [_singularity(entry, call.robot, k)
            for k, entry in enumerate(check.Instance((list, tuple))(value, name, call))]


def _payload(payload, name, call):
    """The rule of ``payload``: None, or a box held at the tool: ``size`` (3 sides, m),
    ``centre`` (in the tool frame) and ``axes`` (its edge directions in the tool frame, a
    rotation)."""
    if payload is None:
        return None
    if not isinstance(payload, dict) or "size" not in payload:
        raise TypeError(say("payload must be a dict with size (and optionally centre, axes); "
                            "got {payload}", "errors", payload=check.shown(payload)))
    size = check.Number("m", at_least=">0").of(
        check.Vector(3, "a, b, c", numeric=True).of(payload["size"], "payload['size']"),
        "payload['size']")
    centre = check.Vector(3, phrase("x, y, z in the tool frame", "errors"), numeric=True).of(
        payload.get("centre", (0, 0, 0)), "payload['centre']")
    axes = as_rotation(check.Matrix(3, 3, numeric=True).of(payload.get("axes", np.eye(3)),
                                                           "payload['axes']"), "payload['axes']")
    return {"size": size.tolist(), "centre": centre.tolist(),
            "axes": np.asarray(axes, dtype=float).tolist()}


#: The rules of a viewer's arguments (``viewer_state``, ``ArmViewer``); ``rows`` is checked
#: by ``kinematics.jacobian_rows``, which names it.
_VIEW = {
    "robot": check.Robot(numeric=True),
    "q": check.Optional(check.Vector(joint_count, check.ONE_PER_JOINT, numeric=True)),
    "limits": check.Optional(check.Matrix(joint_count, 2, numeric=True)),
    "ghosts": check.Optional(check.Matrix(None, joint_count, numeric=True)),
    "ghost_title": check.Optional(check.Text()),
    "singularities": check.Argument(_singularities, "singularities", decides_kind=False),
    "payload": check.Argument(_payload, "payload", decides_kind=False),
    "words": _WORDS,
}


@check.arguments(**_VIEW)
def viewer_state(robot, q=None, *, limits=None, rows=None, ghosts=None, ghost_title=None,
                 singularities=(), payload=None, words=None):
    """The state the browser is handed for ``robot`` at joint values ``q`` (rad or m): a
    dict of the widget's traits, every argument checked.

    ``q`` None: every joint at 0, or mid-range if 0 is outside its limits. ``limits``: one
    ``(low, high)`` per joint (rad or m; default ±180°, and ±the arm's size for a
    prismatic joint). ``rows``: the rows of ``[vx, vy, vz, ωx, ωy, ωz]`` whose Jacobian's
    determinant is shown (None: all six; det J only when they make J square).
    ``ghosts``: joint vectors drawn as ghost arms (within the limits). ``singularities``:
    descriptors as in ``PUMA_SINGULARITIES``. ``payload``: a box held at the tool
    (``size``, ``centre``, ``axes`` in the tool frame). ``ghost_title``: the line over the
    ghosts' buttons (None: ``WORDS["ghosts"]``). The words are those of the language in
    use (``words_in``), and ``words``, some keys of ``WORDS``, over them
    (``in_other_words``: the ghosts' title and the singularities' labels that are sentences
    of ``WORDS`` follow).

    >>> from robocourse.models import planar_3r
    >>> arm = planar_3r(lengths=[0.5, 0.4, 0.2], masses=[1] * 3, com_distances=[0.2] * 3,
    ...                 inertias=[0.01] * 3, g=9.81)
    >>> state = viewer_state(arm, rows=(0, 1, 5))
    >>> state["chain"]["a"], state["chain"]["joints"][0], state["rows"], state["q"]
    ([0.0, 0.5, 0.4], 'revolute', [0, 1, 5], [0.0, 0.0, 0.0])
    >>> viewer_state(arm, [0.1, 0.2])
    Traceback (most recent call last):
    ...
    ValueError: q must have 3 entries (one per joint); got 2
    """
    limits = _limits(robot, limits)
    if q is None:
        q = [0.0 if low <= 0 <= high else (low + high) / 2 for low, high in limits]
    q = _inside(q, limits, "q")
    if rows is not None:
        jacobian_rows(robot, q, rows)             # checks rows, naming it
    rows = list(range(6)) if rows is None else [int(r) for r in rows]
    ghosts = np.zeros((0, robot.n)) if ghosts is None else ghosts
    reach = _size(robot, limits)
    frames = link_frames(robot, q)
    heights = [T[2, 3] for T in frames] + [0.0]
    planar = all(abs(abs(T[2, 2]) - 1) < check.ROUND_OFF and abs(T[2, 3]) < check.ROUND_OFF
                 for T in frames)
    floor = min(heights) - (0.02 if planar else 0.6) * reach
    state = {
        "chain": _chain(robot), "q": q, "limits": limits.tolist(), "rows": rows,
        "ghosts": [_inside(g, limits, f"ghosts[{k}]") for k, g in enumerate(ghosts)],
        "ghost_title": WORDS["ghosts"] if ghost_title is None else ghost_title,
        "singularities": singularities,
        "view": {"reach": reach, "floor": floor, "centre": (floor + max(heights)) / 2,
                 "ellipsoid_scale": {"none": 0, "velocity": 0.3,
                                     "force": round(0.1 * reach**2, 3)},
                 "payload": payload},
        "words": dict(WORDS),
    }
    return in_other_words_unchecked(state, {**words_in_unchecked(), **words})


viewer_state_unchecked = viewer_state.__wrapped__


class ArmViewer(anywidget.AnyWidget):
    """The arm viewer: ``ArmViewer(robot, q, **options)``, options as for ``viewer_state``,
    and ``frames``, ``trace`` (show the frames {i}, the tool's trace), ``ellipsoid``
    (``"none"``, ``"velocity"`` or ``"force"``) and ``height`` (pixels). Its words are
    those of the language in use when it is made (``words_in``; ``language.use("zh_CN")``
    in a Chinese notebook), and ``words`` over them (a dict, some or all keys of ``WORDS``).

    ``viewer.q`` follows the sliders when one is released (where a kernel runs); setting
    it poses the arm. The arm, its limits and the ghosts are fixed when the viewer is made.
    """

    _esm = BUNDLE
    chain = traitlets.Dict(read_only=True).tag(sync=True)
    q = traitlets.List(traitlets.Float()).tag(sync=True)
    limits = traitlets.List(read_only=True).tag(sync=True)
    rows = traitlets.List(traitlets.Int(), read_only=True).tag(sync=True)
    ghosts = traitlets.List(read_only=True).tag(sync=True)
    ghost_title = traitlets.Unicode(read_only=True).tag(sync=True)
    singularities = traitlets.List(read_only=True).tag(sync=True)
    view = traitlets.Dict(read_only=True).tag(sync=True)
    words = traitlets.Dict(read_only=True).tag(sync=True)
    show_frames = traitlets.Bool(False).tag(sync=True)
    show_trace = traitlets.Bool(False).tag(sync=True)
    show_ghosts = traitlets.Bool(True).tag(sync=True)
    ellipsoid = traitlets.Unicode("none").tag(sync=True)
    height = traitlets.Int(420).tag(sync=True)

    @check.arguments(**_VIEW, frames=check.Flag(), trace=check.Flag(),
                     ellipsoid=check.Choice(*ELLIPSOIDS), height=check.Count(200, 2000))
    def __init__(self, robot, q=None, *, frames=False, trace=False, ellipsoid="none",
                 height=420, limits=None, rows=None, ghosts=None, ghost_title=None,
                 singularities=(), payload=None, words=None):
        state = viewer_state_unchecked(robot, q, limits=limits, rows=rows, ghosts=ghosts,
                                       ghost_title=ghost_title, singularities=singularities,
                                       payload=payload, words=words)
        self._robot = robot
        super().__init__(q=state.pop("q"), show_frames=frames, show_trace=trace,
                         ellipsoid=ellipsoid, height=height)
        for name, value in state.items():
            self.set_trait(name, value)

    @traitlets.validate("q")
    def _check_q(self, proposal):
        limits = np.array(self.limits) if self.limits else None
        q = check.Vector(self._robot.n, check.ONE_PER_JOINT, numeric=True).of(proposal["value"],
                                                                             "q")
        return q.tolist() if limits is None else _inside(q, limits, "q")

    def __repr__(self):
        return (f"ArmViewer({self.chain.get('name', '')!r}: "
                f"{language.say('run this cell to pose the arm in 3-D', 'widgets')})")

    def _repr_mimebundle_(self, **kwargs):
        """The widget, and for a notebook opened untrusted (no widget rendered there) a
        PNG still that says to run the cell."""
        data, metadata = super()._repr_mimebundle_(**kwargs)
        data["image/png"] = still_png(self._robot, self.q, self.ghosts, self.view["payload"])
        return data, metadata


@check.arguments(robot=check.Robot(numeric=True),
                 q=check.Vector(joint_count, check.ONE_PER_JOINT, numeric=True),
                 payload=_VIEW["payload"], dpi=DPI, colors=check.Count(2, 256))
def still_png(robot, q, ghosts=(), payload=None, dpi=72, colors=48):
    """A still of the arm at ``q`` (PNG bytes, ``colors`` colours): the links between the
    frame origins, the ghosts faint (joint vectors, maybe none), the payload's edges, and a
    caption saying how to pose it.

    >>> still_png(puma560(), HOME)[1:4]
    b'PNG'
    """
    fig = Figure(figsize=(5.2, 4.0))
    ax = fig.add_axes((0.0, 0.0, 1.0, 0.9), projection="3d")
    points = arm_points(q, robot)
    for ghost in ghosts:
        ax.plot(*arm_points(ghost, robot).T, "-", color="0.75", lw=2)
    ax.plot(*points.T, "-o", color="#5b6b7d", lw=4, ms=5, mfc="#f08c00", mec="#f08c00")
    if payload is not None:
        edges = payload_edges(robot, q, payload["size"], payload["centre"], payload["axes"])
        ax.plot(*edges.T, "-", color="tab:brown", lw=1.2)
    reach = float(np.abs(points).max()) * 1.1 + 0.05
    ax.set(xlim=(-reach, reach), ylim=(-reach, reach), zlim=(-reach, reach),
           xlabel="$X_0$ (m)", ylabel="$Y_0$ (m)", zlabel="$Z_0$ (m)")
    ax.set_box_aspect((1, 1, 1))
    ax.view_init(elev=22, azim=-60)
    ax.tick_params(labelsize=6)
    fig.suptitle(language.say("{name}: a still. Run this cell to pose the arm in 3-D\n"
                              "(joint sliders, det J, singularities, ellipsoids)", "widgets",
                              name=robot.name), fontsize=9, y=0.98)
    still = PIL.Image.open(io.BytesIO(as_image(fig, dpi).data)).convert("RGB").quantize(colors)
    buffer = io.BytesIO()
    still.save(buffer, format="png", optimize=True)
    return buffer.getvalue()


@check.arguments(q=check.Vector(6, check.ONE_PER_JOINT, numeric=True),
                 target=check.Optional(check.Transform()))
def puma_viewer(q=HOME, target=None, *, frames=False, trace=False, ellipsoid="none",
                height=420, limits=None, rows=None, ghosts=None, ghost_title=None, payload=None,
                words=None):
    """The PUMA 560 (``models.puma560()``) in the viewer at ``q`` (rad), its singularities
    highlighted; with a ``target`` pose ``0_T_tool`` (4 x 4), every inverse-kinematics
    solution of it (``puma560.inverse_kinematics``) as a ghost to pick (unless ``ghosts``,
    ``ghost_title`` are given). Other options as for ``ArmViewer``, which checks them.

    >>> from robocourse.kinematics import forward_kinematics
    >>> T = forward_kinematics(puma560(), [0.3, -0.5, 0.4, 0.6, 0.7, -0.8])
    >>> viewer = puma_viewer(target=T)
    >>> len(viewer.ghosts), [s["name"] for s in viewer.singularities]
    (8, ['wrist', 'elbow', 'shoulder'])
    """
    robot = puma560()
    if target is not None:
        solutions = inverse_kinematics(robot, target)
        ghosts = solutions if ghosts is None else ghosts
        ghost_title = (fill(WORDS["ghosts_of_target"], count=len(solutions))
                       if ghost_title is None else ghost_title)
    return ArmViewer(robot, q, frames=frames, trace=trace, ellipsoid=ellipsoid, height=height,
                     limits=limits, rows=rows, ghosts=ghosts, ghost_title=ghost_title,
                     singularities=PUMA_SINGULARITIES, payload=payload, words=words)
