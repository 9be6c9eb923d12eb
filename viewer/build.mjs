// Bundle the arm viewer's browser code (src/) with three.js into one ES module, the file
// the Python widget hands to the browser (anywidget's _esm):
//     node viewer/build.mjs            -> robocourse/widgets/static/arm_viewer.js
//     node viewer/build.mjs OUTFILE    -> OUTFILE (the test that the committed bundle is
//                                         what the lock file's packages build)
// Run `make viewer` (npm ci, then this). The output depends only on the sources and the
// packages pinned in package-lock.json: no time stamps, no absolute paths.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const outfile = process.argv[2] ?? `${here}../robocourse/widgets/static/arm_viewer.js`;

await build({
  absWorkingDir: here,
  entryPoints: ["src/arm_viewer.js"],
  bundle: true,
  format: "esm",
  minify: true,
  target: "es2022",
  legalComments: "eof",
  charset: "utf8",
  outfile,
  logLevel: "warning",
});
