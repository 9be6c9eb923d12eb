// The widget HTML manager (vendor/html-manager/embed-amd.js) loads the front end of a widget
// that is not one of its own with require.js, and from a CDN when require.js cannot find it.
// The book serves the front ends its notebooks need itself (book/_ext/offline_assets.py
// copies them into _static/vendor/); this tells require.js where they are.
require.config({
  paths: { anywidget: new URL("vendor/anywidget/index", document.currentScript.src).href },
});
