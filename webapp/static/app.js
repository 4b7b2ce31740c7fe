/* TileTally shared helpers: JSON API calls, tile pictures, small DOM builders. No framework. */
"use strict";
window.TT = (function () {
  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "text") node.textContent = value;
      else if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "dataset") Object.assign(node.dataset, value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of [].concat(children || [])) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  async function api(url, options) {
    const init = Object.assign({ headers: {} }, options || {});
    if (init.json !== undefined) {
      init.body = JSON.stringify(init.json);
      init.headers["Content-Type"] = "application/json";
      delete init.json;
    }
    init.headers["Accept"] = "application/json";
    const response = await fetch(url, init);
    let data = null;
    try { data = await response.json(); } catch (error) { data = { ok: false, error: response.statusText }; }
    if (!response.ok) {
      const failure = new Error((data && data.error) || ("HTTP " + response.status));
      failure.status = response.status;
      failure.data = data;
      throw failure;
    }
    return data;
  }

  // Call `poll` every `ms` (and at once when `now`), one call at a time: on a slow link, answers
  // to overlapping polls could arrive out of order and put older news on the page.
  function pollEvery(ms, poll, now) {
    let polling = false;
    async function once() {
      if (polling) return;
      polling = true;
      try { await poll(); } finally { polling = false; }
    }
    if (now) once();
    setInterval(once, ms);
  }

  let tileUrl = "/tiles/CODE.png";
  function setTileUrl(template) { tileUrl = template; }
  function tileImg(code, extra) {
    return el("img", Object.assign({ class: "tile", src: tileUrl.replace("CODE", code), alt: code,
      width: 36, height: 48 }, extra || {}));
  }

  // Copy buttons: <button class="copy" data-copy="ID"> copies the text of element ID. Where the
  // clipboard API is not offered (plain http on a phone), the text is selected for a long-press copy.
  document.addEventListener("click", async (event) => {
    const button = event.target.closest && event.target.closest("button.copy[data-copy]");
    if (!button) return;
    const source = document.getElementById(button.dataset.copy);
    if (!source) return;
    const label = button.dataset.label || button.textContent;
    button.dataset.label = label;
    try {
      await navigator.clipboard.writeText(source.textContent.trim());
      button.textContent = t("Copied");
    } catch (error) {
      const range = document.createRange();
      range.selectNodeContents(source);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      button.textContent = t("Selected: copy it");
    }
    setTimeout(() => { button.textContent = label; }, 2000);
  });

  // A player's name on its own (a check box, a column): cut with an ellipsis to fit, whole on a
  // tap (focus) or in its title.
  function nameTag(name, extra) {
    return el("span", { class: "name-text" + (extra ? " " + extra : ""), title: name, tabindex: "0" }, name);
  }

  function signed(value) {
    const text = window.formatNumber ? window.formatNumber(value) : String(value);
    return value > 0 ? "+" + text : text;
  }
  const WIND_NAMES = { E: t("East"), S: t("South"), W: t("West"), N: t("North") };
  return { el, api, pollEvery, tileImg, setTileUrl, signed, nameTag, WIND_NAMES };
})();
