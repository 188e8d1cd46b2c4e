// Shared by both pages: the WebSocket with reconnect, and flat-topped hex drawing in SVG.
"use strict";
const SVG_NS = "http://www.w3.org/2000/svg";

// `query` (e.g. "?token=...&lang=ja") names the page's role and language (host/web/auth.py).
function hexmateSocket(onMessage, onState, query) {
  let ws = null;
  let retry = 250;
  function open() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(proto + "//" + location.host + "/ws" + (query || ""));
    ws.onopen = () => { retry = 250; onState(true); };
    ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
    ws.onclose = () => {
      onState(false);
      setTimeout(open, retry);
      retry = Math.min(retry * 2, 5000);
    };
  }
  open();
  return { send: (msg) => { if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg)); } };
}

function svgEl(name, attrs, parent) {
  const el = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
}

// Corners of a flat-topped hex whose neighbours' centres are `pitch` apart.
function hexPoints(x, y, pitch) {
  const size = pitch / Math.sqrt(3);
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 3 * i;
    pts.push((x + size * Math.cos(a)).toFixed(3) + "," + (y + size * Math.sin(a)).toFixed(3));
  }
  return pts.join(" ");
}

function fitViewBox(svg, items, pitch) {
  const xs = items.map((h) => h.x), ys = items.map((h) => h.y);
  const pad = pitch * 0.7;
  const minX = Math.min(...xs) - pad, minY = Math.min(...ys) - pad;
  const w = Math.max(...xs) - minX + pad, h = Math.max(...ys) - minY + pad;
  svg.setAttribute("viewBox", [minX, minY, w, h].map((v) => v.toFixed(2)).join(" "));
}

// The link's state in the page's language (data-state keeps the English word for the styles).
function connWord(state) {
  const words = { connecting: () => t("connecting"), syncing: () => t("syncing"), live: () => t("live"),
                  silent: () => t("silent"), lost: () => t("lost"), "page offline": () => t("page offline") };
  return state in words ? words[state]() : state;
}

function showConn(state, detail) {
  const p = document.getElementById("conn");
  p.dataset.state = state;
  document.getElementById("conn-state").textContent = connWord(state);
  const d = document.getElementById("conn-detail");
  if (d) d.textContent = detail || "";
}
