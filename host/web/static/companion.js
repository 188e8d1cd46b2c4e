// The companion page: mirrors the board (map, counters, LED colours), the turn, prompts and link state.
"use strict";
(function () {
  const svg = document.getElementById("map");
  const hexes = new Map();  // label -> {poly, chips}
  let view = null;

  function drawMap(msg) {
    svg.textContent = "";
    hexes.clear();
    fitViewBox(svg, msg.hexes, 1);
    for (const h of msg.hexes) {
      const g = svgEl("g", { class: "hex terrain-" + h.terrain, "data-hex": h.id }, svg);
      const poly = svgEl("polygon", { points: hexPoints(h.x, h.y, 1) }, g);
      const label = svgEl("text", { x: h.x, y: h.y - 0.3, class: "label" }, g);
      label.textContent = h.id;
      const chips = svgEl("g", { class: "chips" }, g);
      svgEl("title", {}, g).textContent = h.id + " (" + h.terrain + ")";
      hexes.set(h.id, { poly, chips, x: h.x, y: h.y, terrain: h.terrain });
    }
    if (view) render(view);
  }

  function render(v) {
    view = v;
    showConn(v.conn.state, v.conn.detail);
    document.getElementById("phase").textContent = v.phase;
    document.getElementById("to-act").textContent = v.to_act ? v.to_act + " to act" : "";
    const prompt = document.getElementById("prompt");
    if (prompt.textContent !== v.prompt) prompt.textContent = v.prompt;
    const notice = document.getElementById("notice");
    notice.dataset.level = v.notice.level;
    if (notice.textContent !== v.notice.text) notice.textContent = v.notice.text;
    const list = document.getElementById("last-actions");
    list.textContent = "";
    for (const a of v.last_actions) {
      const li = document.createElement("li");
      li.textContent = a;
      list.appendChild(li);
    }
    const rec = document.getElementById("record");
    rec.textContent = v.record
      ? v.record.file + ": " + v.record.entries + " entries, head hash " + v.record.head.slice(0, 16) + "…"
      : "not recorded";
    rec.title = v.record ? v.record.head : "";
    const health = document.getElementById("health");
    health.textContent = "";
    const device = Object.entries(v.conn.device || {}).map(([k, val]) => ["board " + k, val]);
    for (const [k, val] of Object.entries(v.conn.counters).concat([["pending", v.conn.pending]], device)) {
      const dt = document.createElement("dt"); dt.textContent = k.replace(/_/g, " ");
      const dd = document.createElement("dd"); dd.textContent = String(val); dd.dataset.key = k;
      health.append(dt, dd);
    }
    const lit = [];
    for (const [label, h] of hexes) {
      const colour = v.leds[label];
      h.poly.style.fill = colour || "";
      h.poly.parentNode.classList.toggle("lit", Boolean(colour));
      h.poly.parentNode.classList.toggle("blink", v.blink.includes(label));
      if (colour) lit.push(label);
      h.chips.textContent = "";
      const units = v.counters[label] || [];
      units.forEach((u, i) => {
        const cx = h.x - 0.22 + i * 0.08, cy = h.y - 0.12 + i * 0.08;
        svgEl("rect", { x: cx, y: cy, width: 0.44, height: 0.36, rx: 0.04, class: "chip side-" + u.side }, h.chips);
        const t = svgEl("text", { x: cx + 0.22, y: cy + 0.23, class: "chip-text" }, h.chips);
        t.textContent = u.label;
      });
      h.poly.parentNode.setAttribute("aria-label", label + (units.length ? ": " + units.map((u) => u.label).join(", ") : ""));
    }
    renderSetup(v.setup);
    renderUnknown(v.unknown || [], v.enrol_choices || []);
    const litText = document.getElementById("lit-text");
    litText.dataset.count = String(lit.length);
    litText.textContent = lit.length ? "" : "none";
    for (const g of v.lit) {
      const line = document.createElement("span");
      line.className = "lit-group";
      line.textContent = g.colour + " (" + g.meaning + ", " + g.hexes.length + "): " + g.hexes.join(", ");
      line.style.borderLeftColor = g.css;
      litText.appendChild(line);
    }
  }

  // Set-up mode: what is still to place, per side (a concealed unit is only "?" here: the page is shared).
  function renderSetup(setup) {
    const box = document.getElementById("setup");
    box.hidden = !setup;
    if (!setup) return;
    const count = document.getElementById("setup-count");
    const text = setup.left + " of " + setup.total + " counters still to place.";
    if (count.textContent !== text) count.textContent = text;
    const sides = document.getElementById("setup-sides");
    sides.textContent = "";
    for (const [side, units] of Object.entries(setup.remaining)) {
      const h = document.createElement("h4");
      h.textContent = side + " (" + units.length + ")";
      const ul = document.createElement("ul");
      ul.className = "setup-list";
      ul.dataset.side = side;
      for (const u of units) {
        const li = document.createElement("li");
        li.textContent = (u.unit ? u.unit + " (" + u.label + ")" : "a concealed unit") + " on " + u.hex;
        li.dataset.hex = u.hex;
        ul.appendChild(li);
      }
      sides.append(h, ul);
    }
  }

  // Unknown tags: announced (with their hex) and offered for enrolment as a scenario unit.
  function renderUnknown(unknown, choices) {
    const box = document.getElementById("unknown");
    box.hidden = unknown.length === 0;
    const text = unknown.map((t) => "Unknown tag " + t.uid + " on " + (t.hex || "cell " + t.cell)).join("; ");
    const p = document.getElementById("unknown-text");
    if (p.textContent !== text) p.textContent = text ? text + "." : "";
    fillSelect(document.getElementById("enrol-uid"), unknown.map((t) => [t.uid, t.uid + " on " + (t.hex || "cell " + t.cell)]));
    fillSelect(document.getElementById("enrol-unit"), choices.map((c) => [c.unit, c.label + (c.retag ? ", new tag" : "")]));
  }

  function fillSelect(sel, options) {
    const key = JSON.stringify(options);
    if (sel.dataset.key === key) return;  // keep the player's choice while the options stay the same
    const keep = sel.value;
    sel.dataset.key = key;
    sel.textContent = "";
    for (const [value, label] of options) {
      const o = document.createElement("option");
      o.value = value;
      o.textContent = label;
      sel.appendChild(o);
    }
    if (options.some(([value]) => value === keep)) sel.value = keep;
  }

  document.getElementById("enrol-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const uid = document.getElementById("enrol-uid").value;
    const unit = document.getElementById("enrol-unit").value;
    if (uid && unit) sock.send({ type: "enroll", uid, unit });
  });

  document.getElementById("find-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const q = document.getElementById("find").value.trim().toUpperCase();
    const out = document.getElementById("find-result");
    const h = hexes.get(q) || [...hexes.entries()].find(([k]) => k.toUpperCase().endsWith(q))?.[1];
    for (const x of svg.querySelectorAll(".found")) x.classList.remove("found");
    if (!h) { out.textContent = "No hex " + q + " on this map."; return; }
    h.poly.parentNode.classList.add("found");
    const units = (view && view.counters[h.poly.parentNode.dataset.hex]) || [];
    out.textContent = h.poly.parentNode.dataset.hex + ", " + h.terrain + (units.length ? ", holds " + units.map((u) => u.label).join(", ") : ", empty")
      + (view && view.leds[h.poly.parentNode.dataset.hex] ? ", lit" : "") + ".";
  });

  const sock = hexmateSocket((msg) => {
    if (msg.type === "map") drawMap(msg);
    else if (msg.type === "view") render(msg);
    else if (msg.type === "board") document.getElementById("table-link").hidden = false;
  }, (up) => { if (!up) showConn("page offline", "reconnecting to the hexmate service"); });
  document.getElementById("resync").addEventListener("click", () => sock.send({ type: "sync" }));
})();
