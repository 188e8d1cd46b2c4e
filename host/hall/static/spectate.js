// A spectator's read-only view of one table, from the live state the table published (shared audience).
"use strict";
const table = decodeURIComponent(location.pathname.split("/").pop());

function items(id, list) {
  document.getElementById(id).replaceChildren(...list.map((text) => {
    const li = document.createElement("li"); li.textContent = text; return li;
  }));
}

async function refresh() {
  const r = await fetch(`/api/tables/${encodeURIComponent(table)}`);
  document.getElementById("title").textContent = `Table ${table}`;
  if (!r.ok) { items("counters", []); return; }
  const data = await r.json();
  const s = data.state || {};
  const facts = { Link: data.link, Turn: s.turn, Phase: s.phase, Rule: s.phase_rule, "To act": s.to_act,
                  Prompt: s.prompt, "Record head": s.record ? s.record.head : "" };
  const dl = document.getElementById("facts");
  dl.replaceChildren(...Object.entries(facts).flatMap(([k, v]) => {
    const dt = document.createElement("dt"); dt.textContent = k;
    const dd = document.createElement("dd"); dd.textContent = v === undefined || v === null ? "" : String(v);
    return [dt, dd];
  }));
  const counters = [];
  for (const [hex, units] of Object.entries(s.counters || {}).sort()) {
    counters.push(`${hex}: ${units.map((u) => `${u.label} (${u.side})`).join(", ")}`);
  }
  items("counters", counters);
  items("actions", s.last_actions || []);
}

const events = new EventSource("/events");
events.onmessage = (ev) => { if (JSON.parse(ev.data).table === table) refresh(); };
refresh();
