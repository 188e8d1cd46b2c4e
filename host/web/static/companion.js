// The companion page: mirrors the board (map, counters, LED colours), the turn, prompts and link state;
// the Now panel shows the open decision and every legal action, takes actions, confirmations and LOS checks.
"use strict";
(function () {
  const svg = document.getElementById("map");
  const hexes = new Map();  // label -> {poly, chips}
  let view = null;
  let overlay = null;       // the LOS line, drawn above the hexes
  let awaiting = null;      // {form, notice, actions, t}: an action sent from the page, its answer not yet seen

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
      svgEl("title", {}, g).textContent = h.id + " (" + t(h.terrain) + ")";
      hexes.set(h.id, { poly, chips, x: h.x, y: h.y, terrain: h.terrain });
    }
    overlay = svgEl("g", { class: "overlay", "aria-hidden": "true" }, svg);
    if (view) render(view);
  }

  function render(v) {
    view = v;
    showConn(v.conn.state, v.conn.detail);
    renderNow(v);
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
      ? tf("{file}: {entries} entries, head hash {hash}…", { file: v.record.file, entries: v.record.entries, hash: v.record.head.slice(0, 16) })
      : t("not recorded");
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
        const chip = svgEl("rect", { x: cx, y: cy, width: 0.44, height: 0.36, rx: 0.04, class: "chip side-" + u.side }, h.chips);
        if (u.colour) chip.style.fill = u.colour;  // the game's national colour (Schlieffen's War 2.4)
        const t = svgEl("text", { x: cx + 0.22, y: cy + 0.23, class: "chip-text" }, h.chips);
        t.textContent = u.label;
      });
      h.poly.parentNode.setAttribute("aria-label", label + (units.length ? ": " + units.map((u) => u.label).join(", ") : ""));
    }
    markHexes(v);
    settleAwaited(v);
    renderSetup(v.setup);
    renderUnknown(v.unknown || [], v.enrol_choices || []);
    const litText = document.getElementById("lit-text");
    litText.dataset.count = String(lit.length);
    litText.textContent = lit.length ? "" : t("none");
    for (const g of v.lit) {
      const line = document.createElement("span");
      line.className = "lit-group";
      line.textContent = tf("{colour} ({meaning}, {n}): {hexes}", { colour: t(g.colour), meaning: t(g.meaning), n: g.hexes.length, hexes: g.hexes.join(", ") });
      line.style.borderLeftColor = g.css;
      litText.appendChild(line);
    }
  }

  // --- the Now panel ------------------------------------------------------------------------------------
  const KIND = () => ({
    roll: t("Roll the dice"), units: t("Choose units"), hexes: t("Choose a hex"), path: t("Choose a path"),
    react: t("React or pass"), confirm: t("Confirm"), secret: t("Declare in secret"),
  });

  function setText(id, text) {
    const el = document.getElementById(id);
    if (el.textContent !== text) el.textContent = text;  // a live region speaks only when its text changes
    return el;
  }

  // Rebuild a list only when its data changed, so a heartbeat does not steal the keyboard focus.
  function rebuild(el, data, build) {
    const key = JSON.stringify(data);
    if (el.dataset.key === key) return;
    const focused = document.activeElement && el.contains(document.activeElement)
      ? document.activeElement.dataset.focusKey : null;
    el.dataset.key = key;
    el.textContent = "";
    build(el);
    if (focused) {
      const again = [...el.querySelectorAll("[data-focus-key]")].find((b) => b.dataset.focusKey === focused);
      if (again) again.focus();
    }
  }

  function renderNow(v) {
    setText("turn", v.turn != null ? tf("Turn {turn}", { turn: v.turn }) : t("Turn …"));
    setText("phase", t(v.phase || v.phase_id || "…"));
    const rule = [v.phase_id && v.phase_id !== v.phase ? v.phase_id : "", v.phase_rule || ""].filter(Boolean);
    setText("phase-rule", rule.length ? "(" + rule.join(", ") + ")" : "");
    setText("to-act", v.to_act ? tf("{side} to act", { side: v.to_act }) : "");
    renderDecision(v.decision || null);
    renderLegal(v.legal || [], v.done || null);
    renderChanges(v.changes || []);
    renderResolution(v.resolution || null);
    renderLos(v.los || null);
    renderStatus(v.status || []);
  }

  function renderStatus(lines) {
    // the game's own score and victory checks (Schlieffen's War: VP, Paris, Plan XVII, the result, 4.x)
    const el = document.getElementById("status");
    el.hidden = lines.length === 0;
    rebuild(el, lines, (ul) => {
      for (const line of lines) {
        const li = document.createElement("li");
        li.textContent = line;
        ul.appendChild(li);
      }
    });
  }

  function renderDecision(d) {
    const box = document.getElementById("decision");
    box.hidden = !d;
    box.dataset.kind = d ? d.kind : "";
    if (!d) return;
    setText("decision-h", (KIND()[d.kind] || t("Decision")) + (d.rule ? " (" + d.rule + ")" : ""));
    setText("decision-who", d.rule ? tf("{side} decides, rule {rule}.", { side: d.side || t("a player"), rule: d.rule })
      : tf("{side} decides.", { side: d.side || t("a player") }));
    setText("decision-prompt", d.prompt || "");
    const dice = document.getElementById("dice-armed");
    dice.hidden = d.kind !== "roll";
    dice.dataset.armed = d.armed ? "true" : "false";
    setText("dice-armed", d.kind !== "roll" ? ""
      : d.armed ? tf("The dice are armed for this {dice}: press the dice button on the table.", { dice: d.dice || t("roll") })
        : tf("Roll {dice}: the table's dice are not armed; answer with the roll below.", { dice: d.dice || t("the dice") }));
    const parts = [];
    if (d.units && d.units.length) parts.push(tf("Units: {units}", { units: d.units.map((u) => u.label + " (" + u.id + ")").join(", ") }));
    if (d.hexes && d.hexes.length) {
      const hexes = d.hexes.join(", ");
      parts.push(d.kind === "path" ? tf("Path ends: {hexes}", { hexes }) : tf("Hexes: {hexes}", { hexes }));
    }
    if (d.choices && d.choices.length) parts.push(tf("Choices: {choices}", { choices: d.choices.join(", ") }));
    setText("decision-options", parts.join(". ") + (parts.length ? "." : ""));
  }

  function renderLegal(legal, done) {
    document.getElementById("legal-none").hidden = legal.length > 0;
    rebuild(document.getElementById("legal"), legal, (ul) => {
      for (const a of legal) {
        const li = document.createElement("li");
        const b = document.createElement("button");
        b.type = "button";
        b.className = "legal-act";
        b.dataset.text = a.text;
        b.dataset.focusKey = a.text;
        const name = document.createElement("span");
        name.textContent = a.label || a.text;
        b.appendChild(name);
        if (a.label && a.label !== a.text) {
          const form = document.createElement("span");
          form.className = "text-form";
          form.textContent = a.text;
          b.appendChild(form);
        }
        b.addEventListener("click", () => send({ type: "act", text: a.text }, "act"));
        li.appendChild(b);
        ul.appendChild(li);
      }
    });
    rebuild(document.getElementById("legal-texts"), legal.map((a) => a.text), (dl) => {
      for (const a of legal) {
        const o = document.createElement("option");
        o.value = a.text;
        dl.appendChild(o);
      }
    });
    const btn = document.getElementById("done-btn");
    btn.disabled = !done;
    btn.dataset.text = done ? done.text : "";
    const label = done ? tf("Done: {label}", { label: done.label }) : t("Done (nothing to end now)");
    if (btn.textContent !== label) btn.textContent = label;
  }

  function changeText(c) {
    return (c.text || c.what + " " + c.unit) + (c.hex && !(c.text || "").includes(c.hex) ? " (" + c.hex + ")" : "");
  }

  function renderChanges(changes) {
    document.getElementById("changes").hidden = changes.length === 0;
    // The service confirms by unit: one button per unit, after its last change, naming all of them.
    const toConfirm = new Map();
    for (const c of changes) if (c.confirm) toConfirm.set(c.unit, (toConfirm.get(c.unit) || []).concat([c]));
    rebuild(document.getElementById("changes-list"), changes, (ul) => {
      for (const c of changes) {
        const li = document.createElement("li");
        li.dataset.unit = c.unit || "";
        li.dataset.what = c.what || "";
        const text = document.createElement("span");
        text.textContent = changeText(c);
        li.appendChild(text);
        const mine = c.confirm ? toConfirm.get(c.unit) : null;
        if (mine && mine[mine.length - 1] === c) {
          const b = document.createElement("button");
          b.type = "button";
          b.className = "confirm";
          b.dataset.unit = c.unit;
          b.dataset.focusKey = "confirm " + c.unit;
          const these = mine.length > 1 ? t("Done: I made these changes") : t("Done: I made this change");
          b.textContent = these;
          b.setAttribute("aria-label", these + ": " + mine.map(changeText).join("; "));
          b.addEventListener("click", () => send({ type: "confirm", unit: c.unit }, "act"));
          li.append(" ", b);
        } else if (!c.confirm) {
          const note = document.createElement("span");
          note.className = "help";
          note.textContent = " " + t("(the table sees it when it is made)");
          li.appendChild(note);
        }
        ul.appendChild(li);
      }
    });
  }

  function renderResolution(r) {
    document.getElementById("resolution").hidden = !r;
    if (!r) return;
    setText("resolution-title", r.title || "");
    const demo = r.label ? t(r.label) : (r.demo ? t("demo values") : "");
    const badge = setText("resolution-label", demo);
    badge.hidden = !demo;
    rebuild(document.getElementById("resolution-steps"), r.steps || [], (ol) => {
      for (const st of r.steps || []) {
        const li = document.createElement("li");
        li.dataset.step = st.name;
        const name = document.createElement("strong");
        name.textContent = st.name;
        li.append(name, ": " + st.text);
        ol.appendChild(li);
      }
    });
    setText("resolution-result", r.result ? tf("Result: {result}", { result: r.result }) : "");
  }

  function losText(l) {
    let verdict = l.clear ? (l.status && l.status !== "blocked" ? l.status : "clear") : "blocked";
    if (!l.clear && l.blocked_at) verdict += " at " + l.blocked_at;
    const reason = l.reason || "";
    let text = reason.startsWith(verdict) ? reason : verdict + (reason && reason !== verdict ? ": " + reason : "");
    if (hexmateI18n.lang !== "en") {  // the verdict in the page's language, the reason as the rules gave it
      const said = l.clear ? (l.status === "hindered" ? t("hindered (line of sight)") : t("clear (line of sight)"))
        : (l.blocked_at ? tf("blocked at {hex}", { hex: l.blocked_at }) : t("blocked"));
      text = said + (reason ? ": " + reason : "");
    }
    if (l.rule && !text.includes(l.rule)) text += " (" + l.rule + ")";
    const traced = l.hexes && l.hexes.length ? " " + tf("Traced through {hexes}.", { hexes: l.hexes.join(", ") }) : "";
    return tf("LOS from {a} to {b}: {text}.", { a: l.from, b: l.to, text }) + traced;
  }

  function renderLos(l) {
    const out = document.getElementById("los-result");
    if (!l) return;  // an error from the form stays until a check comes back
    const key = JSON.stringify(l);
    if (out.dataset.key === key) return;
    out.dataset.key = key;
    out.dataset.clear = l.clear ? "true" : "false";
    out.classList.remove("error");
    out.textContent = losText(l);
  }

  // The decision's hexes and the last LOS on the map (colour and a dashed outline, named in the text too).
  function markHexes(v) {
    const d = v.decision, l = v.los;
    const chosen = new Set(d && d.hexes ? d.hexes : []);
    const traced = new Set(l && l.hexes ? l.hexes : []);
    const changed = new Set((v.changes || []).map((c) => c.hex).filter(Boolean));
    for (const [label, h] of hexes) {
      const g = h.poly.parentNode;
      g.classList.toggle("decision", chosen.has(label));
      g.classList.toggle("los", traced.has(label));
      g.classList.toggle("los-block", Boolean(l && l.blocked_at === label));
      g.classList.toggle("change", changed.has(label));
    }
    if (!overlay) return;
    overlay.textContent = "";
    const a = l && hexes.get(l.from), b = l && hexes.get(l.to);
    if (a && b) {
      svgEl("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "los-line" + (l.clear ? " clear" : " blocked") }, overlay);
    }
  }

  // What the page sent; the next view (or error) that answers it is shown beside the form it came from.
  function snapshot(v) {
    if (!v) return { notice: "", moved: "" };
    return { notice: JSON.stringify(v.notice),
             moved: JSON.stringify([v.last_actions, v.decision, v.changes, v.phase_id, v.los]) };
  }

  function send(msg, form) {
    const token = Object.assign({ form }, snapshot(view));
    awaiting = token;
    if (form === "act") setText("act-error", "");
    sock.send(msg);
    // The same refusal twice leaves the view as it was: with no change by then, the notice is the answer.
    setTimeout(() => { if (awaiting === token && view) settleAwaited(view, true); }, 1200);
  }

  function settleAwaited(v, late) {
    if (!awaiting) return;
    const now = snapshot(v);
    const noticeChanged = now.notice !== awaiting.notice, moved = now.moved !== awaiting.moved;
    if (!noticeChanged && !moved && !late) return;
    const form = awaiting.form, typed = awaiting.typed;
    awaiting = null;
    const refused = Boolean(v.notice && v.notice.level === "error" && (noticeChanged || !moved));
    if (form === "los") {
      if (refused) showError("los", v.notice.text);
      return;
    }
    setText("act-error", refused ? v.notice.text : "");
    document.getElementById("act-text").setAttribute("aria-invalid", refused ? "true" : "false");
    if (!refused && typed) document.getElementById("act-text").value = "";
  }

  function showPageError(text) {
    const form = awaiting ? awaiting.form : "act";
    awaiting = null;
    showError(form, text);
  }

  function showError(form, text) {
    if (form === "los") {
      const out = document.getElementById("los-result");
      out.dataset.key = "";
      out.classList.add("error");
      out.textContent = text;
    } else {
      setText("act-error", text);
      document.getElementById("act-text").setAttribute("aria-invalid", "true");
    }
  }

  document.getElementById("act-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = document.getElementById("act-text").value.trim();
    if (!text) { showError("act", t("Type an action first, for example 'answer hex DK4'.")); return; }
    send({ type: "act", text }, "act");
    awaiting.typed = true;  // cleared once the service takes it; kept to correct if refused
  });
  document.getElementById("done-btn").addEventListener("click", () => send({ type: "done" }, "act"));
  document.getElementById("takeback-btn").addEventListener("click", () => send({ type: "takeback" }, "act"));
  document.getElementById("los-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const from = document.getElementById("los-from").value.trim().toUpperCase();
    const to = document.getElementById("los-to").value.trim().toUpperCase();
    if (!from || !to) { showError("los", t("Give both hexes, for example DK4 and DO4.")); return; }
    send({ type: "los", from, to }, "los");
  });

  // Set-up mode: what is still to place, per side (a concealed unit is only "?" here: the page is shared).
  function renderSetup(setup) {
    const box = document.getElementById("setup");
    box.hidden = !setup;
    if (!setup) return;
    const count = document.getElementById("setup-count");
    const text = tf("{left} of {total} counters still to place.", { left: setup.left, total: setup.total });
    if (count.textContent !== text) count.textContent = text;
    const sides = document.getElementById("setup-sides");
    sides.textContent = "";
    for (const [side, units] of Object.entries(setup.remaining)) {
      const h = document.createElement("h4");
      h.textContent = t(side) + " (" + units.length + ")";
      const ul = document.createElement("ul");
      ul.className = "setup-list";
      ul.dataset.side = side;
      for (const u of units) {
        const li = document.createElement("li");
        li.textContent = tf("{unit} on {hex}", { unit: u.unit ? u.unit + " (" + u.label + ")" : t("a concealed unit"), hex: u.hex });
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
    const where = (x) => x.hex || tf("cell {cell}", { cell: x.cell });
    const text = unknown.map((x) => tf("Unknown tag {uid} on {where}", { uid: x.uid, where: where(x) })).join("; ");
    const p = document.getElementById("unknown-text");
    if (p.textContent !== text) p.textContent = text ? text + "." : "";
    fillSelect(document.getElementById("enrol-uid"), unknown.map((x) => [x.uid, tf("{unit} on {hex}", { unit: x.uid, hex: where(x) })]));
    fillSelect(document.getElementById("enrol-unit"), choices.map((c) => [c.unit, c.label + (c.retag ? t(", new tag") : "")]));
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
    if (!h) { out.textContent = tf("No hex {hex} on this map.", { hex: q }); return; }
    h.poly.parentNode.classList.add("found");
    const units = (view && view.counters[h.poly.parentNode.dataset.hex]) || [];
    out.textContent = h.poly.parentNode.dataset.hex + ", " + t(h.terrain) + (units.length ? tf(", holds {units}", { units: units.map((u) => u.label).join(", ") }) : t(", empty"))
      + (view && view.leds[h.poly.parentNode.dataset.hex] ? t(", lit") : "") + ".";
  });

  // The page's language (chosen here, kept in this browser) and theme; the link opens in that language.
  let sock = { send() {} };
  hexmateI18n.wire(document.getElementById("lang"));
  hexmateI18n.theme(document.getElementById("theme"));
  hexmateI18n.load(hexmateI18n.chosen()).then((lang) => {
    sock = hexmateSocket((msg) => {
      if (msg.type === "map") drawMap(msg);
      else if (msg.type === "view") render(msg);
      else if (msg.type === "board") document.getElementById("table-link").hidden = false;
      else if (msg.type === "error") showPageError(msg.text);
    }, (up) => { if (!up) showConn("page offline", t("reconnecting to the hexmate service")); }, "?lang=" + lang);
  });
  document.getElementById("resync").addEventListener("click", () => sock.send({ type: "sync" }));
})();
