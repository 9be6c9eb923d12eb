// The arm drawn with three.js: links as solid segments between the frame origins, joints
// (revolute: a drum along the axis, prismatic: a square sleeve), joint axes, the tool
// triad, the frames {i} on demand, a trace of the tool, ghost arms (other solutions of one
// pose), the singularity highlights and the velocity or force ellipsoid at the tool.
// Z0 points up.
//
// A frame costs the browser one draw call per kind of thing, whatever the number of
// joints: every rod of the arm (links, drums, axes, triads) is an instance of one
// InstancedMesh, the sleeves of another, all the ghosts of a third (headless Chromium draws
// with SwiftShader, on the CPU, where each draw call costs about half a millisecond). A
// pose change moves instances made once.

import {
  AmbientLight, BoxGeometry, BufferAttribute, BufferGeometry, Color, CylinderGeometry,
  DirectionalLight, DoubleSide, GridHelper, Group, InstancedMesh, Line, LineBasicMaterial,
  Matrix4, Mesh, MeshBasicMaterial, MeshLambertMaterial, PerspectiveCamera, PlaneGeometry,
  Quaternion, Scene, SphereGeometry, Vector3, WebGLRenderer,
} from "three";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";

import { origin, zAxis } from "./kinematics.js";

const UP = new Vector3(0, 1, 0);          // the axis of three.js's cylinders
const TRIAD = [0xd62728, 0x2ca02c, 0x1f77b4];
const LINK = 0x5b6b7d, JOINT = 0xf08c00, AXIS = 0x8a8a8a, PEDESTAL = 0x9a9a9a;
export const SINGULAR = 0xe00000;
const TRACE_POINTS = 4096;

// one unit cylinder (radius 1, height 1, along Y, centred), cube and sphere for every part
const ROD = new CylinderGeometry(1, 1, 1, 12);
const THIN_ROD = new CylinderGeometry(1, 1, 1, 6, 1, true);     // the ghosts': fewer triangles
const SLEEVE = new BoxGeometry(1, 1, 1);
const BALL = new SphereGeometry(1, 16, 12);

const vector = (p) => new Vector3(p[0], p[1], p[2]);
const HIDDEN = new Matrix4().makeScale(0, 0, 0);

/** Instances of one geometry, each placed between two points with its own colour. */
class Parts {
  constructor(parent, geometry, capacity, material) {
    this.mesh = new InstancedMesh(geometry, material, Math.max(capacity, 1));
    this.mesh.frustumCulled = false;
    this.mesh.count = capacity;
    for (let k = 0; k < capacity; k++) this.hide(k);
    parent.add(this.mesh);
    this.matrix = new Matrix4();
    this.quaternion = new Quaternion();
    this.scale = new Vector3();
    this.position = new Vector3();
  }

  /** Part k from point a to point b, `radius` thick, in `colour`. */
  place(k, a, b, radius, colour) {
    const from = vector(a), direction = vector(b).sub(from);
    const length = direction.length();
    if (length < 1e-9) {
      this.hide(k);
      return;
    }
    this.position.copy(from).addScaledVector(direction, 0.5);
    this.quaternion.setFromUnitVectors(UP, direction.normalize());
    this.scale.set(radius, length, radius);
    this.mesh.setMatrixAt(k, this.matrix.compose(this.position, this.quaternion, this.scale));
    if (colour !== undefined) this.mesh.setColorAt(k, new Color(colour));
    this.mesh.instanceMatrix.needsUpdate = true;
    if (this.mesh.instanceColor) this.mesh.instanceColor.needsUpdate = true;
  }

  /** Part k: a segment of `length` along the z axis of transform T, centred at its origin. */
  along(k, T, length, radius, colour) {
    const o = origin(T), z = zAxis(T);
    this.place(k, o.map((x, i) => x - z[i] * length / 2), o.map((x, i) => x + z[i] * length / 2),
      radius, colour);
  }

  /** Parts k, k+1, k+2: the x, y, z axes of transform T from its origin. */
  triad(k, T, length, radius) {
    const o = origin(T);
    for (let axis = 0; axis < 3; axis++) {
      const tip = o.map((x, i) => x + length * T[4 * i + axis]);
      this.place(k + axis, o, tip, radius, TRIAD[axis]);
    }
  }

  hide(k) {
    this.mesh.setMatrixAt(k, HIDDEN);
    this.mesh.instanceMatrix.needsUpdate = true;
  }
}

/** Where each part of one arm goes: a rod per link and per revolute drum, a sleeve per
 * prismatic joint; with `full`, also a rod per joint axis, three for the tool triad and
 * three per frame {i} (a ghost has only links and joints). */
class ArmLayout {
  constructor(chain, full) {
    const n = this.n = chain.joints.length;
    this.full = full;
    this.revolute = chain.joints.map((kind) => kind === "revolute");
    this.rods = (n + 1) + n + (full ? n + 3 + 3 * n : 0);
    this.sleeves = n;
  }

  /** The arm at `frames` into `rods` and `sleeves` from index `first` of each, in
   * `colours`; `show` says whether the axes and the frames are drawn. */
  draw(rods, sleeves, first, frames, size, colours, show) {
    const n = this.n;
    let previous = [0, 0, 0];
    frames.forEach((T, i) => {
      rods.place(first.rods + i, previous, origin(T), size.link, colours.link);
      previous = origin(T);
    });
    for (let j = 0; j < n; j++) {
      const drum = first.rods + n + 1 + j, sleeve = first.sleeves + j;
      if (this.revolute[j]) {
        rods.along(drum, frames[j], size.joint, size.jointRadius, colours.joint);
        sleeves.hide(sleeve);
      } else {
        rods.hide(drum);
        sleeves.along(sleeve, frames[j], size.joint, 2 * size.jointRadius, colours.joint);
      }
    }
    if (!this.full) return;
    for (let j = 0; j < n; j++) {
      const axis = first.rods + 2 * n + 1 + j;
      if (show.axes) rods.along(axis, frames[j], size.axis, size.axisRadius, AXIS);
      else rods.hide(axis);
    }
    const tool = first.rods + 3 * n + 1;
    rods.triad(tool, frames[n], size.triad, size.triadRadius);
    for (let j = 0; j < n; j++) {
      const k = tool + 3 + 3 * j;
      if (show.frames) rods.triad(k, frames[j], size.frame, size.frameRadius);
      else for (let axis = 0; axis < 3; axis++) rods.hide(k + axis);
    }
  }
}

/** The matrix that takes the unit sphere (or cube) to the ellipsoid (or box) of semi-axes
 * (sides) `radii` along the columns of `axes`, centred at `centre`. */
function stretchedMatrix(centre, radii, axes) {
  return new Matrix4().set(
    axes[0][0] * radii[0], axes[0][1] * radii[1], axes[0][2] * radii[2], centre[0],
    axes[1][0] * radii[0], axes[1][1] * radii[1], axes[1][2] * radii[2], centre[1],
    axes[2][0] * radii[0], axes[2][1] * radii[1], axes[2][2] * radii[2], centre[2],
    0, 0, 0, 1);
}

export class ArmScene {
  /** A WebGL view of `chain` in `container`, `width` x `height` pixels; `view` holds the
   * drawing's sizes (reach, floor, centre) and the payload; `onChange` is called when the
   * camera moves. */
  constructor(container, chain, view, width, height, onChange) {
    const reach = view.reach;
    this.size = {
      link: 0.022 * reach, joint: 0.11 * reach, jointRadius: 0.04 * reach,
      triad: 0.16 * reach, triadRadius: 0.008 * reach, axis: 0.3 * reach,
      axisRadius: 0.004 * reach, frame: 0.09 * reach, frameRadius: 0.005 * reach,
    };
    this.renderer = new WebGLRenderer({ antialias: false });   // MSAA doubles the frame time in SwiftShader
    this.renderer.setPixelRatio(1);
    this.renderer.setSize(width, height);
    this.renderer.setClearColor(0xf7f7f5);
    this.canvas = this.renderer.domElement;
    container.appendChild(this.canvas);

    const scene = this.scene = new Scene();
    scene.add(new AmbientLight(0xffffff, 1.2));
    const sun = new DirectionalLight(0xffffff, 2.0);
    sun.position.set(2, -3, 5);
    scene.add(sun);

    const camera = this.camera = new PerspectiveCamera(35, width / height, reach / 100,
      reach * 40);
    camera.up.set(0, 0, 1);
    camera.position.set(1.25 * reach, -1.6 * reach, view.centre + 0.85 * reach);
    this.controls = new OrbitControls(camera, this.canvas);
    this.controls.target.set(0, 0, view.centre);
    this.controls.update();
    this.controls.addEventListener("change", onChange);

    const grid = new GridHelper(3 * reach, 12, 0xb0b0b0, 0xdadada);
    grid.rotation.x = Math.PI / 2;                 // from the XZ plane of three.js to XY
    grid.position.z = view.floor;
    scene.add(grid);

    this.layout = new ArmLayout(chain, true);
    this.ghostLayout = new ArmLayout(chain, false);
    const solid = new MeshLambertMaterial();
    this.rods = new Parts(scene, ROD, this.layout.rods + 1, solid);       // + the pedestal
    this.sleeves = new Parts(scene, SLEEVE, this.layout.sleeves, solid);
    if (view.floor < -1e-9) {                      // a pedestal from the floor to {0}
      this.rods.place(this.layout.rods, [0, 0, view.floor], [0, 0, 0], 0.07 * reach, PEDESTAL);
    }
    this.show = { axes: true, frames: false };
    this.ghosts = null;
    this.trace = this.makeTrace();
    this.ellipsoid = this.mesh(BALL, new MeshLambertMaterial({
      color: 0x8e44ad, transparent: true, opacity: 0.35, depthWrite: false }));
    this.ellipsoid.matrixAutoUpdate = false;
    this.payload = view.payload && this.mesh(SLEEVE, new MeshLambertMaterial({
      color: 0xa0522d, transparent: true, opacity: 0.55 }));
    if (this.payload) {
      const { size, centre, axes } = view.payload;
      this.payload.matrixAutoUpdate = false;
      this.payloadInTool = stretchedMatrix(centre, size, axes);
    }
    this.highlights = new Group();
    scene.add(this.highlights);
    this.marks = new Parts(this.highlights, ROD, 4, new MeshBasicMaterial({ color: SINGULAR }));
    this.plane = new PlaneGeometry(1, 1);
    this.planeMaterial = new MeshBasicMaterial({
      color: SINGULAR, transparent: true, opacity: 0.22, side: DoubleSide, depthWrite: false });
    this.singularMaterial = new MeshBasicMaterial({ color: SINGULAR });
  }

  mesh(geometry, material, parent = this.scene) {
    const mesh = new Mesh(geometry, material);
    parent.add(mesh);
    return mesh;
  }

  makeTrace() {
    const geometry = new BufferGeometry();
    geometry.setAttribute("position", new BufferAttribute(new Float32Array(3 * TRACE_POINTS), 3));
    geometry.setDrawRange(0, 0);
    const line = new Line(geometry, new LineBasicMaterial({ color: 0x1f77b4 }));
    line.frustumCulled = false;
    this.scene.add(line);
    return { line, count: 0 };
  }

  /** The arm, its joint axes, the payload and (if shown) its frames at `frames`. */
  pose(frames) {
    this.layout.draw(this.rods, this.sleeves, { rods: 0, sleeves: 0 }, frames, this.size,
      { link: LINK, joint: JOINT }, this.show);
    if (this.payload) {
      this.payload.matrix.set(...frames[frames.length - 1]).multiply(this.payloadInTool);
    }
  }

  showFrames(shown) {
    this.show.frames = shown;
  }

  /** Ghost arms, one per entry of `framesOfEach` (link frames), each in its own colour
   * (`colours`, CSS strings), translucent; only links and joints. */
  setGhosts(framesOfEach, colours) {
    const count = framesOfEach.length, layout = this.ghostLayout;
    const material = new MeshLambertMaterial({ transparent: true, opacity: 0.3,
      depthWrite: false });
    this.ghosts = { framesOfEach, colours, hidden: -1,
      rods: new Parts(this.scene, THIN_ROD, count * layout.rods, material),
      sleeves: new Parts(this.scene, SLEEVE, count * layout.sleeves, material) };
    framesOfEach.forEach((_, k) => this.drawGhost(k));
  }

  drawGhost(k, hidden = false) {
    const g = this.ghosts, layout = this.ghostLayout;
    const first = { rods: k * layout.rods, sleeves: k * layout.sleeves };
    if (hidden) {
      for (let r = 0; r < layout.rods; r++) g.rods.hide(first.rods + r);
      for (let s = 0; s < layout.sleeves; s++) g.sleeves.hide(first.sleeves + s);
    } else {
      layout.draw(g.rods, g.sleeves, first, g.framesOfEach[k], this.size,
        { link: g.colours[k], joint: g.colours[k] });
    }
  }

  /** Show the ghosts (or not), all but the one `picked` (the arm is there). */
  showGhosts(shown, picked = -1) {
    const g = this.ghosts;
    if (!g) return;
    g.rods.mesh.visible = g.sleeves.mesh.visible = shown;
    if (picked === g.hidden) return;
    if (g.hidden >= 0) this.drawGhost(g.hidden);
    if (picked >= 0) this.drawGhost(picked, true);
    g.hidden = picked;
  }

  /** Add the tool position `p` to the trace (when shown); `clear` starts it afresh. */
  traceTo(p, clear = false) {
    const t = this.trace;
    if (clear) t.count = 0;
    if (!t.line.visible) return;
    const positions = t.line.geometry.attributes.position;
    if (t.count === TRACE_POINTS) {               // full: drop the older half
      positions.array.copyWithin(0, 3 * TRACE_POINTS / 2);
      t.count = TRACE_POINTS / 2;
    }
    positions.array.set(p, 3 * t.count);
    t.count += 1;
    positions.needsUpdate = true;
    t.line.geometry.setDrawRange(0, t.count);
  }

  showTrace(shown) {
    this.trace.line.visible = shown;
  }

  /** The ellipsoid with semi-axes `radii` along the columns of `axes` at the tool, or none. */
  setEllipsoid(centre, radii, axes) {
    this.ellipsoid.visible = radii !== null;
    if (radii !== null) this.ellipsoid.matrix.copy(stretchedMatrix(centre, radii, axes));
  }

  /** Red marks of the singularities in `near` (their descriptors) at `frames`: for
   * "axes", the two joint axes drawn long; for "plane", the plane and the point. */
  highlight(near, frames) {
    for (let k = 0; k < 4; k++) this.marks.hide(k);
    this.highlights.children.slice(1).forEach((child) => this.highlights.remove(child));
    let mark = 0;
    for (const s of near) {
      const [i, k] = s.joints.map((j) => frames[j - 1]);
      if (s.kind === "axes") {
        for (const T of [i, k]) {
          if (mark < 4) this.marks.along(mark++, T, 2.2 * this.size.axis, 2.5 * this.size.axisRadius);
        }
      } else {
        const point = origin(frames[s.point - 1]);
        this.highlights.add(this.planePatch(i, k, point));
        const ball = this.mesh(BALL, this.singularMaterial, this.highlights);
        ball.position.copy(vector(point));
        ball.scale.setScalar(1.6 * this.size.jointRadius);
      }
    }
  }

  /** A square of the plane through axis i holding axis k's direction (or axis k), between
   * axis i and the projection of `point`. */
  planePatch(Ti, Tk, point) {
    const z = vector(zAxis(Ti)), o = vector(origin(Ti));
    const inPlane = new Vector3().crossVectors(z, vector(zAxis(Tk))).length() < 1e-9
      ? vector(origin(Tk)).sub(o) : vector(zAxis(Tk));
    const normal = new Vector3().crossVectors(z, inPlane).normalize();
    const p = vector(point);
    const foot = p.clone().addScaledVector(normal, -normal.dot(p.clone().sub(o)));
    const patch = new Mesh(this.plane, this.planeMaterial);
    patch.position.copy(foot.clone().add(o).multiplyScalar(0.5));
    patch.quaternion.setFromUnitVectors(new Vector3(0, 0, 1), normal);
    patch.scale.setScalar(Math.max(foot.distanceTo(o) * 1.4, this.size.axis));
    return patch;
  }

  render() {
    this.renderer.render(this.scene, this.camera);
  }

  dispose() {
    this.controls.dispose();
    this.renderer.dispose();
    this.renderer.forceContextLoss();
  }
}
