// The pairing page: a code (typed, or from the QR code's address) buys this browser a token for its role.
"use strict";
(async function () {
  const params = new URLSearchParams(location.search);
  const lang = params.get("lang") || localStorage.getItem("hexmate-lang") || "en";
  hexmateI18n.theme(null);  // the theme this browser chose (or ?theme=), as on its other pages
  await hexmateI18n.load(lang);
  async function join(code) {
    const r = await fetch("/api/pair", { method: "POST", headers: { "Content-Type": "application/json" },
                                         body: JSON.stringify({ code }) });
    const body = await r.json();
    if (!r.ok) {
      document.getElementById("pair-error").textContent = r.status === 400
        ? t("A pairing code is the digits the table's host page shows.")
        : t("That pairing code is not one the table shows now: ask the host for it.");
      return;
    }
    localStorage.setItem("hexmate-token", body.token);
    location.replace("/play?lang=" + encodeURIComponent(lang));  // the token stays out of the address bar
  }
  document.getElementById("pair-form").addEventListener("submit", (ev) => {
    ev.preventDefault(); join(document.getElementById("code").value.trim());
  });
  if (params.get("code")) { document.getElementById("code").value = params.get("code"); join(params.get("code")); }
})();
