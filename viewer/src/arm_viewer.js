// The arm viewer's front end (anywidget): joint sliders, the 3-D view, the readouts.
//
// Everything a slider move shows is computed here, from the modified-DH table in the
// model's state (robocourse.widgets.arm_viewer.viewer_state): a move never waits for the
// kernel, and the saved state alone (the static book) is enough. Releasing a slider
// hands q back to Python (the model's `q`), where there is a kernel.
//
// For tests and the curious, the root element (.rc-arm-viewer) carries what was computed
// for the frame on screen, as JSON: data-q (radians or metres), data-tool-pose (0_T_tool,
// 16 numbers row by row), data-jacobian (6 x n), data-det, data-manipulability,
// data-singularities ({name: measure}), data-singular (the names highlighted),
// data-ellipsoid (semi-axes, m per rad/s), data-ghost-poses (0_T_tool of every ghost) and
// data-frame (frames rendered so far).
//
// Every word it shows comes from the model's `words` (robocourse.widgets.arm_viewer.WORDS,
// or their translation: the book's Chinese pages hand it Chinese), by key, each said with
// say(key, values): a sentence's {name} is filled in with values.name. A key missing from
// the state (a notebook saved before the viewer had words) shows the key itself.

import {
  jacobian, linkFrames, measures, origin, singularityMeasures, velocityEllipsoid,
} from "./kinematics.js";
import { ArmScene } from "./scene.js";

const WIDTH = 520;
const STYLE = `
.rc-arm-viewer { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start;
  font: 13px/1.35 var(--jp-ui-font-family, system-ui, sans-serif);
  color: var(--jp-ui-font-color1, #222); }
.rc-arm-viewer canvas { border: 1px solid #d0d0d0; border-radius: 3px; display: block; }
.rc-arm-viewer .rc-panel { min-width: 280px; max-width: 340px; }
.rc-arm-viewer .rc-title { font-weight: bold; margin-bottom: 4px; }
.rc-arm-viewer .rc-slider { display: grid; grid-template-columns: 54px 1fr 62px;
  align-items: center; gap: 6px; }
.rc-arm-viewer .rc-slider input { width: 100%; margin: 2px 0; }
.rc-arm-viewer .rc-slider output { text-align: right; font-variant-numeric: tabular-nums; }
.rc-arm-viewer .rc-options { margin: 6px 0; display: flex; flex-wrap: wrap; gap: 4px 12px; }
.rc-arm-viewer .rc-options label { white-space: nowrap; }
.rc-arm-viewer .rc-readout { font: 12px/1.3 var(--jp-code-font-family, monospace);
  white-space: pre; margin: 6px 0; }
.rc-arm-viewer .rc-singular { color: #d00000; font-weight: bold; }
.rc-arm-viewer .rc-ghosts button { min-width: 26px; margin: 2px 2px 0 0; border: 2px solid;
  border-radius: 3px; background: #fff; cursor: pointer; }
.rc-arm-viewer .rc-ghosts button.rc-picked { color: #fff; }
.rc-arm-viewer button.rc-small { font-size: 11px; }
`;

function element(tag, properties = {}, children = []) {
  const node = Object.assign(document.createElement(tag), properties);
  node.append(...children);
  return node;
}

function addStyle() {
  if (document.getElementById("rc-arm-viewer-style")) return;
  document.head.appendChild(element("style", { id: "rc-arm-viewer-style", textContent: STYLE }));
}

const DEGREES = 180 / Math.PI;
const fixed = (x, digits = 3) => (Math.abs(x) < 0.5 * 10 ** -digits ? 0 : x).toFixed(digits);
const padded = (x, digits = 3) => fixed(x, digits).padStart(digits + 4);

/** A function saying the sentence of `words` under a key, its {name}s filled in. */
function speaker(words) {
  return (key, values = {}) => (words[key] ?? key).replace(/\{(\w+)\}/g,
    (placeholder, name) => (name in values ? String(values[name]) : placeholder));
}

/** The chain as the kinematics functions take it (the tool as 16 numbers). */
function chainOf(state) {
  return { ...state, tool: state.tool.flat() };
}

/** A slider per joint: degrees for a revolute joint, metres for a prismatic one. */
function jointSliders(chain, limits, say, onInput, onChange) {
  return chain.joints.map((kind, j) => {
    const revolute = kind === "revolute";
    const scale = revolute ? DEGREES : 1;
    const input = element("input", {
      type: "range", min: limits[j][0] * scale, max: limits[j][1] * scale,
      step: revolute ? 0.1 : 0.001,
    });
    input.setAttribute("aria-label", say("joint", { number: j + 1 }));
    const readout = element("output");
    const label = element("label", { textContent: `${revolute ? "θ" : "d"}${j + 1} (${revolute ? "°" : "m"})` });
    input.addEventListener("input", () => onInput(j, Number(input.value) / scale));
    input.addEventListener("change", onChange);
    return {
      node: element("div", { className: "rc-slider" }, [label, input, readout]),
      show(value) {
        input.value = value * scale;
        readout.textContent = (value * scale).toFixed(revolute ? 1 : 3);
      },
      input,
    };
  });
}

function checkbox(text, checked, onToggle) {
  const box = element("input", { type: "checkbox", checked });
  box.addEventListener("change", () => onToggle(box.checked));
  return { node: element("label", {}, [box, ` ${text}`]), box };
}

function render({ model, el }) {
  addStyle();
  const chain = chainOf(model.get("chain"));
  const view = model.get("view");
  const limits = model.get("limits");
  const rows = model.get("rows");
  const singularities = model.get("singularities");
  const say = speaker(model.get("words") ?? {});
  const n = chain.joints.length;
  const q = model.get("q").slice();
  const state = { picked: -1, frames: null };

  const root = element("div", { className: "rc-arm-viewer" });
  const stage = element("div");
  const panel = element("div", { className: "rc-panel" });
  root.append(stage, panel);
  el.appendChild(root);
  let scene;
  try {
    scene = new ArmScene(stage, chain, view, WIDTH, model.get("height"), () => scene.render());
  } catch (error) {
    root.replaceChildren(say("no_webgl", { error }));
    return () => {};
  }

  const sliders = jointSliders(chain, limits, say, (j, value) => {
    q[j] = value;
    state.picked = -1;
    update();
  }, () => saveQ());
  const readout = element("div", { className: "rc-readout" });
  const singular = element("div", { className: "rc-readout" });
  panel.append(element("div", { className: "rc-title", textContent: chain.name }),
    ...sliders.map((s) => s.node));

  const frames = checkbox(say("frames"), model.get("show_frames"), (on) => {
    setTrait("show_frames", on);
    scene.showFrames(on);
    update();
  });
  const trace = checkbox(say("trace"), model.get("show_trace"), (on) => {
    setTrait("show_trace", on);
    scene.showTrace(on);
    scene.traceTo(origin(state.frames[n]), true);
    scene.render();
  });
  const clear = element("button", { className: "rc-small", textContent: say("clear") });
  clear.addEventListener("click", () => {
    scene.traceTo(origin(state.frames[n]), true);
    scene.render();
  });
  const ellipsoidNames = { none: say("ellipsoid_none"), velocity: say("ellipsoid_velocity"),
    force: say("ellipsoid_force") };
  const ellipsoid = element("select", {}, Object.entries(ellipsoidNames).map(([kind, name]) =>
    element("option", { value: kind, textContent: name })));
  ellipsoid.value = model.get("ellipsoid");
  ellipsoid.addEventListener("change", () => {
    setTrait("ellipsoid", ellipsoid.value);
    update();
  });
  panel.append(element("div", { className: "rc-options" },
    [frames.node, element("span", {}, [trace.node, " ", clear]), ellipsoid]), readout, singular);

  const ghostPanel = ghostButtons(model.get("ghosts"), say, (k) => {
    model.get("ghosts")[k].forEach((value, j) => { q[j] = value; });
    state.picked = k;
    update();
    saveQ();
  });
  if (ghostPanel) {
    const shown = checkbox(say("show"), model.get("show_ghosts"), (on) => {
      setTrait("show_ghosts", on);
      scene.showGhosts(on, state.picked);
      scene.render();
    });
    ghostPanel.node.prepend(element("div", {}, [model.get("ghost_title"), " ", shown.node]));
    panel.append(ghostPanel.node);
    const ghostFrames = model.get("ghosts").map((g) => linkFrames(chain, g));
    scene.setGhosts(ghostFrames, ghostPanel.colours);
    root.dataset.ghostPoses = JSON.stringify(ghostFrames.map((f) => f[n]));
  }

  /** A trait set from the page: kept in the model, and sent to the kernel if there is one
   * (the static book has none). */
  function setTrait(name, value) {
    model.set(name, value);
    try {
      model.save_changes();
    } catch (error) {
      // no kernel: the page alone shows the change
    }
  }

  function saveQ() {
    setTrait("q", q.slice());
  }

  function update() {
    const F = state.frames = linkFrames(chain, q);
    const J = jacobian(chain, F);
    const { det, manipulability } = measures(J, rows);
    const distances = singularityMeasures(singularities, F);
    const near = singularities.filter((s) => distances[s.name] < s.near);
    const kind = ellipsoid.value;
    const { radii, axes } = velocityEllipsoid(J);
    const scale = view.ellipsoid_scale[kind];
    const shown = kind === "none" ? null : radii.map((r) => (kind === "velocity" ? r * scale
      : Math.min(scale / Math.max(r, 1e-12), 2 * view.reach)));
    sliders.forEach((s, j) => s.show(q[j]));
    scene.pose(F);
    scene.traceTo(origin(F[n]));
    scene.setEllipsoid(origin(F[n]), shown, axes);
    scene.highlight(near, F);
    scene.showGhosts(ghostPanel ? model.get("show_ghosts") : false, state.picked);
    if (ghostPanel) ghostPanel.pick(state.picked);
    readout.textContent = poseText(F[n], det, manipulability, rows, kind, radii, view, say);
    singular.replaceChildren(...singularities.map((s) => element("div", {
      className: distances[s.name] < s.near ? "rc-singular" : "",
      textContent: (distances[s.name] < s.near ? "● " : "○ ")
        + say("measure", { label: s.label, value: fixed(distances[s.name]) }),
    })));
    scene.render();
    Object.assign(root.dataset, {
      q: JSON.stringify(q), toolPose: JSON.stringify(F[n]), jacobian: JSON.stringify(J),
      det: JSON.stringify(det), manipulability: JSON.stringify(manipulability),
      singularities: JSON.stringify(distances), singular: near.map((s) => s.name).join(","),
      ellipsoid: JSON.stringify(radii), frame: String(Number(root.dataset.frame || 0) + 1),
    });
  }

  // keys pressed on a control are its own: JupyterLab's shortcuts (the arrows select
  // cells) would take them, but not from an element marked so
  for (const control of panel.querySelectorAll("input, select, button")) {
    control.dataset.lmSuppressShortcuts = "true";
  }
  scene.showFrames(model.get("show_frames"));
  scene.showTrace(model.get("show_trace"));
  update();

  const fromPython = () => {
    const now = model.get("q");
    if (now.every((value, j) => value === q[j])) return;
    now.forEach((value, j) => { q[j] = value; });
    state.picked = -1;
    update();
  };
  const followFlags = () => {
    frames.box.checked = model.get("show_frames");
    trace.box.checked = model.get("show_trace");
    ellipsoid.value = model.get("ellipsoid");
    scene.showFrames(frames.box.checked);
    scene.showTrace(trace.box.checked);
    update();
  };
  model.on("change:q", fromPython);
  for (const name of ["show_frames", "show_trace", "show_ghosts", "ellipsoid"]) {
    model.on(`change:${name}`, followFlags);
  }
  return () => {
    model.off("change:q", fromPython);
    for (const name of ["show_frames", "show_trace", "show_ghosts", "ellipsoid"]) {
      model.off(`change:${name}`, followFlags);
    }
    scene.dispose();
  };
}

/** The readout: 0_T_tool, det J (of the rows used) and the manipulability, the ellipsoid. */
function poseText(T, det, manipulability, rows, kind, radii, view, say) {
  const names = ["vx", "vy", "vz", "ωx", "ωy", "ωz"];
  const separator = say("separator");
  const lines = [say("tool_pose")];
  for (let i = 0; i < 3; i++) {
    lines.push(` ${padded(T[4 * i])} ${padded(T[4 * i + 1])} ${padded(T[4 * i + 2])} │${padded(T[4 * i + 3])}`);
  }
  if (det !== null) {
    const value = fixed(det, 5);
    lines.push(rows.length === 6 ? say("det", { value })
      : say("det_rows", { value, rows: rows.map((r) => names[r]).join(separator) }));
  }
  lines.push(say("manipulability", { value: fixed(manipulability, 5) }));
  if (kind !== "none") {
    const velocity = kind === "velocity";
    const axes = radii.map((r) => fixed(velocity ? r : 1 / Math.max(r, 1e-12), 3))
      .join(separator);
    const scale = view.ellipsoid_scale[kind];
    lines.push(velocity ? say("axes_velocity", { axes }) : say("axes_force", { axes }));
    lines.push(`  ${velocity ? say("drawn_velocity", { scale }) : say("drawn_force", { scale })}`);
  }
  return lines.join("\n");
}

/** One button per ghost (in its colour) to pick it; null when there are none. */
function ghostButtons(ghosts, say, onPick) {
  if (!ghosts.length) return null;
  const colours = ghosts.map((_, k) => `hsl(${Math.round(360 * k / ghosts.length)}, 70%, 42%)`);
  const buttons = ghosts.map((g, k) => {
    const button = element("button", { textContent: String(k + 1),
      title: say("pick", { number: k + 1,
        angles: g.map((x) => (x * DEGREES).toFixed(1)).join(say("separator")) }) });
    button.style.borderColor = colours[k];
    button.addEventListener("click", () => onPick(k));
    return button;
  });
  return {
    node: element("div", { className: "rc-ghosts" }, [element("div", {}, buttons)]),
    colours,
    pick(picked) {
      buttons.forEach((b, k) => {
        b.classList.toggle("rc-picked", k === picked);
        b.style.background = k === picked ? colours[k] : "";
      });
    },
  };
}

export default { render };
