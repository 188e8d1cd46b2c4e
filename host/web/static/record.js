// The record page: record the result, sign it with this browser's Ed25519 key (playerkey.js: made in this
// browser, registered for the side when this page paired), dice statistics, step-by-step replay.
"use strict";

const $ = (id) => document.getElementById(id);
let view = null;

const lang = () => hexmateI18n.lang;

async function load() {
  const r = await fetch("/api/record");
  view = await r.json();
  render();
}

function render() {
  const result = view.result;
  $("result-now").textContent = result
    ? tf("Recorded: {result} (winner {winner}; turn {turn}, {phase}).",
         { result: result.text, winner: result.winner === "draw" ? t("draw") : result.winner,
           turn: result.turn, phase: t(result.phase) })
    : t("No result recorded yet.");
  const winner = $("winner");
  if (!winner.options.length) {
    for (const s of view.sides) winner.add(new Option(s, s));
    winner.add(new Option(t("draw"), "draw"));
    const players = $("players");
    for (const s of view.sides) {
      const label = document.createElement("label");
      label.textContent = tf("{side} player", { side: s }) + " ";
      const input = document.createElement("input");
      input.id = `player-${s}`; input.maxLength = 60;
      label.appendChild(input);
      players.appendChild(label);
      players.appendChild(document.createTextNode(" "));
    }
  }
  const sign = $("sign");
  sign.textContent = "";
  for (const s of view.sides) {
    const p = document.createElement("p");
    const done = view.signed[s];
    const b = document.createElement("button");
    b.type = "button"; b.id = `sign-${s}`;
    b.textContent = tf("Sign as the {side} player", { side: s });
    b.disabled = !view.statements[s];
    b.onclick = () => signAs(s);
    p.appendChild(b);
    const paired = view.keys[s];
    p.appendChild(document.createTextNode(" " + (done ? tf("signed (key {key})", { key: done }) : t("not signed yet")) +
      "; " + (paired ? tf("key registered at pairing: {key}", { key: paired })
                     : t("no key registered: pair this side's page first"))));
    sign.appendChild(p);
  }
  const stats = $("stats");
  stats.textContent = "";
  if (!view.stats.length) stats.textContent = t("No dice rolled on the board yet.");
  for (const st of view.stats) {
    const fig = document.createElement("figure");
    fig.innerHTML = st.svg;  // built by the host from numbers only (host/tournament/stats.py)
    const who = whoText(st.who);
    // the plot's labels in the page's language: its name, the fair line's title
    const svg = fig.querySelector("svg");
    if (svg) svg.setAttribute("aria-label", tf("{who}: faces of {n} d{sides}", { who, n: st.n, sides: st.sides }));
    const fair = fig.querySelector("line > title");
    if (fair) fair.textContent = tf("fair: {count} each", { count: (st.n / st.sides).toFixed(1) });
    const cap = document.createElement("figcaption");
    cap.textContent = tf("{who}: {n} d{sides}, mean {mean}, chi-square {chi}, p = {p}",
      { who, n: st.n, sides: st.sides, mean: st.mean, chi: st.chi_square, p: st.p_value }) +
      (st.enough ? "" : " " + t("(too few dice for the test to mean much)"));
    fig.appendChild(cap);
    stats.appendChild(fig);
  }
  $("replay").hidden = !view.replay;
  $("replay-closed").hidden = view.replay;
  if (view.replay) {
    $("step").max = String(view.steps);
    showStep(Number($("step").value));
  }
}

// The dice statistics' "who": a side id, or all the game's dice.
function whoText(who) { return who === "game" ? t("the whole game") : who; }

async function showStep(k) {
  const r = await fetch(`/api/replay/${k}?lang=${lang()}`);
  const st = await r.json();
  if (!r.ok) { $("step-text").textContent = st.error; return; }
  $("step").value = String(k);
  $("step-text").textContent = tf("step {k} of {m}: turn {turn}, {phase}: {text}",
    { k, m: view.steps, turn: st.turn, phase: st.phase, text: st.text });
  $("replay-map").innerHTML = st.svg;  // built by the host (host/tournament/exports.py), text escaped
}

// A paired player's page (pair.js) keeps its token: the host checks it, and a player signs only for their side.
function authHeaders() {
  const token = localStorage.getItem("hexmate-token") || "";
  const base = { "content-type": "application/json", "x-hexmate-lang": lang() };
  return token ? { ...base, "x-hexmate-token": token } : base;
}

async function signAs(side) {
  try {
    const { pair, pub } = await hexmateKey.mine();
    const sig = await hexmateKey.sign(pair, view.statements[side]);
    const r = await fetch("/api/record/sign", {
      method: "POST", headers: authHeaders(),
      body: JSON.stringify({ side, public_key: pub, signature: sig }),
    });
    $("sign-status").textContent = r.ok ? tf("Signed as the {side} player.", { side }) : (await r.json()).error;
  } catch (e) {
    $("sign-status").textContent = tf("This browser cannot sign ({why}): use a current Chromium or Firefox.",
                                      { why: e.message });
  }
  setTimeout(load, 300);
}

$("result-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const players = {};
  for (const s of view.sides) players[s] = $(`player-${s}`).value;
  await fetch("/api/record/result", {
    method: "POST", headers: authHeaders(),
    body: JSON.stringify({ winner: $("winner").value, text: $("result-text").value, players,
                           tournament: $("tournament").value, round: $("round").value }),
  });
  setTimeout(load, 300);
});
$("step").addEventListener("change", () => showStep(Number($("step").value)));
$("prev").onclick = () => showStep(Math.max(0, Number($("step").value) - 1));
$("next").onclick = () => showStep(Math.min(view.steps, Number($("step").value) + 1));

(async () => {
  try {
    const { pub } = await hexmateKey.mine();
    $("my-key").textContent = await hexmateKey.fingerprint(pub);
  } catch (e) {
    $("my-key").textContent = tf("none ({why})", { why: e.message });
  }
  await hexmatePageReady;  // the page's language loaded (page.js) before any text is written
  for (const a of document.querySelectorAll('a[href="/report.html"]')) a.href = `/report.html?lang=${lang()}`;
  await load();
})();
