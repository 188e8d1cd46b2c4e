// Message catalogues for the pages: the English text is the message id; /api/i18n/<lang> gives the rest
// (host/locale/<lang>/LC_MESSAGES/hexmate.po, the same catalogue the narrator and speech use).
"use strict";
const hexmateI18n = (function () {
  let messages = {};
  let lang = "en";
  async function load(wanted) {
    lang = wanted === "ja" ? "ja" : "en";
    messages = {};
    if (lang !== "en") {
      try {
        const r = await fetch("/api/i18n/" + lang);
        if (r.ok) messages = (await r.json()).messages || {};
      } catch (e) { messages = {}; }
    }
    document.documentElement.lang = lang;
    for (const el of document.querySelectorAll("[data-t]")) {
      if (!el.dataset.msgid) el.dataset.msgid = el.textContent.trim().replace(/\s+/g, " ");
      el.textContent = t(el.dataset.msgid);
    }
    // attributes a page marks data-t-attr="placeholder aria-label ...": each one's English is its message id
    for (const el of document.querySelectorAll("[data-t-attr]")) {
      for (const name of el.dataset.tAttr.split(/\s+/).filter(Boolean)) {
        const kept = "data-msgid-" + name;  // the English, kept for a later language change
        if (!el.hasAttribute(kept)) el.setAttribute(kept, el.getAttribute(name) || "");
        el.setAttribute(name, t(el.getAttribute(kept)));
      }
    }
    return lang;
  }
  function t(msgid) { return messages[msgid] || msgid; }
  function f(msgid, facts) { return t(msgid).replace(/\{(\w+)\}/g, (m, k) => (k in facts ? String(facts[k]) : m)); }
  // A page's own language choice: ?lang=, else what this browser chose before; a <select id="lang"> changes
  // it (the page reloads, so its link reconnects in the new language).
  function chosen() {
    return new URLSearchParams(location.search).get("lang") || localStorage.getItem("hexmate-lang") || "en";
  }
  function wire(select) {
    if (!select) return;
    select.value = chosen() === "ja" ? "ja" : "en";
    select.addEventListener("change", () => {
      localStorage.setItem("hexmate-lang", select.value);
      const params = new URLSearchParams(location.search);
      params.set("lang", select.value);
      location.search = params.toString();
    });
  }
  // A page's theme (high contrast, large text), kept in this browser; a <select id="theme"> changes it.
  function theme(select) {
    const value = new URLSearchParams(location.search).get("theme") || localStorage.getItem("hexmate-theme") || "default";
    document.body.dataset.theme = value;
    if (!select) return;
    select.value = value;
    select.addEventListener("change", () => {
      localStorage.setItem("hexmate-theme", select.value);
      document.body.dataset.theme = select.value;
    });
  }
  return { load, t, f, chosen, wire, theme, get lang() { return lang; } };
})();
const t = hexmateI18n.t, tf = hexmateI18n.f;
