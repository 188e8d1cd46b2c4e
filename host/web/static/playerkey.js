// This browser's player key: an Ed25519 key pair made with WebCrypto, the private key non-extractable in
// IndexedDB (it never leaves the page). Pairing registers its public key for the side (pair.js); the result
// is signed with it (record.js); the host accepts a side's signature only with the key its pairing
// registered (host/tournament/signatures.py).
"use strict";

const hexmateKey = (() => {
  function hex(buf) {
    return Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function store() {
    return new Promise((resolve, reject) => {
      const req = indexedDB.open("hexmate", 1);
      req.onupgradeneeded = () => req.result.createObjectStore("keys");
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  }

  async function mine() {
    const db = await store();
    const get = (k) => new Promise((res, rej) => {
      const r = db.transaction("keys").objectStore("keys").get(k);
      r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error);
    });
    let pair = await get("player");
    if (!pair) {
      pair = await crypto.subtle.generateKey({ name: "Ed25519" }, false, ["sign", "verify"]);
      await new Promise((res, rej) => {
        const tx = db.transaction("keys", "readwrite");
        tx.objectStore("keys").put(pair, "player");
        tx.oncomplete = res; tx.onerror = () => rej(tx.error);
      });
    }
    return { pair, pub: hex(await crypto.subtle.exportKey("raw", pair.publicKey)) };
  }

  async function sign(pair, text) {
    return hex(await crypto.subtle.sign({ name: "Ed25519" }, pair.privateKey, new TextEncoder().encode(text)));
  }

  async function fingerprint(pubHex) {
    const bytes = new Uint8Array(pubHex.match(/../g).map((h) => parseInt(h, 16)));
    const h = hex(await crypto.subtle.digest("SHA-256", bytes)).slice(0, 16);
    return h.match(/..../g).join(" ");
  }

  // What a player's page signs when it pairs: the code it paired with (signatures.pairing_statement).
  function pairingStatement(code) {
    return JSON.stringify({ code, statement: "hexmate-pair-1" });
  }

  return { mine, sign, fingerprint, pairingStatement };
})();
