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
    return lang;
  }
  function t(msgid) { return messages[msgid] || msgid; }
  function f(msgid, facts) { return t(msgid).replace(/\{(\w+)\}/g, (m, k) => (k in facts ? String(facts[k]) : m)); }
  return { load, t, f, get lang() { return lang; } };
})();
const t = hexmateI18n.t, tf = hexmateI18n.f;
