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

  let sock = { send() {} };
  let lit = {};  // hex label -> {colour, meaning}: what each LED colour means, from the view
  hexmateI18n.wire(document.getElementById("lang"));
  hexmateI18n.theme(document.getElementById("theme"));
  hexmateI18n.load(hexmateI18n.chosen()).then((lang) => {
    sock = hexmateSocket((msg) => {
      if (msg.type === "board") drawBoard(msg);
      else if (msg.type === "table") render(msg);
      else if (msg.type === "view") {
        showConn(msg.conn.state, msg.conn.detail);
        showArmed(msg.decision || null);
        showLit(msg.lit || []);
        const last = msg.last_roll;
        if (last) document.getElementById("dice-result").textContent = tf("Last roll: {roll}", { roll: last });
      }
      else if (msg.type === "dice-next") loaded(tf("Loaded: the next dice show {pips}.", { pips: msg.pips.join(", ") }), false);
      else if (msg.type === "error") loaded(msg.text, true);
    }, (up) => { if (!up) showConn("page offline"); }, "?lang=" + lang);
  });

  // Colour is never alone: each lit colour is named with what it means, here and in each hex's name.
  function showLit(groups) {
    lit = {};
    for (const g of groups) for (const h of g.hexes) lit[h] = { colour: t(g.colour), meaning: t(g.meaning) };
    const ul = document.getElementById("lit");
    const key = JSON.stringify(groups);
    if (ul.dataset.key === key) return;
    ul.dataset.key = key;
    ul.textContent = "";
    for (const g of groups) {
      const li = document.createElement("li");
      li.className = "lit-group";
      li.style.borderLeftColor = g.css;
      li.textContent = tf("{colour} ({meaning}, {n}): {hexes}", { colour: t(g.colour), meaning: t(g.meaning), n: g.hexes.length, hexes: g.hexes.join(", ") });
      ul.appendChild(li);
    }
    if (!groups.length) { const li = document.createElement("li"); li.textContent = t("none"); ul.appendChild(li); }
    updateLabels();
  }

  function tagInfo(uid) {
    return tray.find((x) => x.uid === uid) || { uid, label: tf("tag {uid}", { uid: uid.slice(-4) }), short: uid.slice(-4), side: "" };
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
    for (const x of tray) {
      if (onBoard(x.uid) && hand !== x.uid) continue;
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.className = "tray-counter side-" + x.side + (hand === x.uid ? " held" : "");
      b.dataset.uid = x.uid;
      b.textContent = x.short + " · " + x.label;
      b.setAttribute("aria-pressed", hand === x.uid ? "true" : "false");
      b.addEventListener("click", () => { setHand(hand === x.uid ? null : x.uid); });
      li.appendChild(b);
      ul.appendChild(li);
    }
  }

  function setHand(uid) {
    hand = uid;
    document.getElementById("hand").textContent = uid
      ? tf("Holding {counter}. Choose a hex to put it down (Escape returns it to the tray).", { counter: tagInfo(uid).label })
      : t("Nothing in hand. Pick a counter from the tray or from a hex.");
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
      const shown = [c.label, ...tags.map((x) => x.short)].join(" ");
      const led = lit[c.label];
      c.g.setAttribute("aria-label", shown + (tags.length ? ": " + tags.map((x) => x.label).join(", ") : t(", empty"))
        + (led ? tf(", LED {colour}: {meaning}", led) : c.g.dataset.led ? t(", LED lit") : ""));
    }
  }

  function drawChips(id) {
    const c = cells.get(Number(id));
    if (!c) return;
    c.chips.textContent = "";
    (world[String(id)] || []).forEach((uid, i) => {
      const x = tagInfo(uid);
      const chip = svgEl("g", { class: "chip side-" + x.side, "data-uid": uid }, c.chips);
      svgEl("rect", { x: c.x - 8 + i * 2, y: c.y - 4 + i * 2, width: 16, height: 11, rx: 1.5 }, chip);
      svgEl("text", { x: c.x + i * 2, y: c.y + 3.5 + i * 2, class: "chip-text" }, chip).textContent = x.short + " ";
    });
  }

  function render(msg) {
    world = msg.cells;
    for (const [id, c] of cells) {
      const colour = msg.leds[String(id)];
      c.poly.style.fill = colour || "";
      if (colour) c.g.dataset.led = colour; else delete c.g.dataset.led;
      c.g.classList.toggle("lit", Boolean(colour));  // a dashed ring too: colour is not the only sign
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
    if (name === "done") return t("Done");
    const dice = /^dice-?(.*)$/.exec(name);
    if (dice) return tf("Dice {which}", { which: dice[1].toUpperCase() });
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
      b.setAttribute("aria-label", tf("Press the board's {button} button ({name})", { button: buttonLabel(btn.name), name: btn.name }));
      b.setAttribute("aria-describedby", "armed");
      b.addEventListener("click", () => sock.send({ type: "press", button: btn.id }));
      p.append(b, " ");
    }
  }

  // Whether the dice are armed for an open roll (the view's decision): pressing a dice button rolls it.
  function showArmed(decision) {
    const text = decision && decision.kind === "roll"
      ? (decision.armed ? tf("Dice armed for {dice}: {prompt}", { dice: decision.dice || t("a roll"), prompt: decision.prompt || "" })
        : t("A roll is open but the dice are not armed."))
      : t("No roll open: the dice are not armed.");
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
      loaded(t("Give die faces from 1 to 10 (a d10's 0 is 10), for example 3,4."), true);
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
