/* Table page and scoreboard: the totals chart (Chart.js, vendored), drawn from embedded JSON.
   Each player keeps one colour (the seats and the history use the same, app.css --p0..--p3); equal
   totals stay visible as each line has its own dash and width, the solid line widest and drawn
   first; each line ends with its player's name. */
"use strict";
window.TTChart = (function () {
  const COLOURS = ["#1565c0", "#c2410c", "#2e7d32", "#7b1fa2"];
  const DASHES = [[], [10, 5], [3, 4], [12, 4, 3, 4]];
  const POINTS = ["circle", "rect", "triangle", "rectRot"];
  const LABEL_ROOM = 84;      // px kept right of the plot for the end labels
  function datasets(data) {
    return data.series.map((series, index) => ({
      label: series.name, data: series.data, borderColor: COLOURS[index % 4],
      backgroundColor: COLOURS[index % 4], tension: 0, pointRadius: 3, pointStyle: POINTS[index % 4],
      borderWidth: 4 - (index % 4) * 0.6, borderDash: DASHES[index % 4],
      order: 4 - (index % 4),   // a higher order is drawn sooner, under the dashed lines
    }));
  }
  function short(name) { return name.length > 11 ? name.slice(0, 10) + "…" : name; }
  // Each line's player at its last point; labels that would overlap are pushed apart downwards.
  const endLabels = {
    id: "endLabels",
    afterDatasetsDraw(chart) {
      const items = chart.data.datasets.map((dataset, index) => {
        const meta = chart.getDatasetMeta(index);
        const last = meta.hidden ? null : meta.data[meta.data.length - 1];
        return last ? { x: last.x, y: last.y, text: short(dataset.label), colour: dataset.borderColor } : null;
      }).filter(Boolean).sort((a, b) => a.y - b.y);
      for (let i = 1; i < items.length; i++) items[i].y = Math.max(items[i].y, items[i - 1].y + 14);
      const { ctx } = chart;
      ctx.save();
      ctx.font = "600 12px system-ui, sans-serif";
      ctx.textBaseline = "middle";
      items.forEach((item) => { ctx.fillStyle = item.colour; ctx.fillText(item.text, item.x + 7, item.y); });
      ctx.restore();
    },
  };
  // The first point is the starting totals; the others are hand labels (E1, S3), the same in every language.
  function labels(data) { return data.labels.map((label, index) => (index === 0 ? t("start") : label)); }
  function draw(canvas, data) {
    if (!canvas || typeof Chart === "undefined") return null;
    return new Chart(canvas, {
      type: "line",
      data: { labels: labels(data), datasets: datasets(data) },
      plugins: [endLabels],
      options: {
        responsive: true, maintainAspectRatio: false, animation: false,
        layout: { padding: { right: LABEL_ROOM } },
        interaction: { mode: "index", intersect: false },
        scales: { x: { title: { display: true, text: t("hand") } }, y: { title: { display: true, text: t("total") } } },
        // The legend in the players' order (the drawing order would list them backwards).
        plugins: { legend: { position: "bottom", labels: { boxWidth: 14, usePointStyle: true,
          sort: (a, b) => a.datasetIndex - b.datasetIndex } } },
      },
    });
  }
  function update(chart, data) {
    if (!chart) return;
    chart.data.labels = labels(data);
    chart.data.datasets = datasets(data);
    chart.update();
  }
  return { draw, update, COLOURS };
})();

(function () {
  const source = document.getElementById("chart-data");
  const canvas = document.getElementById("totals-chart");
  if (!source || !canvas || document.body.classList.contains("board")) return;
  window.TTChart.draw(canvas, JSON.parse(source.textContent));
})();
