// Where require.js finds what the widget HTML manager (vendor/html-manager/embed-amd.js)
// asks it for, in the site itself (book/_ext/offline_assets.py copies them there):
// * the front end of a widget that is not one of the manager's own (anywidget's, for the
//   arm viewer), which the manager would otherwise fetch from a CDN;
// * the manager's own folder, from which it loads the icon fonts of its style sheet (by
//   default it looks for them beside the page). Each of the modules the manager defines
//   (@jupyter-widgets/base, controls, ...) takes the folder of its own address as the one
//   its fonts are in, so each is placed in the manager's folder; otherwise the fonts of
//   @jupyter-widgets/controls were asked for beside the page (three 404s, now and then).
{
  const vendor = (path) => new URL(`vendor/${path}`, document.currentScript.src).href;
  require.config({
    paths: {
      anywidget: vendor("anywidget/index"),
      "@jupyter-widgets/html-manager/dist": vendor("html-manager"),
      "@jupyter-widgets": vendor("html-manager"),
    },
  });
}
