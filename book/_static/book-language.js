/* The reader's language (book/_ext/language_switch.py). A language switch remembers the
 * choice made with it; the site's front door (book/build.py) opens the edition chosen
 * before, else the first of the browser's languages that the book has (any Chinese: the
 * Chinese edition), else English. */
"use strict";

(() => {
  const KEY = "robocourse-book-language";
  const EDITIONS = { en: "en", zh: "zh_CN" };

  const remembered = () => {
    try {
      return localStorage.getItem(KEY);
    } catch (error) {
      return null; // storage blocked: the browser's languages decide
    }
  };

  const remember = (edition) => {
    try {
      localStorage.setItem(KEY, edition);
    } catch (error) {
      /* storage blocked: nothing to remember */
    }
  };

  /* The edition for a list of language tags such as navigator.languages. */
  const fromBrowser = (languages) => {
    for (const tag of languages) {
      const edition = EDITIONS[String(tag).toLowerCase().split("-")[0]];
      if (edition) return edition;
    }
    return "en";
  };

  const chosen = () => {
    const edition = remembered();
    if (Object.values(EDITIONS).includes(edition)) return edition;
    return fromBrowser(navigator.languages?.length ? navigator.languages : [navigator.language]);
  };

  document.addEventListener("click", (event) => {
    const link = event.target.closest?.("[data-book-language]");
    if (link) remember(link.dataset.bookLanguage);
  });

  const frontDoor = document.querySelector("[data-book-front-door]");
  if (frontDoor) window.location.replace(`${chosen()}/book/index.html`);

  window.bookLanguage = { fromBrowser, chosen };
})();
