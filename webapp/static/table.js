/* Table page and scoreboard: the totals chart (Chart.js, vendored), drawn from embedded JSON. */
"use strict";
window.TTChart = (function () {
  const COLOURS = ["#1f6f50", "#b8860b", "#1565c0", "#a23b1d"];
  function datasets(data) {
    return data.series.map((series, index) => ({
      label: series.name, data: series.data, borderColor: COLOURS[index % 4],
      backgroundColor: COLOURS[index % 4], tension: 0, pointRadius: 3, borderWidth: 2.5,
    }));
  }
  // The first point is the starting totals; the others are hand labels (E1, S3), the same in every language.
  function labels(data) { return data.labels.map((label, index) => (index === 0 ? t("start") : label)); }
  function draw(canvas, data) {
    if (!canvas || typeof Chart === "undefined") return null;
    return new Chart(canvas, {
      type: "line",
      data: { labels: labels(data), datasets: datasets(data) },
      options: {
        responsive: true, maintainAspectRatio: false, animation: false,
        interaction: { mode: "index", intersect: false },
        scales: { x: { title: { display: true, text: t("hand") } }, y: { title: { display: true, text: t("total") } } },
        plugins: { legend: { position: "bottom", labels: { boxWidth: 14 } } },
      },
    });
  }
  function update(chart, data) {
    if (!chart) return;
    chart.data.labels = labels(data);
    chart.data.datasets = datasets(data);
    chart.update();
  }
  return { draw, update };
})();

(function () {
  const source = document.getElementById("chart-data");
  const canvas = document.getElementById("totals-chart");
  if (!source || !canvas || document.body.classList.contains("board")) return;
  window.TTChart.draw(canvas, JSON.parse(source.textContent));
})();
