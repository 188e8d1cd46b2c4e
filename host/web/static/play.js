// A player's page (their side: their concealed units, decisions, notes) or a spectator's: the guided prompt,
// the answers as buttons, and the map read hex by hex from the keyboard, each hex announced in an aria-live
// region (and spoken, if asked); commands in the spirit of lichess's blind mode. Texts through i18n.js.
"use strict";
(function () {
  const DIRS = { q: "north-west", w: "north", e: "north-east", a: "south-west", s: "south", d: "south-east",
                 arrowup: "north", arrowdown: "south" };
  const OFFSETS = { "north": [0, -1], "south": [0, 1], "north-east": [0.866, -0.5], "south-east": [0.866, 0.5],
                    "north-west": [-0.866, -0.5], "south-west": [-0.866, 0.5] };
  const DIR_WORDS = () => ({ "north": t("north"), "south": t("south"), "north-east": t("north-east"),
                             "south-east": t("south-east"), "north-west": t("north-west"), "south-west": t("south-west") });
  const params = new URLSearchParams(location.search);
  const store = window.localStorage;
  const state = {
    role: null, view: null, hexes: new Map(), order: [], cursor: null, picked: new Set(), pickedFrom: null,
    moves: null, losFrom: null, histAt: null, lastGuide: "", lastNotice: "",
  };
  const el = (id) => document.getElementById(id);
  const svg = el("map-svg");

  // --- settings -------------------------------------------------------------------------------------------
  const settings = {
    lang: params.get("lang") || store.getItem("hexmate-lang") || "en",
    theme: params.get("theme") || store.getItem("hexmate-theme") || "default",
    verbosity: store.getItem("hexmate-verbosity") || "beginner",
    speak: store.getItem("hexmate-speak") === "1",
  };
  function applySettings() {
    document.body.dataset.theme = settings.theme;
    el("lang").value = settings.lang;
    el("theme").value = settings.theme;
    el("verbosity").value = settings.verbosity;
    el("speak").checked = settings.speak;
  }
  el("lang").addEventListener("change", () => {
    store.setItem("hexmate-lang", el("lang").value);
    params.set("lang", el("lang").value);
    location.search = params.toString();  // the page link reconnects in the new language
  });
  el("theme").addEventListener("change", () => {
    settings.theme = el("theme").value; store.setItem("hexmate-theme", settings.theme); applySettings();
  });
  el("verbosity").addEventListener("change", () => {
    settings.verbosity = el("verbosity").value; store.setItem("hexmate-verbosity", settings.verbosity);
    if (state.view) renderGuide(state.view, true);
  });
  el("speak").addEventListener("change", () => {
    settings.speak = el("speak").checked; store.setItem("hexmate-speak", settings.speak ? "1" : "0");
    if (!settings.speak && window.speechSynthesis) window.speechSynthesis.cancel();
  });

  // --- speaking: the aria-live region for screen readers, the browser's voice if asked ---------------------
  function speak(text) {
    if (!settings.speak || !window.speechSynthesis || !text) return;
    window.speechSynthesis.cancel();  // the newest word wins: a player moving on does not wait
    const u = new SpeechSynthesisUtterance(text);
    u.lang = settings.lang === "ja" ? "ja-JP" : "en-GB";
    window.speechSynthesis.speak(u);
  }
  function announce(text) {
    const region = el("announce");
    region.textContent = "";
    setTimeout(() => { region.textContent = text; }, 30);  // the same words twice are read twice
    el("answer").textContent = text;
    speak(text);
  }

  // --- the socket -----------------------------------------------------------------------------------------
  const token = params.get("token") || store.getItem("hexmate-token") || "";
  if (params.get("token")) store.setItem("hexmate-token", token);
  const query = new URLSearchParams({ lang: settings.lang });
  if (token) query.set("token", token);
  else query.set("role", "spectator");  // a page of the host's own machine without a pairing watches
  let socket = null;

  function onMessage(msg) {
    if (msg.type === "role") showRole(msg);
    else if (msg.type === "map") drawMap(msg);
    else if (msg.type === "view") render(msg);
    else if (msg.type === "moves") showMoves(msg);
    else if (msg.type === "error") { el("act-error").textContent = msg.text; announce(msg.text); }
  }
  function send(msg) { el("act-error").textContent = ""; socket.send(msg); }
  function act(text) { send({ type: "act", text }); }

  function showRole(msg) {
    state.role = msg;
    const p = el("role");
    p.dataset.kind = msg.kind;
    let text;
    if (msg.kind === "player" && msg.player) text = tf("Player: {side}, {player}", { side: sideName(msg.side), player: msg.player });
    else if (msg.kind === "player") text = tf("Player: {side}", { side: sideName(msg.side) });
    else if (msg.kind === "spectator") text = t("Spectator: you watch; you cannot act.");
    else text = t("The table's host page");
    p.textContent = text;
    el("notes-sec").hidden = msg.kind !== "player";
    if (msg.kind === "player") {
      const key = "hexmate-notes-" + msg.side;
      el("notes").value = store.getItem(key) || "";
      el("notes").oninput = () => store.setItem(key, el("notes").value);
    }
    document.title = "hexmate: " + text;
  }
  function sideName(side) {
    const v = state.view;
    if (v && v.guide && v.guide.who === side) return v.guide.side;
    for (const units of Object.values((v && v.counters) || {})) {  // every counter names its side
      const u = units.find((x) => x.side === side && x.side_name);
      if (u) return u.side_name;
    }
    return side;
  }

  // --- the map --------------------------------------------------------------------------------------------
  function drawMap(msg) {
    svg.textContent = "";
    state.hexes.clear();
    fitViewBox(svg, msg.hexes, 1);
    for (const h of msg.hexes) {
      const g = svgEl("g", { class: "hex terrain-" + h.terrain, "data-hex": h.id }, svg);
      const poly = svgEl("polygon", { points: hexPoints(h.x, h.y, 1) }, g);
      svgEl("text", { x: h.x, y: h.y - 0.3, class: "label" }, g).textContent = h.id;
      const chips = svgEl("g", { class: "chips" }, g);
      const mark = svgEl("text", { x: h.x, y: h.y + 0.38, class: "mark" }, g);
      state.hexes.set(h.id, { ...h, g, poly, chips, mark, near: {} });
    }
    for (const h of state.hexes.values()) {  // six neighbours by where their centres lie (flat-topped hexes)
      for (const [dir, [dx, dy]] of Object.entries(OFFSETS)) {
        for (const o of state.hexes.values()) {
          if (Math.abs(o.x - h.x - dx) < 0.2 && Math.abs(o.y - h.y - dy) < 0.2) { h.near[dir] = o.id; break; }
        }
      }
    }
    state.losLine = svgEl("g", { class: "los-line" }, svg);  // above the hexes
    state.order = msg.hexes.map((h) => h.id);
    if (!state.cursor || !state.hexes.has(state.cursor)) state.cursor = state.order[0];
    if (state.view) render(state.view);
  }

  function unitWords(u) {
    if (u.label === "?") return tf("{side} concealed unit", { side: u.side_name || sideName(u.side) });
    // "Russian 4-4-7 squad, concealed": side, printed values (or name), kind, then its state
    const parts = [u.side_name || sideName(u.side), u.values || u.label];
    if (u.type && u.type !== u.label) parts.push(t(u.type));
    let s = parts.join(" ");
    if (u.state && u.state.length) s += ", " + u.state.join(", ");
    if (u.level) s += ", " + tf("level {level}", { level: u.level });  // its Location in the hex (ASL A2.8)
    return s;
  }
  function hexWords(id) {
    const h = state.hexes.get(id);
    if (!h) return tf("No hex {hex} on this map.", { hex: id });
    const units = (state.view && state.view.counters[id]) || [];
    const parts = [id, t(h.terrain).replace(/-/g, " "), tf("level {level}", { level: h.level })];
    for (const u of units) parts.push(unitWords(u));
    if (!units.length) parts.push(t("empty"));
    const dest = state.moves && state.moves.destinations.find((d) => d.hex === id);
    if (dest) parts.push(tf("reachable, cost {cost}", { cost: dest.cost }));
    const d = state.view && state.view.decision;
    if (d && d.hexes.includes(id)) parts.push(t("one of the hexes to choose"));
    if (state.picked.size) parts.push(tf("picked: {units}", { units: [...state.picked].join(", ") }));
    return parts.join(", ");
  }
  function moveCursor(id, quiet) {
    state.cursor = id;
    for (const h of state.hexes.values()) h.g.classList.toggle("cursor", h.id === id);
    const words = hexWords(id);
    el("cursor").textContent = words;
    el("map").setAttribute("aria-label", t("Map") + ": " + id);
    showHexDetail(id);
    if (!quiet) announce(words);
  }
  function showHexDetail(id) {
    const box = el("hex-detail");
    box.textContent = "";
    const units = (state.view && state.view.counters[id]) || [];
    const head = document.createElement("p");
    head.textContent = id + ": " + (units.length ? tf("{n} counters", { n: units.length }) : t("empty"));
    box.appendChild(head);
    if (!units.length) return;
    const det = document.createElement("details");  // a stack, expandable
    det.open = units.length <= 3;
    const sum = document.createElement("summary");
    sum.textContent = tf("Stack on {hex}", { hex: id });
    det.appendChild(sum);
    const ul = document.createElement("ul");
    ul.className = "stack";
    for (const u of units) {
      const li = document.createElement("li");
      li.className = "card side-" + u.side;
      li.textContent = unitWords(u);
      ul.appendChild(li);
    }
    det.appendChild(ul);
    box.appendChild(det);
  }

  function renderMap(v) {
    const d = v.decision;
    for (const [id, h] of state.hexes) {
      const units = v.counters[id] || [];
      h.chips.textContent = "";
      units.slice(0, 3).forEach((u, i) => {
        const cx = h.x - 0.25 + i * 0.07, cy = h.y - 0.16 + i * 0.07;
        svgEl("rect", { x: cx, y: cy, width: 0.5, height: 0.4, rx: 0.04,
                        class: "chip side-" + u.side + (u.state && u.state.length ? " has-state" : "") }, h.chips);
        svgEl("text", { x: cx + 0.25, y: cy + 0.17, class: "chip-text" }, h.chips).textContent =
          (u.side || "").slice(0, 3).toUpperCase() + " " + (u.values || u.label);
        if (u.state_ids && u.state_ids.length) {
          svgEl("text", { x: cx + 0.25, y: cy + 0.32, class: "chip-state" }, h.chips).textContent =
            u.state_ids.map((s) => s.slice(0, 3).toUpperCase()).join(" ");
        }
      });
      if (units.length > 3) svgEl("text", { x: h.x + 0.35, y: h.y + 0.3, class: "chip-more" }, h.chips).textContent = "+" + (units.length - 3);
      const dest = state.moves && state.moves.destinations.find((x) => x.hex === id);
      const choose = d && d.hexes.includes(id);
      h.g.classList.toggle("dest", Boolean(dest));
      h.g.classList.toggle("choose", Boolean(choose));
      h.g.classList.toggle("los", Boolean(v.los && v.los.hexes.includes(id)));
      h.g.classList.toggle("los-block", Boolean(v.los && v.los.blocked_at === id));
      // never colour alone: a mark in words or signs says the same
      h.mark.textContent = v.los && v.los.blocked_at === id ? "✕ " + t("blocked") : dest ? dest.cost : choose ? "◆" : "";
    }
    drawLos(v.los);
    if (state.cursor) moveCursor(state.cursor, true);
  }
  // The line of sight drawn from hex to hex: solid when clear, dashed when hindered, stopping with a ✕ where
  // it is blocked; its reason is in the text beside the map (never the colour alone).
  function drawLos(los) {
    const g = state.losLine;
    if (!g) return;
    g.textContent = "";
    if (!los) return;
    const a = state.hexes.get(los.from), b = state.hexes.get(los.to);
    if (!a || !b) return;
    const end = los.blocked_at ? state.hexes.get(los.blocked_at) || b : b;
    svgEl("line", { x1: a.x, y1: a.y, x2: end.x, y2: end.y,
                    class: los.clear ? (los.status === "hindered" ? "hindered" : "clear") : "blocked" }, g);
    if (los.blocked_at) svgEl("line", { x1: end.x, y1: end.y, x2: b.x, y2: b.y, class: "beyond" }, g);
  }

  el("map").addEventListener("keydown", (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const key = ev.key.toLowerCase();
    const here = state.hexes.get(state.cursor);
    if (!here) return;
    if (key in DIRS) {
      ev.preventDefault();
      const next = here.near[DIRS[key]];
      if (next) moveCursor(next); else announce(tf("Edge of the map: nothing {dir} of {hex}.", { dir: DIR_WORDS()[DIRS[key]], hex: here.id }));
      return;
    }
    const handlers = {
      " ": pick, enter: enter, i: () => announce(hexWords(here.id)), u: () => announce(myUnits()),
      k: () => announce(enemyUnits()), n: () => announce(nowWords(true)), l: () => announce(lastWords()),
      p: () => announce(phaseWords()), o: losKey, g: () => { el("cmd").value = "go "; el("cmd").focus(); },
    };
    if (handlers[key]) { ev.preventDefault(); handlers[key](); }
  });

  function myUnits() {
    const side = state.role && state.role.side;
    if (!side) return t("A spectator has no units.");
    const out = [];
    for (const [hex, units] of Object.entries(state.view.counters)) {
      for (const u of units) if (u.side === side) out.push(hex + " " + unitWords(u));
    }
    return tf("My units: {list}", { list: out.join("; ") || t("none") });
  }
  function enemyUnits() {
    const side = state.role && state.role.side;
    const out = [];
    for (const [hex, units] of Object.entries(state.view.counters)) {
      for (const u of units) if (u.side !== side) out.push(hex + " " + unitWords(u));
    }
    return tf("Known enemy units: {list}", { list: out.join("; ") || t("none") });
  }
  function lastWords() { return state.view.guide.last; }
  function phaseWords() {
    const v = state.view;
    return tf("Turn {turn}, {phase} ({rule}), {side} to act.", { turn: v.turn, phase: v.guide.phase, rule: v.guide.rule, side: v.guide.side });
  }
  function nowWords(full) {
    const g = state.view.guide;
    let s = settings.verbosity === "expert" && !full ? g.expert : g.beginner;
    if (full && state.view.legal.length) s += " " + tf("Answers: {list}", { list: state.view.legal.map((l) => l.label).join("; ") });
    return s;
  }

  // Space cycles through what to pick on this hex: each of your units alone, then the whole stack, then none.
  function pick() {
    const side = state.role && state.role.side;
    const units = (state.view.counters[state.cursor] || []).filter((u) => u.side === side && u.id);
    if (!units.length) { announce(t("None of your units is here to pick.")); return; }
    const ids = units.map((u) => u.id);
    const choices = ids.map((id) => [id]);
    if (ids.length > 1) choices.push(ids);
    choices.push([]);
    const now = state.pickedFrom === state.cursor ? [...state.picked].sort().join(",") : null;
    const at = choices.findIndex((c) => c.slice().sort().join(",") === now);
    const next = now === null ? choices[0] : choices[(at + 1) % choices.length];
    state.picked = new Set(next);
    state.pickedFrom = next.length ? state.cursor : null;
    state.moves = null;
    if (state.picked.size) {
      send({ type: "moves", units: [...state.picked] });
      announce(tf("Picked {units} on {hex}: move the cursor to a destination or an enemy, then Enter.", { units: [...state.picked].join(", "), hex: state.cursor }));
    } else {
      announce(t("Nothing picked."));
    }
    renderMap(state.view);
  }
  function showMoves(msg) {
    state.moves = msg;
    renderMap(state.view);
    const n = msg.destinations.length;
    el("answer").textContent = msg.error ? msg.error : tf("{n} legal destinations: {list}", { n, list: msg.destinations.map((d) => d.hex + " (" + d.cost + ")").join(", ") });
  }
  function enter() {
    const v = state.view, id = state.cursor, d = v.decision;
    if (d && (d.kind === "hexes" || d.kind === "path") && d.hexes.includes(id)) { act("answer hex " + id); return; }
    if (state.picked.size) {
      const side = state.role && state.role.side;
      const enemy = (v.counters[id] || []).some((u) => u.side && u.side !== side);
      if (enemy) { act("fire " + [...state.picked].join(",") + " at " + id); clearPick(); return; }
      const dest = state.moves && state.moves.destinations.find((x) => x.hex === id);
      if (dest) { act(dest.action); clearPick(); return; }
      announce(tf("{hex} is not a legal destination for {units}.", { hex: id, units: [...state.picked].join(", ") }));
      return;
    }
    announce(hexWords(id));
  }
  function clearPick() { state.picked.clear(); state.pickedFrom = null; state.moves = null; }
  function losKey() {
    if (!state.losFrom) { state.losFrom = state.cursor; announce(tf("Line of sight from {hex}: move to the other hex and press O.", { hex: state.cursor })); return; }
    send({ type: "los", from: state.losFrom, to: state.cursor });
    state.losFrom = null;
  }

  // --- commands (lichess blind mode) ------------------------------------------------------------------------
  el("cmd-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = el("cmd").value.trim();
    if (!text) return;
    el("cmd").value = "";
    const [word, ...rest] = text.split(/\s+/);
    const arg = (i) => (rest[i] || "").toUpperCase();
    const find = (label) => state.hexes.has(label) ? label : [...state.hexes.keys()].find((k) => k.endsWith(label) && label.length >= 2);
    switch (word.toLowerCase()) {
      case "hex": case "h": { const h = find(arg(0)) || state.cursor; announce(hexWords(h)); return; }
      case "go": { const h = find(arg(0)); if (h) { moveCursor(h); el("map").focus(); } else announce(tf("No hex {hex} on this map.", { hex: arg(0) })); return; }
      case "units": case "u": announce(myUnits()); return;
      case "enemy": case "k": announce(enemyUnits()); return;
      case "now": case "n": announce(nowWords(true)); return;
      case "last": case "l": announce(lastWords()); return;
      case "phase": case "p": announce(phaseWords()); return;
      case "los": { const a = find(arg(0)), b = find(arg(1)); if (a && b) send({ type: "los", from: a, to: b }); else announce(t("los needs two hexes, e.g. los K4 M6")); return; }
      default: act(text);
    }
  });

  // --- the view -------------------------------------------------------------------------------------------
  function render(v) {
    const first = !state.view;
    state.view = v;
    if (first && state.role) {
      showRole(state.role);  // the side's name comes with the view
      const mine = Object.keys(v.counters).find((h) => v.counters[h].some((u) => u.side === state.role.side));
      if (mine) state.cursor = mine;
    }
    showConn(v.conn.state, v.conn.detail);
    el("turn").textContent = tf("Turn {turn}", { turn: v.turn });
    el("phase").textContent = v.guide.phase;
    el("phase-rule").textContent = "(" + v.phase_id + ", " + v.phase_rule + ")";
    el("to-act").textContent = tf("{side} to act", { side: v.guide.side });
    renderGuide(v, first);
    const notice = el("notice");
    notice.dataset.level = v.notice.level;
    if (notice.textContent !== v.notice.text) {
      notice.textContent = v.notice.text;
      if (v.notice.text && v.notice.text !== state.lastNotice) speak(v.notice.text);
      state.lastNotice = v.notice.text;
    }
    renderAnswers(v);
    renderChanges(v);
    renderResolution(v.resolution);
    renderLos(v.los);
    renderLog(v.last_actions);
    el("dice-sec").hidden = !v.rolls.length;
    el("dice-log").textContent = "";
    for (const r of v.rolls) {
      const li = document.createElement("li");
      li.textContent = tf("Dice {dice}: {for}", { dice: r.dice, for: r.for });
      el("dice-log").appendChild(li);
    }
    el("victory").textContent = v.outcome.over
      ? (v.outcome.winner ? tf("Won by {side}: {why}", { side: v.outcome.winner, why: v.outcome.text }) : v.outcome.text)
      : tf("Turn {turn} of {turns}: the game goes on.", { turn: v.outcome.turn, turns: v.outcome.turns });
    const lines = v.status || [];  // the game's own score and victory checks (Schlieffen's War 4.x), said by the host
    el("status-lines").hidden = lines.length === 0;
    if (el("status-lines").dataset.key !== JSON.stringify(lines)) {
      el("status-lines").dataset.key = JSON.stringify(lines);
      el("status-lines").textContent = "";
      for (const line of lines) { const li = document.createElement("li"); li.textContent = line; el("status-lines").appendChild(li); }
    }
    if (state.hexes.size) renderMap(v);
  }
  function renderGuide(v, force) {
    const g = v.guide;
    const text = settings.verbosity === "expert" ? g.expert : g.beginner;
    if (force || text !== state.lastGuide) {
      el("guide").textContent = text;
      if (!force) speak(text);
      state.lastGuide = text;
    }
    const ul = el("guide-steps");
    ul.textContent = "";
    if (settings.verbosity === "expert") return;
    for (const s of g.steps) {
      const li = document.createElement("li");
      li.textContent = s.text + (s.rule && !s.text.includes(s.rule) ? " (" + s.rule + ")" : "");
      ul.appendChild(li);
    }
  }
  function renderAnswers(v) {
    const ul = el("answers");
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.text : null;
    // a player answers only when it is their side's turn or question (the host checks it again)
    const d = v.decision;
    // several players to a side (PG 17.0): a decision another player answers is shown here read-only
    const othersAnswer = Boolean(d && d.answerer && state.role && state.role.player && d.answerer !== state.role.player);
    const mayAct = state.role && !othersAnswer && (state.role.kind === "host" || (state.role.kind === "player" && v.guide.yours));
    // rebuilt only when the answers change: a view for anything else (a marker owed, a heartbeat) must not
    // wipe the dice a player is typing
    const key = JSON.stringify([mayAct, d, v.legal, v.guide.yours, v.guide.side]);
    if (ul.dataset.key !== key) {
      ul.dataset.key = key;
      ul.textContent = "";
      if (mayAct && d && d.kind === "roll") {
        const li = document.createElement("li");
        const form = document.createElement("form");
        form.className = "dice-form";
        const id = "dice-" + Math.random().toString(36).slice(2, 7);
        const label = document.createElement("label");
        label.htmlFor = id;
        label.textContent = tf("Dice for {what} (or press the dice button on the table)", { what: d.dice || t("the roll") });
        const input = document.createElement("input");
        input.id = id; input.className = "dice-input"; input.inputMode = "numeric"; input.autocomplete = "off";
        const b = document.createElement("button");
        b.type = "submit"; b.textContent = t("Roll these");
        form.append(label, input, b);
        form.addEventListener("submit", (ev) => { ev.preventDefault(); const p = input.value.trim().replace(/\s+/g, ","); if (p) act("answer dice " + p); });
        li.appendChild(form);
        ul.appendChild(li);
      }
      for (const l of mayAct ? v.legal : []) {
        const li = document.createElement("li");
        const b = document.createElement("button");
        b.type = "button"; b.className = "legal-act"; b.dataset.text = l.text; b.textContent = l.label;
        b.addEventListener("click", () => act(l.text));
        li.appendChild(b);
        ul.appendChild(li);
      }
      if (!ul.children.length) {
        const li = document.createElement("li");
        li.textContent = state.role && state.role.kind === "spectator" ? t("Spectator: you watch; you cannot act.")
          : othersAnswer ? tf("{player} answers this (17.0); you see it read-only.", { player: d.answerer })
          : v.guide.yours ? t("Nothing to choose: wait, or use the map and the commands.") : tf("Waiting for {side}.", { side: v.guide.side });
        ul.appendChild(li);
      }
      if (focused) { const again = ul.querySelector(`[data-text="${CSS.escape(focused)}"]`); if (again) again.focus(); }
    }
    const done = el("done-btn");
    done.disabled = !mayAct || !v.done;
    done.textContent = v.done ? v.done.label : t("Done");
    el("takeback-btn").disabled = !mayAct;
  }
  function renderChanges(v) {
    el("changes").hidden = !v.changes.length;
    const ul = el("changes-list");
    ul.textContent = "";
    for (const c of v.changes) {
      const li = document.createElement("li");
      li.textContent = c.text + (c.rule ? " (" + c.rule + ")" : "") + (c.hex ? " " + c.hex : "");
      if (c.confirm && c.unit && state.role && state.role.kind !== "spectator") {
        const b = document.createElement("button");
        b.type = "button"; b.className = "confirm"; b.dataset.unit = c.unit; b.textContent = t("Done on the board");
        b.setAttribute("aria-label", tf("Done on the board: {text}", { text: c.text }));
        b.addEventListener("click", () => send({ type: "confirm", unit: c.unit }));
        li.append(" ", b);
      }
      ul.appendChild(li);
    }
  }
  function renderResolution(r) {
    el("resolution").hidden = !r;
    if (!r) return;
    el("res-title").textContent = r.title + (r.demo ? " — " + t("demo values") : "");
    const ol = el("res-steps");
    ol.textContent = "";
    for (const s of r.steps) {
      const li = document.createElement("li");
      li.textContent = s.name + ": " + s.text;
      ol.appendChild(li);
    }
    el("res-result").textContent = r.result;
  }
  function renderLos(los) {
    el("los-sec").hidden = !los;
    if (!los) return;
    // "clear" is also a terrain's name in the catalogue: the line's verdict has its own message id
    const verdict = los.clear ? (hexmateI18n.lang === "en" ? "clear" : t("clear (line of sight)"))
      : tf("blocked at {hex}", { hex: los.blocked_at });
    el("los-text").textContent = tf("LOS from {a} to {b}: {verdict}. {reason} ({rule})", { a: los.from, b: los.to, verdict, reason: los.reason, rule: los.rule });
  }
  function renderLog(entries) {
    const ol = el("log");
    ol.textContent = "";
    entries.slice().reverse().forEach((e) => {  // oldest first; Step back shows the positions between
      const li = document.createElement("li");
      li.textContent = e;
      ol.appendChild(li);
    });
  }
  // Step back and forward through the game: each step is a past position, folded by the host from the
  // record's actions and drawn as the shared page sees it (the page's role never learns more from it).
  let stepping = Promise.resolve();  // one step at a time: each starts from where the last one ended
  function stepLog(delta) { stepping = stepping.then(() => oneStep(delta)); }
  async function oneStep(delta) {
    const now = state.histAt === null;
    if (now && delta > 0) { announce(t("This is the position now.")); return; }
    const want = now ? -2 : state.histAt + delta;  // -2: the step before the position now
    let r;
    try { r = await fetch("/api/history/" + want + "?" + query.toString()); } catch (e) { return; }
    if (!r.ok) { announce(t("Nothing yet.")); return; }
    const h = await r.json();
    if (h.k >= h.steps) { backToNow(); return; }
    state.histAt = h.k;
    const text = h.k === 0 ? tf("Step 0 of {m}: the set-up ({phase}, turn {turn}).", { m: h.steps, phase: t(h.phase), turn: h.turn })
      : tf("Step {n} of {m}: {text} ({phase}, turn {turn}).", { n: h.k, m: h.steps, text: h.text, phase: t(h.phase), turn: h.turn });
    el("log-at").textContent = text;
    el("log-past").hidden = false;
    el("log-map").innerHTML = h.svg;  // made by the host from the map and the shared view, escaped there
    el("log-counters").textContent = Object.entries(h.counters).map(([hex, units]) => hex + ": " + units.join(", ")).join("; ");
    speak(text);
  }
  function backToNow() {
    state.histAt = null;
    el("log-past").hidden = true;
    el("log-map").textContent = "";
    const text = t("This is the position now.");
    el("log-at").textContent = text;
    speak(text);
  }
  el("log-back").addEventListener("click", () => stepLog(-1));
  el("log-fwd").addEventListener("click", () => stepLog(1));
  el("done-btn").addEventListener("click", () => send({ type: "done" }));
  el("takeback-btn").addEventListener("click", () => send({ type: "takeback" }));

  applySettings();
  hexmateI18n.load(settings.lang).then(() => {
    socket = hexmateSocket(onMessage, (up) => { if (!up) showConn("page offline", t("reconnecting…")); }, "?" + query.toString());
  });
})();
