/* robocourse-class: a JupyterLab extension with no build step (a module-federation container
 * written by hand: JupyterLab loads this file, calls init(), then get("./extension")), which
 * classroom.py installs into the course environment.
 *
 * One click from nbgrader's Assignment List to the feedback page: "(view feedback)" runs
 * filebrowser:go-to-path on the submission's feedback folder (<assignment>/feedback/<time>),
 * which only shows that folder. When it does, this opens the feedback page found there in a
 * new browser tab, served by the student's own server, where its equations are typeset. The
 * tab is opened during the click (a later one would be stopped as a pop-up). */
(function () {
  "use strict";
  var FEEDBACK_FOLDER = /(^|\/)feedback\/[^/]+$/;

  function quote(path) {
    return path.split("/").map(encodeURIComponent).join("/");
  }

  function openFeedback(app, folder) {
    var tab = window.open("", "_blank");
    if (!tab) {
      return;
    }
    tab.document.title = "Feedback";
    app.serviceManager.contents.get(folder, {content: true}).then(function (listing) {
      var pages = listing.content.filter(function (item) {
        return /\.html$/.test(item.name);
      }).map(function (item) {
        return item.path;
      }).sort();
      if (!pages.length) {
        tab.close();
        return;
      }
      tab.location.href = app.serviceManager.serverSettings.baseUrl + "files/" + quote(pages[0]);
    }, function () {
      tab.close();
    });
  }

  var plugin = {
    id: "robocourse-class:feedback",
    description: "Opens the feedback page from the Assignment List in one click.",
    autoStart: true,
    activate: function (app) {
      app.commands.commandExecuted.connect(function (_, executed) {
        var path = executed.args && executed.args.path;
        if (executed.id === "filebrowser:go-to-path" && typeof path === "string" &&
            FEEDBACK_FOLDER.test(path)) {
          openFeedback(app, path);
        }
      });
    }
  };

  var container = {
    init: function () {
      return Promise.resolve();
    },
    get: function (module) {
      if (module !== "./extension") {
        return Promise.reject(new Error("robocourse-class has no module " + module));
      }
      return Promise.resolve(function () {
        return {__esModule: true, "default": [plugin]};
      });
    }
  };
  var registry = (window._JUPYTERLAB = window._JUPYTERLAB || {});
  registry["robocourse-class"] = container;
})();
