/* Draw page: preview the payments as the form changes (the form itself posts without script). */
"use strict";
(function () {
  const form = document.getElementById("draw-form");
  if (!form) return;
  const { api, signed } = window.TT;
  const players = [];   // names by player index, for the note's title
  for (const cell of document.querySelectorAll("#draw-payments [data-player]")) {
    players[Number(cell.dataset.player)] = cell.querySelector("span").title;
  }
  const checked = (name) => [...form.querySelectorAll("input[name=" + name + "]:checked")].map((i) => Number(i.value));
  // Previews can answer out of order (a phone on a slow link): only the newest one may be shown.
  let sequence = 0;
  async function preview() {
    const mine = ++sequence;
    const abortive = form.querySelector("input[name=kind]:checked").value === "abortive";
    // The reasons are the abortive kinds: one left chosen does not name a wall-ran-out draw.
    const body = { abortive, waiting: checked("waiting"), riichi: checked("riichi"),
      reason: abortive ? form.querySelector("#reason").value : "" };
    for (const key of ["player", "tiles", "discards"]) {
      const field = form.querySelector("[name=" + key + "]");
      if (field && field.value) body[key] = key === "player" ? Number(field.value) : field.value;
    }
    const note = document.getElementById("draw-note");
    try {
      const data = await api(form.dataset.preview, { method: "POST", json: body });
      if (mine !== sequence) return;
      for (const cell of document.querySelectorAll("#draw-payments [data-player]")) {
        const value = data.deltas[Number(cell.dataset.player)];
        cell.querySelector("b").textContent = signed(value);
        cell.classList.toggle("neg", value < 0);
      }
      note.textContent = window.TTi18n.handTitle({ kind: data.kind, facts: data.facts, title: data.summary }, players);
    } catch (error) {
      if (mine !== sequence) return;
      const data = error.data || {};
      note.textContent = window.engineText(data.code, data.params, error.message);
    }
  }
  form.addEventListener("change", preview);
  preview();
})();
