// The record page: record the result, sign it with this browser's Ed25519 key (playerkey.js: made in this
// browser, registered for the side when this page paired), dice statistics, step-by-step replay.
"use strict";

const $ = (id) => document.getElementById(id);
let view = null;

async function load() {
  const r = await fetch("/api/record");
  view = await r.json();
  render();
}

function render() {
  const result = view.result;
  $("result-now").textContent = result
    ? `Recorded: ${result.text} (winner ${result.winner}; turn ${result.turn}, ${result.phase}).`
    : "No result recorded yet.";
  const winner = $("winner");
  if (!winner.options.length) {
    for (const s of [...view.sides, "draw"]) winner.add(new Option(s, s));
    const players = $("players");
    for (const s of view.sides) {
      const label = document.createElement("label");
      label.textContent = `${s} player `;
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
    b.textContent = `Sign as the ${s} player`;
    b.disabled = !view.statements[s];
    b.onclick = () => signAs(s);
    p.appendChild(b);
    const paired = view.keys[s];
    p.appendChild(document.createTextNode((done ? ` signed (key ${done})` : " not signed yet") +
      (paired ? `; key registered at pairing: ${paired}` : "; no key registered: pair this side's page first")));
    sign.appendChild(p);
  }
  const stats = $("stats");
  stats.textContent = "";
  if (!view.stats.length) stats.textContent = "No dice rolled on the board yet.";
  for (const st of view.stats) {
    const fig = document.createElement("figure");
    fig.innerHTML = st.svg;  // built by the host from numbers only (host/tournament/stats.py)
    const cap = document.createElement("figcaption");
    cap.textContent = `${st.who}: ${st.n} d${st.sides}, mean ${st.mean}, chi-square ${st.chi_square}, ` +
      `p = ${st.p_value}` + (st.enough ? "" : " (too few dice for the test to mean much)");
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

async function showStep(k) {
  const r = await fetch(`/api/replay/${k}`);
  const st = await r.json();
  if (!r.ok) { $("step-text").textContent = st.error; return; }
  $("step").value = String(k);
  $("step-text").textContent = `step ${k} of ${view.steps}: turn ${st.turn}, ${st.phase}: ${st.text}`;
  $("replay-map").innerHTML = st.svg;  // built by the host (host/tournament/exports.py), text escaped
}

// A paired player's page (pair.js) keeps its token: the host checks it, and a player signs only for their side.
function authHeaders() {
  const token = localStorage.getItem("hexmate-token") || "";
  return token ? { "content-type": "application/json", "x-hexmate-token": token }
               : { "content-type": "application/json" };
}

async function signAs(side) {
  try {
    const { pair, pub } = await hexmateKey.mine();
    const sig = await hexmateKey.sign(pair, view.statements[side]);
    const r = await fetch("/api/record/sign", {
      method: "POST", headers: authHeaders(),
      body: JSON.stringify({ side, public_key: pub, signature: sig }),
    });
    $("sign-status").textContent = r.ok ? `Signed as the ${side} player.` : (await r.json()).error;
  } catch (e) {
    $("sign-status").textContent = `This browser cannot sign (${e.message}): use a current Chromium or Firefox.`;
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
    $("my-key").textContent = `none (${e.message})`;
  }
  await load();
})();
