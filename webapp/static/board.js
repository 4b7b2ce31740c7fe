/* The read-only scoreboard: poll the board API and redraw totals, winds, dealer and the chart. */
"use strict";
(function () {
  const box = document.getElementById("board");
  if (!box) return;
  const { el, api, pollEvery } = window.TT;
  const { windName, windBadge, handTitle } = window.TTi18n;
  // An empty table has no chart (no meaningless axes); it is drawn once the first hand is in.
  const card = document.getElementById("board-chart-card");
  const initial = JSON.parse(document.getElementById("chart-data").textContent);
  let chart = card.classList.contains("hidden") ? null : window.TTChart.draw(document.getElementById("board-chart"), initial);
  let version = null;

  function seat(player) {
    return el("div", { class: "seat" + (player.is_dealer ? " dealer" : ""), dataset: { seat: String(player.player) } }, [
      el("div", {}, [el("span", { class: "wind", title: windName(player.wind) }, windBadge(player.wind)),
        el("span", { class: "name", title: player.name, tabindex: "0" }, player.card_name || player.name),
        player.is_dealer ? " " : null,      // as the page's own markup: the badge is a word apart
        player.is_dealer ? el("span", { class: "badge" }, t("dealer")) : null]),
      el("div", { class: "total" + (player.total < 0 ? " neg" : ""), dataset: { total: String(player.player) } },
        window.formatNumber(player.total)),
    ]);
  }

  // The final standings are drawn by the page (in the reader's language): a game that ends, or
  // is taken back, reloads it.
  const finishedAtLoad = box.dataset.finished === "1";
  function render(state) {
    if (Boolean(state.finished) !== finishedAtLoad) { window.location.reload(); return; }
    const counters = [el("span", {}, [t("Round") + " ", el("b", { dataset: { field: "round_wind" } }, windName(state.round_wind))]),
      el("span", {}, [pt("hand number", "Hand") + " ", el("b", { dataset: { field: "hand_number" } }, String(state.hand_number)),
        state.fixed_hands ? " " + t("of {total}", { total: state.fixed_hands }) : ""])];
    if (state.uses_counters) counters.push(el("span", {}, [t("Counters") + " ", el("b", {}, String(state.counters))]));
    if (state.uses_sticks) counters.push(el("span", {}, [t("Riichi sticks") + " ", el("b", {}, String(state.riichi_sticks))]));
    if (state.finished) counters.push(el("span", {}, [el("b", {}, t("Game over"))]));
    document.getElementById("board-seats").replaceChildren(
      el("div", { class: "board-grid" }, state.players.map(seat)), el("div", { class: "counters" }, counters));
    const last = state.history.length ? state.history[state.history.length - 1] : null;
    document.getElementById("last-hand").textContent = last
      ? t("Last: {title}", { title: handTitle(last, state.player_names) }) : t("No hands yet.");
    card.classList.toggle("hidden", !state.history.length);
    if (state.history.length && !chart) chart = window.TTChart.draw(document.getElementById("board-chart"), state.chart);
    else window.TTChart.update(chart, state.chart);
  }

  async function poll() {
    try {
      const state = await api(box.dataset.api);
      if (state.version !== version) { version = state.version; render(state); }
      document.getElementById("board-updated").textContent = box.dataset.rulesTitle + " · "
        + t("updated {time}", { time: new Date().toLocaleTimeString(window.pageLanguage) });
    } catch (error) {
      document.getElementById("board-updated").textContent = t("offline, retrying…");
    }
  }
  // The large view for a second screen: the whole screen, where the browser allows it.
  const full = document.getElementById("board-full");
  if (full && document.fullscreenEnabled) {
    full.classList.remove("hidden");
    full.addEventListener("click", () => {
      if (document.fullscreenElement) document.exitFullscreen();
      else document.documentElement.requestFullscreen().catch(() => {});
    });
  }
  pollEvery(Math.max(2, Number(box.dataset.refresh) || 5) * 1000, poll);
})();
