/* Declare a win (also amend a hand, and dispute a claim): photo -> detections -> tile editor ->
   context -> breakdown -> confirm. All state lives in `model`; every change re-renders and asks
   the server for a fresh breakdown (the engine is the only scorer). */
"use strict";
(function () {
  const root = document.getElementById("declare-app");
  if (!root) return;
  const { el, api, pollEvery, tileImg, signed, nameTag } = window.TT;
  window.TT.setTileUrl(root.dataset.tileUrl);
  const page = JSON.parse(document.getElementById("declare-data").textContent);
  // This language's item titles and engine messages (webapp/i18n.py engine_page_data).
  const words = JSON.parse(document.getElementById("i18n-engine").textContent);
  const { windName } = window.TTi18n;
  const UNITS = { fan: t("fan"), han: t("han"), point: t("point"), points: t("points"),
    double: t("double"), doubles: t("doubles"), faan: t("faan"), tai: t("tai") };
  const LIMITS = { mangan: t("mangan"), haneman: t("haneman"), baiman: t("baiman"),
    sanbaiman: t("sanbaiman"), yakuman: t("yakuman"), "double yakuman": t("double yakuman"),
    "triple yakuman": t("triple yakuman"), limit: t("limit") };
  const $ = (id) => document.getElementById(id);

  const model = {
    groups: [{ kind: "concealed", tiles: [] }],
    win: null,                 // {g, i}
    winChosen: false,          // the player (or the photo's layout) chose it; else the last tile added
    flowers: [], dora: [], ura: [],
    selected: null,            // {where: "group"|"flowers"|"dora"|"ura", g, i}
    activeGroup: 0,
    meldPick: null,            // while making a meld: the indexes of the hand's tiles chosen for it
    target: "hand",
    suit: "m",
    photo: null,               // {id, url, width, height}
    read: null,                // the reader's JSON for the photo: the raw reading
    suggestions: [],           // the reader's suggested changes to the raw reading, applied on a tap
    focus: null,               // the suggestion whose boxes are highlighted on the photo
    version: page.version,
    lastScore: null,
  };

  // ---- helpers -------------------------------------------------------------------------------
  // An item's title in this language and the native name beside it (webapp/item_names.py).
  function itemTitle(item) {
    const known = words.titles[item.name];
    const title = known ? known[0] : item.name;
    const native = known ? known[1] : (item.native_name && item.native_name !== title ? item.native_name : null);
    return native ? [title, el("span", { class: "native", lang: words.native_lang }, native)] : [title];
  }
  // An engine code's message in this language, or the engine's English text.
  function engineText(code, params, english) { return window.engineText(code, params, english, words); }

  // The rules' minimum line ("minimum 8 fan, flowers not counted: met") in this language, from
  // its code and params, the unit named as the page names units; else the engine's English.
  function minimumText(data) {
    if (!data.minimum_text) return "";
    const params = Object.assign({}, data.minimum_params || {});
    if (params.unit) params.unit = UNITS[params.unit] || params.unit;
    return engineText(data.minimum_code, params, data.minimum_text);
  }

  // A breakdown reason (an item's why, an excluded fan's because) in this language, from its code
  // and params (webapp/reason_text.py writes the same on the pages); else the engine's English.
  function reasonText(item, field) {
    const english = item[field] || "";
    return item[field + "_code"] ? (explained(item[field + "_code"], item[field + "_params"] || {}) ?? english) : english;
  }
  function explained(code, params) {
    if (code === "list") {
      const parts = (params.parts || []).map((part) => explained(part.code, part.params || {}));
      return parts.some((part) => part === null) ? null : parts.join("; ");
    }
    const template = words.reasons && words.reasons[code];
    if (!template) return null;
    let missing = false;
    const text = template.replace(/\{(\w+)\}/g, (whole, name) => {
      if (!(name in params)) { missing = true; return whole; }
      const value = params[name];
      const kind = name.replace(/[0-9]+$/, "");
      if (kind === "reason") { const inner = explained(value.code, value.params || {}); if (inner === null) missing = true; return inner; }
      if (kind === "honour" || kind === "suit_name") return words.reason_words[value] || value;
      if (kind === "honours") return String(value).split(", ").map((w) => words.reason_words[w] || w).join(t(", "));
      if (kind === "fan") return words.titles[value] ? words.titles[value][0] : value;
      if (kind === "tile_name") {
        const [number, suit] = String(value).split(" ");
        return suit ? number + " " + (words.reason_words[suit] || suit) : (words.reason_words[value] || value);
      }
      if (kind === "flowers") return String(value).split(", ").map((w) => words.reason_flowers[w] || w).join(t(", "));
      if (kind === "wind_letter") return words.reason_winds[value] || value;
      if (words.reason_word_kinds.includes(kind)) return words.reason_phrases[value] || value;
      return String(value);
    });
    return missing ? null : text;
  }

  // A dispute's verified value and each difference between the claim and the engine in this
  // language, from the differences' facts (the API's sentences are English).
  // The engine's name for a whole claim ("Mahjong") as this language says it.
  const SAID = { Mahjong: t("Mahjong") };
  function verifiedText(score, unit) {
    return score.valid ? window.formatNumber(score.total) + " " + (UNITS[unit] || unit || "") : t("not a winning hand");
  }
  function differenceText(x, score) {
    const name = SAID[x.name] || (words.titles[x.name] ? words.titles[x.name][0] : x.name);
    if (x.kind === "not_a_win" || x.kind === "under_minimum") {
      return t("{name}: {reason}", { name, reason: engineText(score.reason_code, score.reason_params, x.why) });
    }
    if (x.kind === "count") {
      return t("{name}: claimed {claimed} time(s); the hand has it {actual} time(s)", { name, claimed: x.claimed, actual: x.actual });
    }
    if (x.kind === "total") {
      return t("total: claimed {claimed}; the hand is worth {actual}", { claimed: x.claimed, actual: x.actual });
    }
    if (x.kind === "missed") {
      const item = (score.items || []).find((i) => i.name === x.name);
      return item ? t("{name}: worth {value}: {why}", { name, value: item.value, why: reasonText(item, "why") })
        : name + ": " + x.why;
    }
    if (x.kind === "not_applicable") {
      const excluded = (score.excluded || []).find((i) => i.name === x.name);
      return excluded ? t("{name}: not counted: {why}", { name, why: reasonText(excluded, "because") })
        : t("{name}: the hand does not have it under these rules", { name });
    }
    return name + ": " + x.why;
  }

  function showMessage(text, kind) {
    const box = $("message");
    box.textContent = text || "";
    box.className = "flash " + (kind || "error") + (text ? "" : " hidden");
  }
  function suitOf(code) { return code[1]; }
  function numberOf(code) { const n = code[0] === "0" ? 5 : Number(code[0]); return n; }
  function meldKindFor(codes, faceDown) {
    if (codes.length === 4) return faceDown ? "ankan" : "kan";
    if (codes.length === 3 && codes.every((c) => numberOf(c) === numberOf(codes[0]) && suitOf(c) === suitOf(codes[0]))) return "pon";
    return "chi";
  }
  function tileCodes(list) { return list.map((t) => t.code).join(""); }
  // Amber marks what the reader says it is unsure of: its calibrated `unsure` where the reading
  // carries one, else (an older reader) a confidence under 0.8.
  function isUnsure(tile) {
    if (typeof tile.unsure === "boolean") return tile.unsure;
    return tile.conf !== undefined && tile.conf !== null && tile.conf < 0.8;
  }
  function isFaceDown(det) { return det.tile === "back" || !!det.face_down; }
  function setStep(name) {
    for (const link of document.querySelectorAll(".steps a")) link.classList.toggle("on", link.dataset.step === name);
  }

  // ---- building the model from the reader's JSON or a stored hand ------------------------------
  function fromRead(read) {
    model.groups = [{ kind: "concealed", tiles: [] }];
    model.flowers = []; model.win = null; model.selected = null; model.activeGroup = 0;
    const tiles = read.tiles || [];
    const tileOf = (index) => {
      const det = tiles[index];
      return { code: det.tile, src: index, conf: det.conf, unsure: det.unsure, faceDown: !!det.face_down };
    };
    const groups = read.groups && read.groups.length ? read.groups
      : [{ kind: "concealed", tiles: tiles.map((_, i) => i) }];
    for (const group of groups) {
      const items = group.tiles.map(tileOf);
      if (group.kind === "bonus") { model.flowers.push(...items); continue; }
      if (group.kind === "meld") {
        const faces = items.filter((t) => t.code !== "back");
        const fill = faces.length ? faces[0].code : "1z";
        for (const t of items) if (t.code === "back") { t.code = fill; }
        const named = String(group.meld || "").split(":")[0];     // "pon:444s" or just "pon"
        const known = ["chi", "pon", "kan", "ankan", "kakan"].includes(named) ? named : null;
        model.groups.push({ kind: known || meldKindFor(items.map((t) => t.code), items.some((t) => t.faceDown)), tiles: items });
        continue;
      }
      model.groups[0].tiles.push(...items);
      if (group.kind === "winning_tile" && items.length) {
        model.win = { g: 0, i: model.groups[0].tiles.length - 1 };
        model.winChosen = true;
      }
    }
    if (!model.win && model.groups[0].tiles.length) model.win = { g: 0, i: model.groups[0].tiles.length - 1 };
  }

  function splitCodes(text) {
    const out = []; let digits = [];
    for (const ch of (text || "")) {
      if (/[0-9]/.test(ch)) digits.push(ch);
      else if ("mpszf".includes(ch)) { for (const d of digits) out.push(d + ch); digits = []; }
    }
    return out;
  }

  function fromHand(hand) {
    const concealed = splitCodes(hand.hand).map((code) => ({ code }));
    model.groups = [{ kind: "concealed", tiles: concealed }];
    for (const meld of hand.melds || []) {
      const [kind, text] = meld.split(":");
      model.groups.push({ kind, tiles: splitCodes(text).map((code) => ({ code })) });
    }
    model.flowers = splitCodes(hand.flowers).map((code) => ({ code }));
    model.dora = splitCodes(hand.dora_indicators).map((code) => ({ code }));
    model.ura = splitCodes(hand.ura_indicators).map((code) => ({ code }));
    let winIndex = concealed.length - 1;
    if (hand.win_tile) {
      const found = concealed.map((t) => t.code).lastIndexOf(hand.win_tile);
      if (found >= 0) winIndex = found;
    }
    model.win = concealed.length ? { g: 0, i: winIndex } : null;
    model.winChosen = true;
  }

  // ---- the tile editor -------------------------------------------------------------------------
  function isSelected(where, g, i) {
    const s = model.selected;
    return s && s.where === where && s.g === g && s.i === i;
  }
  function tileButton(tile, where, g, i) {
    const classes = ["tilebtn"];
    if (isSelected(where, g, i)) classes.push("selected");
    if (where === "group" && model.win && model.win.g === g && model.win.i === i) classes.push("win");
    if (isUnsure(tile) && !tile.faceDown) classes.push("low");
    const picking = model.meldPick && where === "group" && g === 0;
    if (picking && model.meldPick.includes(i)) classes.push("picked");
    return el("button", {
      type: "button", class: classes.join(" "), "aria-label": t("tile {code}", { code: tile.code }),
      dataset: { where, g: String(g), i: String(i), code: tile.code, winLabel: t("win") },
      onclick: (event) => {
        event.stopPropagation();
        if (picking) {
          model.meldPick = model.meldPick.includes(i) ? model.meldPick.filter((x) => x !== i) : model.meldPick.concat([i]);
          render();
          return;
        }
        model.selected = isSelected(where, g, i) ? null : { where, g, i };
        if (where === "group") model.activeGroup = g;
        render();
      },
    }, [tileImg(tile.code)]);
  }

  const MELD_KINDS = [["concealed", t("Concealed")], ["chi", t("Chow (chi)")], ["pon", t("Pung (pon)")],
    ["kan", t("Open kong")], ["ankan", t("Concealed kong")], ["kakan", t("Added kong")]];

  function renderGroups() {
    const box = $("groups");
    box.replaceChildren();
    model.groups.forEach((group, g) => {
      const select = el("select", { "aria-label": t("kind of group {number}", { number: g + 1 }), onchange: (e) => {
        group.kind = e.target.value; changed(); } },
      MELD_KINDS.filter(([k]) => (g === 0) === (k === "concealed")).map(([value, label]) =>
        el("option", { value, selected: group.kind === value }, label)));
      const head = el("div", { class: "group-head" }, [
        el("span", { class: "grow" }, g === 0 ? t("In hand ({count})", { count: group.tiles.length }) : t("Meld {number}", { number: g })),
        g === 0 ? null : select,
        g === 0 ? null : el("button", { type: "button", class: "danger", "aria-label": t("delete meld {number}", { number: g }),
          onclick: (e) => { e.stopPropagation(); removeGroup(g); } }, "✕"),
      ]);
      const tiles = el("div", { class: "tiles" }, group.tiles.map((t, i) => tileButton(t, "group", g, i)));
      box.append(el("div", { class: "group" + (model.activeGroup === g && model.target === "hand" ? " active" : ""),
        dataset: { group: String(g) }, onclick: () => { model.activeGroup = g; model.selected = null; render(); } },
      [head, tiles]));
    });
    for (const [where, id] of [["flowers", "flowers"], ["dora", "dora"], ["ura", "ura"]]) {
      $(id).replaceChildren(...model[where].map((t, i) => tileButton(t, where, 0, i)));
    }
    const hasSelection = !!model.selected;
    $("remove-tile").disabled = !hasSelection;
    $("mark-win").disabled = !(hasSelection && model.selected.where === "group");
  }

  function removeGroup(g) {
    const start = model.groups[0].tiles.length;
    model.groups[0].tiles.push(...model.groups[g].tiles);
    model.groups.splice(g, 1);
    model.activeGroup = 0; model.selected = null;
    if (model.win && model.win.g === g) model.win = { g: 0, i: start + model.win.i };
    else if (model.win && model.win.g > g) model.win.g -= 1;
    changed();
  }

  function paletteCodes(suit) {
    if (suit === "0") return ["0m", "0p", "0s"];
    const count = { m: 9, p: 9, s: 9, z: 7, f: 8 }[suit];
    return Array.from({ length: count }, (_, n) => (n + 1) + suit);
  }
  function renderPalette() {
    for (const button of document.querySelectorAll("#palette-tabs button")) button.classList.toggle("on", button.dataset.suit === model.suit);
    for (const button of document.querySelectorAll("#target-tabs button")) button.classList.toggle("on", button.dataset.target === model.target);
    $("palette").replaceChildren(...paletteCodes(model.suit).map((code) =>
      el("button", { type: "button", "aria-label": t("palette: {tile}", { tile: code }), dataset: { code }, onclick: () => pick(code) }, [tileImg(code)])));
  }

  function pick(code) {
    const s = model.selected;
    if (s) {
      const list = s.where === "group" ? model.groups[s.g].tiles : model[s.where];
      list[s.i].code = code;
      model.selected = null;
    } else if (code.endsWith("f")) {
      model.flowers.push({ code });
    } else if (model.target === "dora" || model.target === "ura") {
      model[model.target].push({ code });
    } else {
      const group = model.groups[model.activeGroup] || model.groups[0];
      group.tiles.push({ code });
      if (model.activeGroup === 0 && (!model.win || !model.winChosen)) model.win = { g: 0, i: group.tiles.length - 1 };
    }
    changed();
  }

  $("palette-tabs").addEventListener("click", (e) => {
    const suit = e.target.closest("button") && e.target.closest("button").dataset.suit;
    if (suit) { model.suit = suit; renderPalette(); }
  });
  $("target-tabs").addEventListener("click", (e) => {
    const button = e.target.closest("button");
    if (button && button.dataset.target) { model.target = button.dataset.target; model.selected = null; render(); }
  });
  $("remove-tile").addEventListener("click", () => {
    const s = model.selected;
    if (!s) return;
    if (s.where === "group") {
      model.groups[s.g].tiles.splice(s.i, 1);
      if (model.win && model.win.g === s.g) {
        if (model.win.i === s.i) model.win = null; else if (model.win.i > s.i) model.win.i -= 1;
      }
    } else {
      model[s.where].splice(s.i, 1);
    }
    model.selected = null;
    changed();
  });
  $("mark-win").addEventListener("click", () => {
    const s = model.selected;
    if (!s || s.where !== "group") return;
    model.win = { g: s.g, i: s.i };
    model.winChosen = true;
    model.selected = null;
    changed();
  });
  // Making a meld is one action: choose its tiles in the hand, then chi, pon or kan. Each kind is
  // offered only when the chosen tiles have its shape (a pon is three alike, never one tile).
  function meldShape(codes) {
    const same = codes.every((c) => suitOf(c) === suitOf(codes[0]) && numberOf(c) === numberOf(codes[0]));
    const numbers = codes.map(numberOf).sort((a, b) => a - b);
    const run = codes.length === 3 && "mps".includes(suitOf(codes[0])) && codes.every((c) => suitOf(c) === suitOf(codes[0]))
      && numbers[1] === numbers[0] + 1 && numbers[2] === numbers[1] + 1;
    return { chi: run, pon: codes.length === 3 && same, kan: codes.length === 4 && same };
  }
  function renderMeldBar() {
    const picking = !!model.meldPick;
    $("meld-bar").classList.toggle("hidden", !picking);
    $("add-meld").classList.toggle("hidden", picking);
    if (!picking) return;
    const codes = model.meldPick.map((i) => model.groups[0].tiles[i].code);
    const shape = meldShape(codes);
    for (const button of document.querySelectorAll("#meld-bar button[data-meld]")) {
      const kind = button.dataset.meld;
      button.disabled = !(kind === "chi" ? shape.chi : kind === "pon" ? shape.pon : shape.kan);
    }
    $("meld-help").textContent = codes.length ? t("Chosen: {tiles}", { tiles: codes.join(" ") }) : t("Tap the meld's tiles in the hand.");
  }
  $("add-meld").addEventListener("click", () => {
    model.meldPick = [];
    model.selected = null;
    model.activeGroup = 0;
    render();
  });
  $("meld-cancel").addEventListener("click", () => { model.meldPick = null; render(); });
  $("meld-bar").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-meld]");
    if (!button || button.disabled || !model.meldPick) return;
    const picked = model.meldPick.slice().sort((a, b) => a - b);
    const hand = model.groups[0].tiles;
    const tiles = picked.map((i) => hand[i]);
    const winTile = model.win && model.win.g === 0 ? hand[model.win.i] : null;
    model.groups[0].tiles = hand.filter((_, i) => !picked.includes(i));
    tiles.sort((a, b) => numberOf(a.code) - numberOf(b.code));
    model.groups.push({ kind: button.dataset.meld, tiles });
    if (winTile) {       // the marker stays on its tile, in the hand or in the new meld
      const at = model.groups[0].tiles.indexOf(winTile);
      model.win = at >= 0 ? { g: 0, i: at } : { g: model.groups.length - 1, i: tiles.indexOf(winTile) };
    }
    model.meldPick = null;
    model.activeGroup = 0;
    changed();
  });

  // ---- the photo -------------------------------------------------------------------------------
  const canvas = $("photo-canvas");
  let photoImage = null;

  function drawPhoto() {
    if (!photoImage || !model.read) return;
    const scale = Math.min(1, 1400 / Math.max(photoImage.naturalWidth, photoImage.naturalHeight));
    canvas.width = Math.round(photoImage.naturalWidth * scale);
    canvas.height = Math.round(photoImage.naturalHeight * scale);
    const ctx = canvas.getContext("2d");
    ctx.drawImage(photoImage, 0, 0, canvas.width, canvas.height);
    const sx = canvas.width / (model.read.width || photoImage.naturalWidth);
    const sy = canvas.height / (model.read.height || photoImage.naturalHeight);
    const finalCodes = currentCodesBySource();
    const chosen = selectedSource();
    drawFaint(ctx, sx, sy);
    (model.read.tiles || []).forEach((det, index) => {
      const [x1, y1, x2, y2] = det.box;
      const now = finalCodes.get(index);
      // A face-down kong tile takes its kong's face: no correction, its own neutral style.
      const faceDown = isFaceDown(det) && now !== undefined;
      const changedTile = !faceDown && now !== det.tile;
      ctx.lineWidth = Math.max(2, canvas.width / 400) * (chosen === index ? 2.5 : 1);
      ctx.strokeStyle = chosen === index ? "#1565c0" : changedTile ? BOX_COLOURS.corrected
        : faceDown ? BOX_COLOURS.neutral : isUnsure(det) ? BOX_COLOURS.unsure : BOX_COLOURS.sure;
      ctx.strokeRect(x1 * sx, y1 * sy, (x2 - x1) * sx, (y2 - y1) * sy);
      const label = changedTile ? (det.tile + "→" + (now || "✕")) : faceDown ? "▮ " + (now || "") : det.tile;
      ctx.font = Math.max(12, canvas.width / 60) + "px system-ui, sans-serif";
      const width = ctx.measureText(label).width + 6;
      ctx.fillStyle = ctx.strokeStyle;
      ctx.fillRect(x1 * sx, y1 * sy - 18, width, 18);
      ctx.fillStyle = "#fff";
      ctx.fillText(label, x1 * sx + 3, y1 * sy - 4);
    });
    drawSuggestions(ctx, sx, sy);
  }

  const BOX_COLOURS = { sure: "#2e7d32", unsure: "#e0a100", corrected: "#d32f2f", neutral: "#78909c" };

  // The faint boxes the reader left out of the reading (a suggestion may take one in): thin,
  // dashed and neutral, so they read as "seen, not counted", never as a correction.
  function drawFaint(ctx, sx, sy) {
    for (const suggestion of model.suggestions) {
      for (const change of suggestion.changes || []) {
        if (!change.box || (change.was !== null && change.was !== undefined)) continue;
        const [x1, y1, x2, y2] = change.box;
        ctx.save();
        ctx.setLineDash([4, 4]);
        ctx.lineWidth = Math.max(1, canvas.width / 700);
        ctx.strokeStyle = BOX_COLOURS.neutral;
        ctx.strokeRect(x1 * sx, y1 * sy, (x2 - x1) * sx, (y2 - y1) * sy);
        ctx.restore();
      }
    }
  }

  // The reading's index of the tile selected in the editor (its box is drawn highlighted).
  function selectedSource() {
    const s = model.selected;
    if (!s) return null;
    const list = s.where === "group" ? (model.groups[s.g] || { tiles: [] }).tiles : model[s.where] || [];
    const tile = list[s.i];
    return tile && tile.src !== undefined ? tile.src : null;
  }

  // Under the photo: the reading as large tile pictures in hand order (groups as the editor holds
  // them, then flowers); a tap selects the tile and its box, as a tap on the box does.
  function renderReadingRow() {
    const row = $("reading-row");
    if (!row) return;
    if (!model.read) { row.replaceChildren(); row.classList.add("hidden"); return; }
    row.classList.remove("hidden");
    const chosen = selectedSource();
    const entries = [];
    model.groups.forEach((group, g) => group.tiles.forEach((tile, i) => entries.push([tile, "group", g, i])));
    model.flowers.forEach((tile, i) => entries.push([tile, "flowers", 0, i]));
    row.replaceChildren(...entries.filter(([tile]) => tile.src !== undefined).map(([tile, where, g, i]) => {
      const det = model.read.tiles[tile.src] || {};
      const faceDown = isFaceDown(det);
      const classes = ["reading-tile"];
      if (chosen === tile.src) classes.push("selected");
      if (!faceDown && tile.code !== det.tile) classes.push("corrected");
      else if (faceDown) classes.push("face-down");
      else if (isUnsure(det)) classes.push("low");
      return el("button", { type: "button", class: classes.join(" "), dataset: { src: String(tile.src) },
        "aria-label": t("tile {code}", { code: tile.code }),
        onclick: () => { model.selected = chosen === tile.src ? null : { where, g, i }; if (where === "group") model.activeGroup = g; render(); } },
      [tileImg(tile.code, { class: "tile big" })]);
    }));
  }

  // Each suggestion not yet taken marks the boxes it would change, dashed, numbered like its card.
  function changeBox(change) {
    if (change.box) return change.box;
    const det = model.read && model.read.tiles && model.read.tiles[change.index];
    return det ? det.box : null;
  }
  function drawSuggestions(ctx, sx, sy) {
    model.suggestions.forEach((suggestion, n) => {
      if (suggestion.state !== "open") return;
      const focused = model.focus === n;
      for (const change of suggestion.changes || []) {
        const box = changeBox(change);
        if (!box) continue;
        const [x1, y1, x2, y2] = box;
        ctx.save();
        ctx.setLineDash([8, 5]);
        ctx.lineWidth = Math.max(focused ? 4 : 2, canvas.width / (focused ? 220 : 400));
        ctx.strokeStyle = "#6a1b9a";
        const pad = ctx.lineWidth * 2;
        ctx.strokeRect(x1 * sx - pad, y1 * sy - pad, (x2 - x1) * sx + 2 * pad, (y2 - y1) * sy + 2 * pad);
        ctx.restore();
        const label = (n + 1) + ": " + changeText(change);
        ctx.font = Math.max(12, canvas.width / 60) + "px system-ui, sans-serif";
        ctx.fillStyle = "#6a1b9a";
        ctx.fillRect(x1 * sx, y2 * sy + 2, ctx.measureText(label).width + 6, 18);
        ctx.fillStyle = "#fff";
        ctx.fillText(label, x1 * sx + 3, y2 * sy + 16);
      }
    });
  }
  function changeText(change) {
    if (change.was === null || change.was === undefined) return t("add {tile}", { tile: change.now });
    if (change.now === null || change.now === undefined) return t("drop {tile}", { tile: change.was });
    return change.was + "→" + change.now;
  }

  // ---- the reader's suggestions ----------------------------------------------------------------
  function renderSuggestions() {
    const box = $("suggestions");
    const open = model.suggestions.filter((s) => s.state !== "dismissed");
    box.classList.toggle("hidden", !open.length);
    $("suggestion-list").replaceChildren(...model.suggestions.map((suggestion, n) => {
      if (suggestion.state === "dismissed") return null;
      const words = (suggestion.changes || []).map((change) =>
        change.index === null || change.index === undefined ? changeText(change)
          : t("tile {number}: {change}", { number: change.index + 1, change: changeText(change) }));
      const taken = suggestion.state === "taken";
      return el("li", { class: "suggestion" + (model.focus === n ? " focus" : "") + (taken ? " taken" : ""),
        dataset: { suggestion: String(n) }, onclick: () => { model.focus = model.focus === n ? null : n; drawPhoto(); renderSuggestions(); } }, [
        el("div", { class: "grow" }, [el("b", {}, t("Suggestion {number}", { number: n + 1 })), " ", words.join("; ")]),
        taken ? el("span", { class: "muted" }, t("accepted"))
          : el("button", { type: "button", class: "primary", dataset: { accept: String(n) },
            onclick: (event) => { event.stopPropagation(); acceptSuggestion(n); } }, t("Accept")),
      ]);
    }));
  }

  // Accepting a suggestion edits the tiles it names (by their index in the raw reading); the
  // edits are then corrections of the reading like any made by hand.
  function acceptSuggestion(n) {
    const suggestion = model.suggestions[n];
    if (!suggestion || suggestion.state !== "open") return;
    for (const change of suggestion.changes || []) {
      if (change.index === null || change.index === undefined || change.was === null || change.was === undefined) {
        if (change.now) model.groups[0].tiles.push({ code: change.now, box: change.box });
        continue;
      }
      model.groups.forEach((group, g) => {
        const i = group.tiles.findIndex((t) => t.src === change.index);
        if (i < 0) return;
        if (change.now) { group.tiles[i].code = change.now; return; }
        group.tiles.splice(i, 1);
        if (model.win && model.win.g === g) { if (model.win.i === i) model.win = null; else if (model.win.i > i) model.win.i -= 1; }
      });
      const f = model.flowers.findIndex((t) => t.src === change.index);
      if (f >= 0) { if (change.now) model.flowers[f].code = change.now; else model.flowers.splice(f, 1); }
    }
    model.suggestions.forEach((other, m) => { if (m !== n && other.state === "open") other.state = "dismissed"; });
    suggestion.state = "taken";
    model.focus = null;
    renderSuggestions();
    changed();
  }

  // Zoom: the canvas is drawn wider than its box, which scrolls (drag to pan on a phone).
  let zoom = 1;
  function setZoom(value) {
    const scroll = $("photo-scroll");
    const centre = (scroll.scrollLeft + scroll.clientWidth / 2) / Math.max(1, scroll.scrollWidth);
    zoom = Math.min(4, Math.max(1, value));
    canvas.style.width = (zoom * 100) + "%";
    $("zoom-level").textContent = Math.round(zoom * 100) + "%";
    scroll.scrollLeft = centre * scroll.scrollWidth - scroll.clientWidth / 2;
  }
  // Pinch with two fingers to zoom (one finger still pans the box); the page itself does not zoom.
  let pinch = null;
  const spread = (touches) => Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
  $("photo-scroll").addEventListener("touchstart", (event) => {
    if (event.touches.length === 2) pinch = { distance: spread(event.touches), zoom };
  }, { passive: true });
  $("photo-scroll").addEventListener("touchmove", (event) => {
    if (!pinch || event.touches.length !== 2) return;
    event.preventDefault();
    setZoom(pinch.zoom * spread(event.touches) / Math.max(1, pinch.distance));
  }, { passive: false });
  $("photo-scroll").addEventListener("touchend", (event) => { if (event.touches.length < 2) pinch = null; });
  $("zoom-in").addEventListener("click", () => setZoom(zoom + 0.5));
  $("zoom-out").addEventListener("click", () => setZoom(zoom - 0.5));

  canvas.addEventListener("click", (event) => {   // tap a box to select its tile in the editor
    if (!model.read) return;
    const rect = canvas.getBoundingClientRect();
    const x = (event.clientX - rect.left) * (model.read.width || canvas.width) / rect.width;
    const y = (event.clientY - rect.top) * (model.read.height || canvas.height) / rect.height;
    const hit = (model.read.tiles || []).findIndex((d) => x >= d.box[0] && x <= d.box[2] && y >= d.box[1] && y <= d.box[3]);
    if (hit < 0) return;
    model.groups.forEach((group, g) => group.tiles.forEach((t, i) => { if (t.src === hit) model.selected = { where: "group", g, i }; }));
    model.flowers.forEach((t, i) => { if (t.src === hit) model.selected = { where: "flowers", g: 0, i }; });
    render();
  });

  function currentCodesBySource() {
    const map = new Map();
    const visit = (t) => { if (t.src !== undefined) map.set(t.src, t.code); };
    model.groups.forEach((g) => g.tiles.forEach(visit));
    model.flowers.forEach(visit);
    return map;
  }

  function corrections() {
    if (!model.read) return [];
    const now = currentCodesBySource();
    const out = [];
    (model.read.tiles || []).forEach((det, index) => {
      const code = now.has(index) ? now.get(index) : null;
      if (det.tile === "back" && code !== null) return;   // a face-down kong tile takes the kong's face
      if (code !== det.tile) out.push({ index, was: det.tile, now: code });
    });
    const added = [];
    model.groups.forEach((g) => g.tiles.forEach((t) => { if (t.src === undefined) added.push(t.code); }));
    model.flowers.forEach((t) => { if (t.src === undefined) added.push(t.code); });
    for (const code of added) out.push({ index: null, was: null, now: code });
    return out;
  }

  let uploads = 0;   // a second photo sent before the first is read: only the second is used
  async function uploadPhoto(file) {
    const mine = ++uploads;
    showMessage("");
    $("photo-status").textContent = t("Reading the tiles…");
    const form = new FormData();
    form.append("photo", file);
    try {
      const data = await api(page.api.photo, { method: "POST", body: form });
      if (mine === uploads) useRead(data, file);
    } catch (error) {
      if (mine !== uploads) return;
      $("photo-status").textContent = "";
      showMessage(engineText(error.data && error.data.code, error.data && error.data.params, error.message));
    }
  }

  function useRead(data, file) {
    model.photo = { id: data.photo_id, url: data.photo_url };
    model.read = data.read;
    const count = (data.read.tiles || []).length;
    $("photo-status").textContent = data.from_camera
      ? t("The table camera read {count} tiles. Check them below.", { count })
      : data.reader
        ? t("Read {count} tiles in {ms} ms. Check them below; amber boxes are unsure.", { count, ms: Math.round(data.read_ms || 0) })
        : data.warning ? t("Photo saved, but {warning}.", { warning: engineText(data.warning_code, data.warning_params, data.warning) })
          : t("Photo saved. No tile reader is installed, so enter the tiles with the palette.");
    fromRead(data.read);
    model.suggestions = (data.read.suggestions || []).map((s) => Object.assign({ state: "open" }, s));
    model.focus = null;
    renderSuggestions();
    const doubts = data.read.ambiguities || [];
    $("ambiguities").replaceChildren(...doubts.map((item) => el("li", {}, window.doubtText(item, words))));
    const source = file ? URL.createObjectURL(file) : data.photo_url;
    if (source) {
      photoImage = new Image();
      photoImage.onload = () => { $("photo-box").classList.remove("hidden"); drawPhoto(); };
      photoImage.src = source;
    } else {
      photoImage = null;
      $("photo-box").classList.add("hidden");
    }
    setStep("tiles");
    changed();
  }

  // ---- the live camera (live.js) ----------------------------------------------------------------
  let camera = null;
  function liveOff() {
    if (camera) camera.stop();
    camera = null;
    $("live-box").classList.add("hidden");
    $("live-start").classList.remove("hidden");
  }
  $("live-start").addEventListener("click", () => {
    showMessage("");
    $("live-box").classList.remove("hidden");
    $("live-start").classList.add("hidden");
    $("live-status").textContent = t("Starting the camera…");
    camera = window.TTLive.start({
      video: $("live-video"), overlay: $("live-overlay"), url: page.api.photo,
      onStatus: (text) => { $("live-status").textContent = text; },
      onTake: (blob) => {
        liveOff();
        uploadPhoto(new File([blob], "camera.jpg", { type: "image/jpeg" }));
      },
      onFail: (text) => { liveOff(); showMessage(text, "info"); },
    });
  });
  $("live-take").addEventListener("click", () => { if (camera) camera.take(); });
  $("live-stop").addEventListener("click", liveOff);

  $("photo").addEventListener("change", (event) => {
    const file = event.target.files && event.target.files[0];
    // Emptied, so that choosing the same photo again (after a refusal, say) sends it again.
    event.target.value = "";
    if (file) uploadPhoto(file);
  });

  // A stable hand pushed by `python -m vision watch --post URL` from a laptop camera.
  let pendingSeen = null;
  async function pollPending() {
    try {
      const data = await api(page.api.pending);
      if (data.pending && data.pending.id !== pendingSeen) {
        const button = $("use-camera-hand");
        button.classList.remove("hidden");
        button.onclick = () => {
          pendingSeen = data.pending.id;
          button.classList.add("hidden");
          model.photo = data.pending.photo_id ? { id: data.pending.photo_id } : null;
          useRead({ read: data.pending.read, photo_id: data.pending.photo_id, reader: true, from_camera: true }, null);
        };
      }
    } catch (error) { /* the table page may be offline for a moment; try again later */ }
  }

  // ---- context -------------------------------------------------------------------------------
  function seatOptions(select, includeNone) {
    select.replaceChildren(...(includeNone ? [el("option", { value: "" }, "—")] : []),
      ...page.seats.map((seat) => el("option", { value: String(seat.seat) }, windName(seat.wind) + " — " + seat.name)));
  }
  seatOptions($("winner"));
  seatOptions($("discarder"));
  $("flags").replaceChildren(...page.flags.map((flag) =>
    el("label", { class: "check" }, [el("input", { type: "checkbox", value: flag.name, onchange: changed }), flag.label])));
  $("riichi-box").classList.toggle("hidden", !page.uses_riichi);
  $("riichi").replaceChildren(...page.seats.map((seat) =>
    el("label", { class: "check" }, [el("input", { type: "checkbox", value: String(seat.seat), onchange: changed }), nameTag(seat.name)])));
  $("dora-box").classList.toggle("hidden", !page.uses_dora);
  $("target-tabs").classList.toggle("hidden", !page.uses_dora);
  $("target-ura").classList.toggle("hidden", !page.uses_dora);
  $("ura-box").classList.toggle("hidden", !page.uses_dora);
  $("claim-box").classList.toggle("hidden", page.mode !== "dispute");
  if (page.scores_losers) {
    $("others-box").classList.remove("hidden");
  }
  function renderOthers() {
    if (!page.scores_losers) return;
    const winner = Number($("winner").value);
    const box = $("others");
    const previous = {};
    for (const input of box.querySelectorAll("input")) previous[input.name] = input.value;
    box.replaceChildren(...page.seats.filter((s) => s.seat !== winner).map((seat) => el("div", {}, [
      el("label", { for: "other-hand-" + seat.seat }, t("{name}: concealed tiles, then melds", { name: seat.name })),
      el("input", { id: "other-hand-" + seat.seat, name: "hand-" + seat.seat, type: "text", placeholder: t("e.g. 19m55p"), value: previous["hand-" + seat.seat] || "", onchange: changed }),
      el("input", { name: "melds-" + seat.seat, type: "text", placeholder: t("melds, e.g. pon:777z kan:2222s"), value: previous["melds-" + seat.seat] || "", onchange: changed }),
    ])));
  }

  function renderAlso() {
    const winner = Number($("winner").value);
    const discarder = Number($("discarder").value);
    const box = $("also");
    const previous = {};
    for (const input of box.querySelectorAll("input")) previous[input.name] = input.value;
    box.replaceChildren(...page.seats.filter((s) => s.seat !== winner && s.seat !== discarder).map((seat) => el("div", {}, [
      el("label", { for: "also-hand-" + seat.seat }, t("{name} also claimed with", { name: seat.name })),
      el("input", { id: "also-hand-" + seat.seat, name: "also-hand-" + seat.seat, type: "text", placeholder: t("e.g. 123m456p789s11z222z"),
        value: previous["also-hand-" + seat.seat] || "", onchange: changed }),
      el("input", { name: "also-melds-" + seat.seat, type: "text", placeholder: t("melds, e.g. pon:777z"),
        value: previous["also-melds-" + seat.seat] || "", onchange: changed }),
    ])));
  }

  function alsoClaimed() {
    const out = [];
    for (const seat of page.seats) {
      const hand = document.querySelector("#also input[name=also-hand-" + seat.seat + "]");
      const melds = document.querySelector("#also input[name=also-melds-" + seat.seat + "]");
      if (hand && hand.value.trim()) {
        out.push({ winner: seat.seat, hand: hand.value.trim(), melds: melds.value.trim().split(/\s+/).filter(Boolean) });
      }
    }
    return out;
  }

  function winBy() { return document.querySelector("input[name=win_by]:checked").value; }
  function updateContext() {
    const winner = Number($("winner").value);
    const tsumo = winBy() === "tsumo";
    $("discarder-box").classList.toggle("hidden", tsumo);
    for (const option of $("discarder").options) option.disabled = Number(option.value) === winner;
    if (!tsumo && Number($("discarder").value) === winner) $("discarder").value = String((winner + 3) % 4);
    // Seats are listed in the players' order, which is not the winds' order once the deal moves.
    const seat = page.seats.find((s) => s.seat === winner);
    const context = [t("Seat wind {wind}", { wind: windName(seat.wind) }),
      t("round wind {wind}", { wind: windName(page.round_wind || "") || page.round_wind_name })];
    if (page.uses_counters) context.push(t("counters {count}", { count: page.counters }));
    if (page.uses_riichi) context.push(t("riichi sticks on the table {count}", { count: page.sticks }));
    $("winds").textContent = page.mode === "amend"
      ? t("{list} (as when the hand was played).", { list: context.join(t(", ")) })
      : t("{list} (from the table).", { list: context.join(t(", ")) });
  }
  for (const input of document.querySelectorAll("input[name=win_by]")) input.addEventListener("change", changed);
  $("winner").addEventListener("change", () => { renderOthers(); renderAlso(); changed(); });
  $("discarder").addEventListener("change", () => { renderAlso(); changed(); });
  $("claim").addEventListener("input", changed);

  // The set the winning tile completes was never claimed as a meld (the win took the tile): a
  // meld made around the winning tile is scored with the concealed tiles, the tile marked in it.
  function payload() {
    const win = model.win && model.groups[model.win.g] ? model.groups[model.win.g].tiles[model.win.i] : null;
    const winGroup = win && model.win.g > 0 ? model.win.g : null;
    const concealed = model.groups[0].tiles.concat(winGroup ? model.groups[winGroup].tiles : []);
    const others = {};
    if (page.scores_losers) {
      for (const seat of page.seats) {
        const hand = document.querySelector("#others input[name=hand-" + seat.seat + "]");
        const melds = document.querySelector("#others input[name=melds-" + seat.seat + "]");
        if (hand && (hand.value.trim() || melds.value.trim())) {
          others[seat.seat] = { hand: hand.value.trim(), melds: melds.value.trim().split(/\s+/).filter(Boolean) };
        }
      }
    }
    return {
      hand: tileCodes(concealed),
      melds: model.groups.slice(1).filter((_, n) => n + 1 !== winGroup).map((g) => g.kind + ":" + tileCodes(g.tiles)),
      win_tile: win ? win.code : null,
      win_by: winBy(),
      winner: Number($("winner").value),
      discarder: winBy() === "tsumo" ? null : Number($("discarder").value),
      flowers: tileCodes(model.flowers),
      flags: [...document.querySelectorAll("#flags input:checked")].map((i) => i.value),
      dora_indicators: tileCodes(model.dora),
      ura_indicators: tileCodes(model.ura),
      riichi: [...document.querySelectorAll("#riichi input:checked")].map((i) => Number(i.value)),
      others,
      also_claimed: winBy() === "tsumo" ? [] : alsoClaimed(),
      claim: $("claim").value.trim(),
      photo_id: model.photo ? model.photo.id : null,
      read: model.read,
      corrections: corrections(),
      amend: page.amend,
      version: model.version,
    };
  }

  // ---- the breakdown -------------------------------------------------------------------------
  let timer = null;
  let sequence = 0;
  function changed() {
    render();
    // The breakdown on the page is the old hand's until the new one answers: no confirming it.
    $("confirm").disabled = true;
    clearTimeout(timer);
    // The server answers a preview in a few milliseconds; a short pause only merges a burst of taps.
    timer = setTimeout(scoreNow, 40);
  }

  async function scoreNow() {
    const body = payload();
    if (!body.hand) { renderBreakdown(null); return; }
    if (!body.win_tile) { renderBreakdown({ noWin: true }); return; }
    const mine = ++sequence;
    try {
      const data = await api(page.api.score, { method: "POST", json: body });
      if (mine === sequence) renderBreakdown(data);
    } catch (error) {
      if (mine === sequence) renderBreakdown({ ok: false, error: error.message, score: error.data || {} });
    }
  }

  function paymentsGrid(deltas) {
    return el("div", { class: "pay" }, page.seats.map((seat) => el("div", { class: deltas[seat.seat] < 0 ? "neg" : "" },
      [nameTag(seat.name, "muted"), el("b", {}, signed(deltas[seat.seat]))])));
  }

  // The hand's value, the counters' bonus and the riichi sticks each on their own line (a line
  // that is zero for everyone is left out), then the total each player pays or receives.
  function paymentLines(deltas, lines) {
    const rows = [];
    const line = (label, values, id) => el("tr", id ? { id } : {}, [el("th", { scope: "row" }, label),
      ...page.seats.map((seat) => el("td", { class: values[seat.seat] < 0 ? "neg" : "" }, signed(values[seat.seat])))]);
    if (lines) {
      rows.push(line(t("Hand"), lines.value, "pay-value"));
      if (lines.counters.some((v) => v)) rows.push(line(t("Counters"), lines.counters, "pay-counters"));
      if (lines.sticks.some((v) => v)) rows.push(line(t("Riichi sticks"), lines.sticks, "pay-sticks"));
    }
    rows.push(line(t("Total"), deltas, "pay-total"));
    const head = el("tr", {}, [el("th", {}, ""), ...page.seats.map((seat) =>
      el("th", { scope: "col", class: "name-cell", title: seat.name }, [el("span", { class: "name-text", tabindex: "0" }, seat.name)]))]);
    return el("table", { class: "paytable" }, [el("thead", {}, [head]), el("tbody", {}, rows)]);
  }

  // An amendment can move the seats, dealer and counters of the hands after it: before the player
  // confirms, say which later hands change and how, or that one of them stops the amendment.
  function laterHands(data) {
    const refused = data.amend_refused;
    if (refused) {
      const reason = engineText(refused.reason_code, refused.reason_params, refused.reason);
      return [el("div", { class: "verdict bad", role: "alert", id: "amend-refused" },
        t("This amendment cannot be saved: it moves the seats of hand {number} ({name}'s win), which would then no longer be a win ({reason}). Amend or undo that hand first.",
          { number: refused.hand_number, name: refused.winner_name, reason }))];
    }
    if (!data.later || !data.later_count) return [];
    if (!data.later.length) return [el("p", { class: "muted", id: "later-hands" }, t("The later hands stay as they are."))];
    const unit = UNITS[data.total_unit] || data.total_unit || "";
    const amount = (value) => window.formatNumber(value) + (unit ? " " + unit : "");
    const items = data.later.map((change) => {
      const labels = { number: change.hand_number, name: change.winner_name, old: change.old.label, new: change.new.label };
      const title = change.winner_name !== null && change.winner_name !== undefined
        ? t("Hand {number} ({name}'s win), {old} → {new}", labels) : t("Hand {number}, {old} → {new}", labels);
      const lines = [el("b", {}, title)];
      if (change.rescored && change.old.total !== null && change.old.total !== undefined) {
        lines.push(el("p", { class: "later-total" }, t("Scored again in its new seat: {old} → {new}",
          { old: amount(change.old.total), new: amount(change.new.total) })));
      }
      const row = (label, values) => el("tr", {}, [el("th", { scope: "row" }, label),
        ...page.seats.map((seat) => el("td", { class: values[seat.seat] < 0 ? "neg" : "" }, signed(values[seat.seat])))]);
      const head = el("tr", {}, [el("th", {}, ""), ...page.seats.map((seat) =>
        el("th", { scope: "col", class: "name-cell", title: seat.name }, [el("span", { class: "name-text", tabindex: "0" }, seat.name)]))]);
      lines.push(el("table", { class: "paytable" }, [el("thead", {}, [head]),
        el("tbody", {}, [row(t("Before"), change.old.deltas), row(t("After"), change.new.deltas)])]));
      return el("li", { "data-index": String(change.index) }, lines);
    });
    return [el("h2", { class: "mt" }, t("Later hands this changes")),
      el("ul", { class: "later-hands", id: "later-hands" }, items)];
  }

  function renderBreakdown(data) {
    const box = $("breakdown");
    model.lastScore = data;
    const confirm = $("confirm");
    if (!data) { box.replaceChildren(el("p", { class: "muted" }, t("Add tiles to see the score."))); confirm.disabled = true; return; }
    if (data.noWin) {     // the engine would take some tile as the winning one: the player says which
      box.replaceChildren(el("div", { class: "verdict bad", role: "alert", id: "no-win-tile" },
        t("Mark the winning tile: tap it, then “Winning tile”.")));
      confirm.disabled = true;
      return;
    }
    if (!data.ok) {
      const failed = data.score || {};
      box.replaceChildren(el("div", { class: "verdict bad", role: "alert" },
        engineText(failed.code, failed.params, data.error)));
      confirm.disabled = true;
      return;
    }
    setStep("score");
    const score = data.score;
    const parts = [];
    const minimumLine = minimumText(data);
    if (score.valid && score.meets_minimum) {
      const minimum = minimumLine ? ": " + minimumLine : "";
      parts.push(el("div", { class: "verdict ok" }, t("Valid win") + minimum));
    } else {
      const reason = engineText(score.reason_code, score.reason_params, score.reason)
        || (score.valid ? t("Below the minimum") : t("Not a winning hand"));
      const minimum = minimumLine ? " (" + minimumLine + ")" : "";
      parts.push(el("div", { class: "verdict bad" }, reason + minimum));
    }
    if (score.items && score.items.length) {
      const units = data.item_units || [];
      const rows = score.items.map((item, index) => el("tr", {}, [
        el("td", {}, [el("div", {}, [...itemTitle(item), item.count > 1 ? " ×" + item.count : ""]),
          el("div", { class: "why" }, reasonText(item, "why"))]),
        el("td", { class: "value" }, window.formatNumber(item.value * (item.count || 1)) + " " + (UNITS[units[index]] || units[index] || "")),
      ]));
      // Taiwanese: the dealer's tai when another player wins are charged to the dealer alone.
      for (const item of score.dealer_items || []) {
        rows.push(el("tr", { class: "dealer-only" }, [
          el("td", {}, [el("div", {}, [...itemTitle(item), item.count > 1 ? " ×" + item.count : ""]),
            el("div", { class: "why" }, reasonText(item, "why") + " (" + t("charged to the dealer only") + ")")]),
          el("td", { class: "value muted" }, "+" + window.formatNumber(item.value * (item.count || 1)) + " "
            + (UNITS[data.unit] || data.unit || "")),
        ]));
      }
      rows.push(el("tr", {}, [el("td", {}, [el("b", {}, t("Total"))]),
        el("td", { class: "value", id: "score-total" }, window.formatNumber(score.total) + " "
          + (UNITS[data.total_unit] || data.total_unit || ""))]));
      parts.push(el("table", { class: "breakdown" }, [el("tbody", {}, rows)]));
    }
    if (score.han !== null && score.han !== undefined) {
      parts.push(el("p", { class: "muted" }, t("{han} han, {fu} fu", { han: score.han, fu: score.fu })
        + (score.limit ? t(", ") + (LIMITS[score.limit] || score.limit) : "")));
    }
    if (score.excluded && score.excluded.length) {
      parts.push(el("details", {}, [el("summary", {}, t("Not counted ({count})", { count: score.excluded.length })),
        el("ul", {}, score.excluded.map((x) => el("li", {}, [...itemTitle(x), " (" + x.value + "): " + reasonText(x, "because")])))]));
    }
    if (data.claims_note) parts.push(el("p", { class: "verdict ok" }, data.claims_note));
    if (data.payments) {
      parts.push(el("h2", { class: "mt" }, t("Payments")));
      parts.push(paymentLines(data.payments, data.payment_lines));
    } else if (data.payment_error) {
      parts.push(el("p", { class: "muted" }, engineText(data.payment_error_code, data.payment_error_params,
        data.payment_error)));
    }
    if (page.mode === "amend") parts.push(...laterHands(data));
    if (data.dispute) {
      const d = data.dispute;
      parts.push(el("h2", { class: "mt" }, t("Dispute")));
      // What the camera saw, untouched, beside what the engine verified from the tiles as entered.
      const raw = model.read && (model.read.tiles || []).length
        ? [el("div", { class: "tiles" }, model.read.tiles.map((det) => tileImg(det.tile === "back" ? "back" : det.tile))),
          el("div", { class: "muted" }, (model.read.hand && model.read.hand.hand) || "")]
        : [el("p", { class: "muted" }, t("No photo: the tiles were entered by hand."))];
      parts.push(el("div", { class: "versus", id: "versus" }, [
        el("div", { id: "raw-reading" }, [el("b", {}, t("Raw reading")), ...raw]),
        el("div", { id: "verified" }, [el("b", {}, t("Verified")), el("p", {}, verifiedText(score, data.total_unit)),
          el("p", { class: d.upheld ? "verdict ok" : "verdict bad" }, d.upheld ? t("claim upheld") : t("false win")),
          el("p", { class: "muted" }, t("Declared: {declared}",
            { declared: SAID[d.declared_text] || d.declared_text || "—" }))]),
      ]));
      const details = d.details || [];
      parts.push(el("ul", { class: "diff" }, details.length
        ? details.map((x) => el("li", {}, differenceText(x, score)))
        : [el("li", {}, t("no differences"))]));
      if (d.penalty) { parts.push(el("p", {}, [el("b", {}, t("Penalty (false win): "))])); parts.push(paymentsGrid(d.penalty)); }
    }
    box.replaceChildren(...parts);
    const acceptable = page.mode === "dispute" ? true : (score.valid && score.meets_minimum && !!data.payments);
    confirm.disabled = !acceptable;
    confirm.textContent = page.mode === "dispute" ? (data.dispute && data.dispute.penalty ? t("Record the false win") : t("Record the win"))
      : page.mode === "amend" ? t("Save the amended hand") : t("Confirm and post to the table");
  }

  $("confirm").addEventListener("click", async () => {
    const confirm = $("confirm");
    confirm.disabled = true;
    try {
      const result = await api(page.api.submit, { method: page.api.submit_method, json: payload() });
      window.location.assign(root.dataset.tableUrl + "#hand-" + result.index);
    } catch (error) {
      confirm.disabled = false;
      if (error.status === 409) {
        conflict(error.data && error.data.version);
      } else {
        showMessage(engineText(error.data && error.data.code, error.data && error.data.params, error.message));
      }
    }
  });

  // Someone else recorded a hand first: say so in words and offer to put this one on top of it
  // (scored again against the table as it is now, so the breakdown shown is what will be recorded).
  function conflict(version) {
    const box = $("message");
    box.className = "flash error";
    box.replaceChildren(
      el("p", {}, t("Someone else recorded a hand at this table while you were entering this one, so yours was not saved. Your tiles are still here.")),
      el("button", { type: "button", class: "primary", id: "reapply", onclick: async () => {
        if (typeof version === "number") model.version = version;
        else { try { model.version = (await api(root.dataset.api)).version; } catch (e) { /* keep the old one */ } }
        showMessage(t("Re-applied on top of the latest hand: check the score below, then confirm."), "info");
        await scoreNow();
      } }, t("Re-apply mine on top of theirs")));
    box.scrollIntoView({ block: "center" });
  }

  function render() {
    renderGroups();
    renderReadingRow();
    renderMeldBar();
    renderPalette();
    updateContext();
    drawPhoto();
  }

  // ---- start -----------------------------------------------------------------------------------
  if (page.initial) {
    fromHand(page.initial);
    $("winner").value = String(page.initial.winner);
    if (page.initial.discarder !== null && page.initial.discarder !== undefined) $("discarder").value = String(page.initial.discarder);
    const radio = document.querySelector("input[name=win_by][value=" + (page.initial.win_by || "ron") + "]");
    if (radio) radio.checked = true;
    for (const input of document.querySelectorAll("#flags input")) input.checked = (page.initial.flags || []).includes(input.value);
    for (const input of document.querySelectorAll("#riichi input")) input.checked = (page.initial.riichi || []).includes(Number(input.value));
    if (page.initial.photo_id) model.photo = { id: page.initial.photo_id };
    // Classical: an amended hand keeps the losers' hands it was settled with.
    renderOthers();
    for (const [seat, other] of Object.entries(page.initial.others || {})) {
      const hand = document.querySelector("#others input[name=hand-" + seat + "]");
      const melds = document.querySelector("#others input[name=melds-" + seat + "]");
      if (hand) hand.value = other.hand || "";
      if (melds) melds.value = (other.melds || []).join(" ");
    }
  } else {
    $("winner").value = String(page.dealer_seat);
    $("discarder").value = String((page.dealer_seat + 1) % 4);
  }
  renderOthers();
  renderAlso();
  render();
  if (page.initial) scoreNow();
  // One poll at a time, so an older camera hand is never offered again by a late answer.
  if (page.api.pending) pollEvery(4000, pollPending, true);
})();
