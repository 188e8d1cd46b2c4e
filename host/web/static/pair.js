// The pairing page: a code (typed, or from the QR code's address) buys this browser a token for its role.
"use strict";
(async function () {
  const params = new URLSearchParams(location.search);
  const lang = params.get("lang") || localStorage.getItem("hexmate-lang") || "en";
  hexmateI18n.theme(null);  // the theme this browser chose (or ?theme=), as on its other pages
  await hexmateI18n.load(lang);
  async function join(code) {
    code = code.trim();
    // this browser's player key goes with the pairing (with a signature over the code: the page holds it),
    // so the record registers it for the side; a browser without Ed25519 pairs without one (and cannot sign)
    const body = { code };
    try {
      const { pair, pub } = await hexmateKey.mine();
      body.public_key = pub;
      body.proof = await hexmateKey.sign(pair, hexmateKey.pairingStatement(code));
    } catch (e) { /* no WebCrypto Ed25519 here */ }
    const r = await fetch("/api/pair", { method: "POST", headers: { "Content-Type": "application/json" },
                                         body: JSON.stringify(body) });
    const answer = await r.json();
    if (!r.ok) {
      document.getElementById("pair-error").textContent = r.status === 400
        ? t("A pairing code is the digits the table's host page shows.")
        : t("That pairing code is not one the table shows now: ask the host for it.");
      return;
    }
    localStorage.setItem("hexmate-token", answer.token);
    location.replace("/play?lang=" + encodeURIComponent(lang));  // the token stays out of the address bar
  }
  document.getElementById("pair-form").addEventListener("submit", (ev) => {
    ev.preventDefault(); join(document.getElementById("code").value.trim());
  });
  if (params.get("code")) { document.getElementById("code").value = params.get("code"); join(params.get("code")); }
})();
