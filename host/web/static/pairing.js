// The host page's pairing panel: each side's code (and the spectators'), with its QR code, from /api/pairing;
// a code renewed on request (a side's code works once: it is renewed when used).
"use strict";
(function () {
  const list = document.getElementById("pairing-list");
  async function show() {
    const r = await fetch("/api/pairing");
    if (!r.ok) return;
    const data = await r.json();
    list.textContent = "";
    for (const p of data.pairing) {
      const li = document.createElement("li");
      li.className = "pairing";
      const h = document.createElement("p");
      h.innerHTML = "";
      const strong = document.createElement("strong");
      strong.textContent = t(p.name) + ": ";
      const code = document.createElement("span");
      code.className = "code"; code.dataset.key = p.key; code.textContent = p.code;
      h.append(strong, code, " ");
      const b = document.createElement("button");
      b.type = "button"; b.textContent = t("New code");
      b.setAttribute("aria-label", tf("New code for {side}", { side: t(p.name) }));
      b.addEventListener("click", async () => { await fetch("/api/pairing/" + p.key, { method: "POST" }); show(); });
      h.appendChild(b);
      const qr = document.createElement("div");
      qr.className = "qr";
      qr.innerHTML = p.qr;  // SVG made by the host (segno), from the host's own address and code
      const svg = qr.querySelector("svg");
      if (svg) { svg.setAttribute("role", "img"); svg.setAttribute("aria-label", tf("QR code to join as {side}", { side: t(p.name) })); }
      const a = document.createElement("p");
      a.className = "help"; a.textContent = p.url;
      li.append(h, qr, a);
      list.appendChild(li);
    }
  }
  document.getElementById("pairing").addEventListener("toggle", show);
  show();
  setInterval(() => { if (document.getElementById("pairing").open) show(); }, 5000);
})();
