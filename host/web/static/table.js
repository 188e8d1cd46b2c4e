// The virtual table: put counters on the emulated sensor board, lift them, press the dice buttons.
// Every action becomes a world-channel command to the firmware; hex colours are the firmware's own LEDs.
"use strict";
(function () {
  const svg = document.getElementById("board");
  const cells = new Map();   // cell id -> {g, poly, chips, label}
  const byLabel = new Map(); // label -> cell id
  let tray = [];             // [{uid, label, side}]
  let world = {};            // cell id (string) -> [uid]
  let hand = null;           // uid held
  const PITCH = 25.4;

  const sock = hexmateSocket((msg) => {
    if (msg.type === "board") drawBoard(msg);
    else if (msg.type === "table") render(msg);
    else if (msg.type === "view") {
      showConn(msg.conn.state, msg.conn.detail);
      showArmed(msg.decision || null);
      const last = msg.last_actions.find((a) => a.startsWith("dice"));
      if (last) document.getElementById("dice-result").textContent = "Last roll: " + last;
    }
    else if (msg.type === "dice-next") loaded("Loaded: the next dice show " + msg.pips.join(", ") + ".", false);
    else if (msg.type === "error") loaded(msg.text, true);
  }, (up) => { if (!up) showConn("page offline"); });

  function tagInfo(uid) {
    return tray.find((t) => t.uid === uid) || { uid, label: "tag " + uid.slice(-4), short: uid.slice(-4), side: "" };
  }

  function drawBoard(msg) {
    tray = msg.tray;
    svg.textContent = "";
    cells.clear();
    fitViewBox(svg, msg.cells, PITCH);
    for (const c of msg.cells) {
      const g = svgEl("g", { class: "cell", tabindex: "0", role: "button", "data-cell": c.id, "data-label": c.label }, svg);
      const poly = svgEl("polygon", { points: hexPoints(c.x, c.y, PITCH) }, g);
      const label = svgEl("text", { x: c.x, y: c.y - 7, class: "label" }, g);
      label.textContent = c.label + " ";  // a space after each text: the cell's text reads as its name starts
      const chips = svgEl("g", { class: "chips", "aria-hidden": "true" }, g);  // the cell's label names them
      g.addEventListener("click", (ev) => activateCell(c.id, ev));
      g.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); activateCell(c.id, ev); }
      });
      cells.set(c.id, { g, poly, chips, x: c.x, y: c.y, label: c.label });
      byLabel.set(c.label.toUpperCase(), c.id);
    }
    renderTray();
    updateLabels();
    drawButtons(msg.buttons);
  }

  function onBoard(uid) { return Object.values(world).some((u) => u.includes(uid)); }

  function renderTray() {
    const ul = document.getElementById("tray");
    ul.textContent = "";
    for (const t of tray) {
      if (onBoard(t.uid) && hand !== t.uid) continue;
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.className = "tray-counter side-" + t.side + (hand === t.uid ? " held" : "");
      b.dataset.uid = t.uid;
      b.textContent = t.short + " · " + t.label;
      b.setAttribute("aria-pressed", hand === t.uid ? "true" : "false");
      b.addEventListener("click", () => { setHand(hand === t.uid ? null : t.uid); });
      li.appendChild(b);
      ul.appendChild(li);
    }
  }

  function setHand(uid) {
    hand = uid;
    document.getElementById("hand").textContent = uid
      ? "Holding " + tagInfo(uid).label + ". Choose a hex to put it down (Escape returns it to the tray)."
      : "Nothing in hand. Pick a counter from the tray or from a hex.";
    renderTray();
  }

  function activateCell(id, ev) {
    const chip = ev.target.closest ? ev.target.closest(".chip") : null;
    if (hand) {
      sock.send({ type: "place", cell: id, uid: hand });
      world[id] = (world[id] || []).concat([hand]);
      drawChips(id);  // at once: a counter put down shows where it is before the table's echo
      setHand(null);
      updateLabels();
      return;
    }
    const stack = world[id] || [];
    if (!stack.length) return;
    const uid = chip ? chip.dataset.uid : stack[stack.length - 1];
    sock.send({ type: "lift", cell: id, uid });
    world[id] = stack.filter((u) => u !== uid);
    drawChips(id);
    setHand(uid);
    updateLabels();
  }

  function updateLabels() {
    for (const [id, c] of cells) {
      const stack = world[String(id)] || [];
      const tags = stack.map((u) => tagInfo(u));
      // the name starts with the text the cell shows (its label, its chips), then says whose they are
      const shown = [c.label, ...tags.map((t) => t.short)].join(" ");
      c.g.setAttribute("aria-label", shown + (tags.length ? ": " + tags.map((t) => t.label).join(", ") : ", empty")
        + (c.g.dataset.led ? ", LED lit" : ""));
    }
  }

  function drawChips(id) {
    const c = cells.get(Number(id));
    if (!c) return;
    c.chips.textContent = "";
    (world[String(id)] || []).forEach((uid, i) => {
      const t = tagInfo(uid);
      const chip = svgEl("g", { class: "chip side-" + t.side, "data-uid": uid }, c.chips);
      svgEl("rect", { x: c.x - 8 + i * 2, y: c.y - 4 + i * 2, width: 16, height: 11, rx: 1.5 }, chip);
      svgEl("text", { x: c.x + i * 2, y: c.y + 3.5 + i * 2, class: "chip-text" }, chip).textContent = t.short + " ";
    });
  }

  function render(msg) {
    world = msg.cells;
    for (const [id, c] of cells) {
      const colour = msg.leds[String(id)];
      c.poly.style.fill = colour || "";
      if (colour) c.g.dataset.led = colour; else delete c.g.dataset.led;
      drawChips(id);
    }
    updateLabels();
    renderTray();
  }

  // A tag the registry has never seen: a random 7-byte UID (NXP-style, 04 first) put in hand.
  document.getElementById("blank-tag").addEventListener("click", () => {
    const bytes = new Uint8Array(6);
    crypto.getRandomValues(bytes);
    setHand("04" + [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("").toUpperCase());
  });

  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && hand) setHand(null); });

  // Every board button by name: the dice buttons and done. Native buttons, so Tab + Enter/Space press them.
  function buttonLabel(name) {
    if (name === "done") return "Done";
    const dice = /^dice-?(.*)$/.exec(name);
    if (dice) return "Dice " + dice[1].toUpperCase();
    return name.replace(/[-_]/g, " ");
  }

  function drawButtons(buttons) {
    const p = document.getElementById("dice");
    p.textContent = "";
    for (const btn of buttons) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "board-button";
      b.dataset.button = String(btn.id);
      b.dataset.name = btn.name;
      b.textContent = buttonLabel(btn.name);
      b.setAttribute("aria-label", "Press the board's " + buttonLabel(btn.name) + " button (" + btn.name + ")");
      b.setAttribute("aria-describedby", "armed");
      b.addEventListener("click", () => sock.send({ type: "press", button: btn.id }));
      p.append(b, " ");
    }
  }

  // Whether the dice are armed for an open roll (the view's decision): pressing a dice button rolls it.
  function showArmed(decision) {
    const text = decision && decision.kind === "roll"
      ? (decision.armed ? "Dice armed for " + (decision.dice || "a roll") + ": " + (decision.prompt || "")
        : "A roll is open but the dice are not armed.")
      : "No roll open: the dice are not armed.";
    const el = document.getElementById("armed");
    if (el.textContent !== text) el.textContent = text;
    for (const b of document.querySelectorAll("#dice .board-button")) {
      b.classList.toggle("armed", Boolean(decision && decision.armed && b.dataset.name !== "done"));
    }
  }
  // Loaded dice (the emulated board only): the next presses roll these pips, so a game replays exactly.
  function loaded(text, bad) {
    const out = document.getElementById("load-result");
    out.textContent = text;
    out.classList.toggle("error", bad);
  }
  document.getElementById("load-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const raw = document.getElementById("load-pips").value.trim();
    const pips = raw.split(/[\s,+]+/).filter(Boolean).map(Number);
    if (!pips.length || pips.some((p) => !Number.isInteger(p) || p < 1 || p > 10)) {
      loaded("Give die faces from 1 to 10 (a d10's 0 is 10), for example 3,4.", true);
      return;
    }
    sock.send({ type: "dice-next", pips });
  });

  document.getElementById("goto-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const q = document.getElementById("goto").value.trim().toUpperCase();
    const id = byLabel.get(q);
    if (id !== undefined) cells.get(id).g.focus();
  });
})();
