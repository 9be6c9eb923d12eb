/* The search page's excerpts: prose of the article, formulas as plain text, and the term
 * a searched alias stands for (see book/_ext/search_page.py). Loaded with `defer`, after
 * Sphinx's searchtools.js and before its search starts. */
"use strict";

(() => {
  if (typeof Search === "undefined") return;
  const aliases = window.BOOK_SEARCH_ALIASES || {};

  // Not prose: the theme's interface, the print copy of the contents, code cells, display
  // equations, the "run this notebook" notes of widget stills.
  const NOT_PROSE = [
    ".headerlink", "script", "style", ".bd-header-article", "#jb-print-docs-body",
    ".prev-next-footer", ".cell_input", ".cell_output", "div.math", "mjx-container",
    ".widget-still-note", ".toctree-wrapper",
  ].join(", ");

  const GREEK = {
    alpha: "α", beta: "β", gamma: "γ", delta: "δ", epsilon: "ε", varepsilon: "ε",
    zeta: "ζ", eta: "η", theta: "θ", vartheta: "ϑ", iota: "ι", kappa: "κ", lambda: "λ",
    mu: "μ", nu: "ν", xi: "ξ", pi: "π", rho: "ρ", sigma: "σ", tau: "τ", phi: "φ",
    varphi: "φ", chi: "χ", psi: "ψ", omega: "ω", Gamma: "Γ", Delta: "Δ", Theta: "Θ",
    Lambda: "Λ", Pi: "Π", Sigma: "Σ", Phi: "Φ", Psi: "Ψ", Omega: "Ω",
    times: "×", cdot: "·", pm: "±", ne: "≠", neq: "≠", le: "≤", leq: "≤", ge: "≥",
    geq: "≥", approx: "≈", to: "→", rightarrow: "→", infty: "∞", partial: "∂",
    sum: "Σ", int: "∫", sqrt: "√", propto: "∝", succ: "≻", succeq: "⪰", dots: "…",
    ldots: "…", cdots: "⋯", in: "∈",
  };
  const ACCENTS = { dot: "\u0307", ddot: "\u0308", hat: "\u0302", bar: "\u0304",
                    tilde: "\u0303", vec: "\u20d7" };
  const marks = (from, to) => Object.fromEntries([...from].map((c, k) => [c, [...to][k]]));
  const SUPER = marks("0123456789+-=()ABDEGHIJKLMNOPRTUWabcdefghijklmnoprstuvwxyz",
                      "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁᵂᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻ");
  const SUB = marks("0123456789+-=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ");

  /* A TeX formula as plain text: `\tau = J^T F` -> `τ = Jᵀ F`. */
  const texToText = (tex) => {
    let text = tex.replace(/^\\\(|\\\)$/g, "")
      .replace(/\\\{/g, "\u0001").replace(/\\\}/g, "\u0002") // braces that are shown
      .replace(/\\(?:begin|end)\{[^{}]*\}/g, " ")
      .replace(/\\\\/g, "; ").replace(/&/g, " ")
      .replace(/\\[td]?frac\{([^{}]*)\}\{([^{}]*)\}/g, "$1/$2")
      .replace(/\\[td]?frac(\d)(\d)/g, "$1/$2")
      .replace(/\\(?:mathrm|text|operatorname|mathbf|boldsymbol)\{([^{}]*)\}/g, "$1")
      .replace(/\\([A-Za-z]+)/g, (whole, name) => (name in ACCENTS ? whole : GREEK[name] ?? ""))
      .replace(/\\(dot|ddot|hat|bar|tilde|vec)\s*\{?([^{}\s\\])\}?/g,
               (_, accent, base) => `${base}${ACCENTS[accent]}`)
      .replace(/\\[,;:! ]/g, " ");
    const script = (marks, sign) => (_, group, single) => {
      const body = group ?? single;
      return [...body].every((c) => c in marks)
        ? [...body].map((c) => marks[c]).join("") : `${sign}${body}`;
    };
    text = text.replace(/\^\{([^{}]*)\}|\^(.)/g, script(SUPER, "^"))
      .replace(/_\{([^{}]*)\}|_(.)/g, script(SUB, "_"))
      .replace(/[{}]/g, "").replace(/\u0001/g, "{").replace(/\u0002/g, "}");
    return text.replace(/\s+/g, " ").trim();
  };

  Search.htmlToText = (htmlString, anchor) => {
    const page = new DOMParser().parseFromString(htmlString, "text/html");
    page.querySelectorAll(NOT_PROSE).forEach((element) => element.remove());
    page.querySelectorAll("span.math").forEach((formula) => {
      formula.replaceWith(page.createTextNode(texToText(formula.textContent)));
    });
    const article = page.querySelector("article") || page.querySelector('[role="main"]');
    if (!article) return "";
    const part = (anchor && article.querySelector(anchor)) || article;
    return part.textContent.replace(/\s+/g, " ").trim();
  };

  /* The glossary terms that the searched words are aliases of. */
  const termsFor = (words) => [...words].map((word) => aliases[word]).filter(Boolean);

  const makeSearchSummary = Search.makeSearchSummary;
  Search.makeSearchSummary = (htmlText, keywords, anchor) =>
    makeSearchSummary(htmlText, new Set([...keywords, ...termsFor(keywords)]), anchor);

  const parseQuery = Search._parseQuery;
  Search._parseQuery = (query) => {
    const parsed = parseQuery(query);
    const highlight = parsed[3];
    termsFor(parsed[1]).forEach((term) => highlight.add(term));
    if (typeof SPHINX_HIGHLIGHT_ENABLED !== "undefined" && SPHINX_HIGHLIGHT_ENABLED) {
      localStorage.setItem("sphinx_highlight_terms", [...highlight].join(" "));
    }
    return parsed;
  };

  window.bookTexToText = texToText; // for the tests
})();
