// Kinematics for display, in the browser, from the modified-DH table Python hands over.
//
// The same conventions as robocourse.kinematics (the reference, which the browser tests
// compare these numbers with): Craig's link transform
//     i-1_T_i = RotX(alpha_{i-1}) TransX(a_{i-1}) RotZ(theta_i) TransZ(d_i),
// theta_i = theta + q_i for a revolute joint, d_i = d + q_i for a prismatic one; the frames
// chained 0_T_i = 0_T_{i-1} i-1_T_i, then the tool 0_T_tool = 0_T_n n_T_tool. Matrices are
// plain arrays, row by row (a 4 x 4 transform is 16 numbers). The Jacobian is 6 x n, rows
// [v; w] of the tool origin in {0}, one column per joint, by cross products:
// revolute [z_j x (p - o_j); z_j], prismatic [z_j; 0].

/** Craig's link transform i-1_T_i (16 numbers, row by row). */
export function linkTransform(alpha, a, theta, d) {
  const ca = Math.cos(alpha), sa = Math.sin(alpha);
  const ct = Math.cos(theta), st = Math.sin(theta);
  return [
    ct, -st, 0, a,
    st * ca, ct * ca, -sa, -sa * d,
    st * sa, ct * sa, ca, ca * d,
    0, 0, 0, 1,
  ];
}

/** The product A B of two 4 x 4 transforms. */
export function multiply(A, B) {
  const C = new Array(16);
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      C[4 * i + j] = A[4 * i] * B[j] + A[4 * i + 1] * B[4 + j]
        + A[4 * i + 2] * B[8 + j] + A[4 * i + 3] * B[12 + j];
    }
  }
  return C;
}

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** [0_T_1, ..., 0_T_n, 0_T_tool] of `chain` ({alpha, a, d, theta, joints, tool}) at `q`. */
export function linkFrames(chain, q) {
  let T = IDENTITY;
  const frames = [];
  for (let i = 0; i < chain.joints.length; i++) {
    const revolute = chain.joints[i] === "revolute";
    T = multiply(T, linkTransform(chain.alpha[i], chain.a[i],
      chain.theta[i] + (revolute ? q[i] : 0), chain.d[i] + (revolute ? 0 : q[i])));
    frames.push(T);
  }
  frames.push(multiply(T, chain.tool));
  return frames;
}

/** The origin (translation) and the z axis (third column) of a transform. */
export const origin = (T) => [T[3], T[7], T[11]];
export const zAxis = (T) => [T[2], T[6], T[10]];

const cross = (u, v) => [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
  u[0] * v[1] - u[1] * v[0]];
const minus = (u, v) => [u[0] - v[0], u[1] - v[1], u[2] - v[2]];
const dot = (u, v) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
const norm = (u) => Math.sqrt(dot(u, u));

/** The 6 x n tool Jacobian in {0} (rows [vx, vy, vz, wx, wy, wz]) from `frames`. */
export function jacobian(chain, frames) {
  const n = chain.joints.length;
  const p = origin(frames[n]);
  const J = Array.from({ length: 6 }, () => new Array(n).fill(0));
  for (let j = 0; j < n; j++) {
    const z = zAxis(frames[j]);
    const linear = chain.joints[j] === "revolute" ? cross(z, minus(p, origin(frames[j]))) : z;
    for (let k = 0; k < 3; k++) {
      J[k][j] = linear[k];
      J[3 + k][j] = chain.joints[j] === "revolute" ? z[k] : 0;
    }
  }
  return J;
}

/** The determinant of a square matrix (rows of arrays): LU with partial pivoting. */
export function determinant(M) {
  const A = M.map((row) => row.slice());
  const n = A.length;
  let det = 1;
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(A[r][c]) > Math.abs(A[pivot][c])) pivot = r;
    if (A[pivot][c] === 0) return 0;
    if (pivot !== c) { [A[pivot], A[c]] = [A[c], A[pivot]]; det = -det; }
    det *= A[c][c];
    for (let r = c + 1; r < n; r++) {
      const f = A[r][c] / A[c][c];
      for (let k = c; k < n; k++) A[r][k] -= f * A[c][k];
    }
  }
  return det;
}

const transpose = (M) => M[0].map((_, j) => M.map((row) => row[j]));
const product = (A, B) => A.map((row) => B[0].map((_, j) =>
  row.reduce((sum, x, k) => sum + x * B[k][j], 0)));

/** det J of the square Jacobian of `rows` (null when they do not make it square), and
 * Yoshikawa's manipulability w = sqrt(det(J J^T)) (|det J| for a square J; the product of
 * the singular values of the wide or tall J otherwise). */
export function measures(J, rows) {
  const Jr = rows.map((r) => J[r]);
  const m = Jr.length, n = Jr[0].length;
  if (m === n) {
    const det = determinant(Jr);
    return { det, manipulability: Math.abs(det) };
  }
  const gram = m < n ? product(Jr, transpose(Jr)) : product(transpose(Jr), Jr);
  return { det: null, manipulability: Math.sqrt(Math.max(determinant(gram), 0)) };
}

/** Eigenvalues and unit eigenvectors (columns) of a symmetric 3 x 3 matrix, by Jacobi
 * rotations: {values: [l0, l1, l2], vectors: 3 x 3}. */
export function symmetricEigen(S) {
  const A = S.map((row) => row.slice());
  const V = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = A[0][1] ** 2 + A[0][2] ** 2 + A[1][2] ** 2;
    if (off < 1e-30 * (A[0][0] ** 2 + A[1][1] ** 2 + A[2][2] ** 2) || off === 0) break;
    for (const [p, q] of [[0, 1], [0, 2], [1, 2]]) {
      if (A[p][q] === 0) continue;
      const theta = (A[q][q] - A[p][p]) / (2 * A[p][q]);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1), s = t * c;
      for (let k = 0; k < 3; k++) {          // A <- A G (columns p, q)
        const akp = A[k][p], akq = A[k][q];
        A[k][p] = c * akp - s * akq;
        A[k][q] = s * akp + c * akq;
      }
      for (let k = 0; k < 3; k++) {          // A <- G^T A (rows p, q)
        const apk = A[p][k], aqk = A[q][k];
        A[p][k] = c * apk - s * aqk;
        A[q][k] = s * apk + c * aqk;
      }
      for (let k = 0; k < 3; k++) {          // V <- V G
        const vkp = V[k][p], vkq = V[k][q];
        V[k][p] = c * vkp - s * vkq;
        V[k][q] = s * vkp + c * vkq;
      }
    }
  }
  return { values: [A[0][0], A[1][1], A[2][2]], vectors: V };
}

/** The velocity ellipsoid {J_v qd : |qd| = 1} of the tool origin (J_v: the three linear
 * rows): its semi-axes sigma_i = sqrt(l_i) along the eigenvectors of J_v J_v^T. The force
 * ellipsoid {f : |J_v^T f| = 1} has the same axes, semi-axes 1 / sigma_i. */
export function velocityEllipsoid(J) {
  const Jv = J.slice(0, 3);
  const { values, vectors } = symmetricEigen(product(Jv, transpose(Jv)));
  return { radii: values.map((l) => Math.sqrt(Math.max(l, 0))), axes: vectors };
}

/** How far the arm is from each named singularity: {name: measure}, zero at it.
 * kind "axes": |z_i x z_k| of joint axes i and k (the sine of their angle: the PUMA's
 * wrist, |s5|, axes 4 and 6 in line); kind "plane": the distance of the origin of frame
 * {point} from the plane through joint axis i that holds the direction of axis k (axis k
 * itself when the two are parallel): the PUMA's elbow (axes 2, 3) and shoulder (1, 2). */
export function singularityMeasures(singularities, frames) {
  const result = {};
  for (const s of singularities) {
    const [i, k] = s.joints.map((j) => frames[j - 1]);
    if (s.kind === "axes") {
      result[s.name] = norm(cross(zAxis(i), zAxis(k)));
    } else {
      let normal = cross(zAxis(i), zAxis(k));
      if (norm(normal) < 1e-9) normal = cross(zAxis(i), minus(origin(k), origin(i)));
      const length = norm(normal);
      const offset = minus(origin(frames[s.point - 1]), origin(i));
      result[s.name] = length === 0 ? norm(cross(zAxis(i), offset)) : Math.abs(dot(offset, normal)) / length;
    }
  }
  return result;
}
