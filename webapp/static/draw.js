/* Draw page: preview the payments as the form changes (the form itself posts without script). */
"use strict";
(function () {
  const form = document.getElementById("draw-form");
  if (!form) return;
  const { api, signed } = window.TT;
  const checked = (name) => [...form.querySelectorAll("input[name=" + name + "]:checked")].map((i) => Number(i.value));
  async function preview() {
    const body = { abortive: form.querySelector("input[name=kind]:checked").value === "abortive",
      waiting: checked("waiting"), riichi: checked("riichi"), reason: form.querySelector("#reason").value };
    for (const key of ["player", "tiles", "discards"]) {
      const field = form.querySelector("[name=" + key + "]");
      if (field && field.value) body[key] = key === "player" ? Number(field.value) : field.value;
    }
    const note = document.getElementById("draw-note");
    try {
      const data = await api(form.dataset.preview, { method: "POST", json: body });
      for (const cell of document.querySelectorAll("#draw-payments [data-player]")) {
        const value = data.deltas[Number(cell.dataset.player)];
        cell.querySelector("b").textContent = signed(value);
        cell.classList.toggle("neg", value < 0);
      }
      note.textContent = data.summary || "";
    } catch (error) {
      const data = error.data || {};
      note.textContent = window.engineText(data.code, data.params, error.message);
    }
  }
  form.addEventListener("change", preview);
  preview();
})();
