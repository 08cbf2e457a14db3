/*
 * Keeps what a person does on the pre-rendered landing page before the app has taken it over
 * (decision 0078). The page's HTML is there at once, but its buttons and menus do nothing until
 * the app's code has loaded and drawn the page again; a click, Enter or a language choice in
 * between was lost. Until window.__veoApp.tookOver is set, this script (a plain file: the CSP
 * allows no inline script) holds such actions in window.__veoApp.queue; the app then does them
 * again on its own copy of the element (src/web/lib/early-input.ts). A link clicked this way that
 * the app never takes over is followed the usual way after a few seconds; one the app takes over
 * but never draws, the app follows.
 */
(function () {
  var app = (window.__veoApp = { queue: [], tookOver: false });
  var ACTIONABLE = "a[href],button,select,summary,[role=button],[role=tab],[role=menuitem]";

  function inRoot(node) {
    var root = document.getElementById("root");
    return root && node instanceof Element && root.contains(node) ? root : null;
  }

  /** The element described so that the app's own copy of it can be found again. */
  function describe(el) {
    return {
      tag: el.tagName,
      id: el.id || null,
      href: el.getAttribute("href"),
      label: el.getAttribute("aria-label"),
      text: (el.textContent || "").trim().slice(0, 200),
    };
  }
  app.describe = describe;

  document.addEventListener(
    "click",
    function (event) {
      if (app.tookOver || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      if (!inRoot(event.target)) return;
      var el = event.target.closest(ACTIONABLE);
      if (!el || el.tagName === "SELECT") return;
      event.preventDefault();
      event.stopPropagation();
      app.queue.push({ type: "click", target: describe(el) });
      var href = el.tagName === "A" ? el.href : null;
      if (href) {
        setTimeout(function () {
          if (!app.tookOver) window.location.assign(href);
        }, 4000);
      }
    },
    true,
  );

  document.addEventListener(
    "change",
    function (event) {
      if (app.tookOver || !inRoot(event.target) || event.target.tagName !== "SELECT") return;
      app.queue.push({ type: "change", target: describe(event.target), value: event.target.value });
    },
    true,
  );
})();
