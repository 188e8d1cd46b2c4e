// The director's dashboard: reads /api/overview, re-reads on every server-sent event; changes are JSON
// requests that only the director's session may make (the server checks; the forms only hide).
"use strict";

function cell(row, text, cls) {
  const td = document.createElement("td");
  td.textContent = text === null || text === undefined ? "" : String(text);
  if (cls) td.className = cls;
  row.appendChild(td);
  return td;
}

function fill(id, rows, make) {
  const body = document.querySelector(`#${id} tbody`);
  body.replaceChildren(...rows.map((r) => { const tr = document.createElement("tr"); make(tr, r); return tr; }));
}

function resultText(g, pairing) {
  const r = g.director_result || g.result;
  if (!r) return "playing";
  if (!g.director_result && r.over === false) return "stopped before the end: the director decides";
  const who = r.winner ? `${r.winner}${pairing ? " (" + pairing.players[r.winner] + ")" : ""} won` : "draw";
  return g.director_result ? `${who}, set by the director` : who;
}

async function send(path, body) {
  const r = await fetch(path, { method: "POST", headers: { "content-type": "application/json" },
                                body: JSON.stringify(body) });
  const status = document.getElementById("status");
  status.textContent = r.ok ? "Saved." : `Refused: ${(await r.json()).detail}`;
  await refresh();
}

async function refresh() {
  const data = await (await fetch("/api/overview")).json();
  document.getElementById("login").hidden = data.director;
  document.getElementById("logout").hidden = !data.director;
  for (const el of document.querySelectorAll(".director")) el.hidden = !data.director;
  fill("tables", data.tables, (tr, t) => {
    cell(tr, t.id); cell(tr, t.link, t.link); cell(tr, t.phase); cell(tr, t.turn); cell(tr, t.to_act);
    cell(tr, t.last_action); cell(tr, t.entries);
    const a = document.createElement("a"); a.href = `/tables/${encodeURIComponent(t.id)}`;
    a.textContent = `Watch ${t.id}`; cell(tr, "").appendChild(a);
  });
  const pairing = {};
  for (const p of data.pairings) pairing[`${p.round}/${p.table_id}`] = p;
  const rounds = document.getElementById("rounds");
  rounds.replaceChildren(...data.rounds.map((r) => {
    const div = document.createElement("div");
    const h = document.createElement("h3");
    h.textContent = `Round ${r.round}: ${r.tournament}, ${r.date} `;
    const a = document.createElement("a"); a.href = `/export/round/${r.round}.csv`;
    a.textContent = `Rating rows (CSV) for round ${r.round}`;
    const ul = document.createElement("ul");
    for (const p of data.pairings.filter((p) => p.round === r.round)) {
      const li = document.createElement("li");
      li.textContent = `${p.table_id}: ${p.scenario}, ` +
        Object.entries(p.players).map(([side, who]) => `${who} (${side})`).join(" v ");
      ul.appendChild(li);
    }
    div.append(h, a, ul);
    return div;
  }));
  fill("results", data.games, (tr, g) => {
    const p = pairing[`${g.round}/${g.table_id}`];
    cell(tr, g.table_id); cell(tr, g.round); cell(tr, resultText(g, p));
    cell(tr, g.verified, g.verified); cell(tr, g.detail);
    if (data.director) {
      const td = cell(tr, "");
      for (const side of p ? Object.keys(p.players) : []) {
        const b = document.createElement("button");
        b.textContent = `${side} won`;
        b.addEventListener("click", () => send("/api/results", { table: g.table_id, game: g.game, winner: side }));
        td.appendChild(b);
      }
      const d = document.createElement("button"); d.textContent = "Draw";
      d.addEventListener("click", () => send("/api/results", { table: g.table_id, game: g.game, winner: null }));
      td.appendChild(d);
    }
  });
  fill("standings", data.standings, (tr, s) => {
    for (const k of ["player", "points", "played", "won", "drawn", "lost", "pending"]) cell(tr, s[k]);
  });
}

document.getElementById("add-round").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const f = new FormData(ev.target);
  send("/api/rounds", { round: Number(f.get("round")), date: f.get("date"), tournament: f.get("tournament") });
});
document.getElementById("add-pairing").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const f = new FormData(ev.target);
  send("/api/pairings", { round: Number(f.get("round")), table: f.get("table"), scenario: f.get("scenario"),
    players: { [f.get("side_a")]: f.get("player_a"), [f.get("side_b")]: f.get("player_b") } });
});

let pending = null;
const events = new EventSource("/events");
events.onmessage = () => { if (!pending) pending = setTimeout(() => { pending = null; refresh(); }, 200); };
refresh();
