// Club pages: the new-season form shows the standings rules of the family chosen; a player's
// page draws their place and total in each game (Chart.js, as the table page).
(function () {
  "use strict";
  var family = document.getElementById("season-family");
  if (family) {
    var show = function () {
      document.querySelectorAll(".season-rule").forEach(function (box) {
        box.classList.toggle("hidden", box.getAttribute("data-family") !== family.value);
      });
    };
    family.addEventListener("change", show);
    show();
  }
  var data = document.getElementById("player-chart");
  if (!data || typeof Chart === "undefined") return;
  var chart = JSON.parse(data.textContent);
  var t = window.t || function (text) { return text; };
  var common = {responsive: true, maintainAspectRatio: false, animation: false,
                plugins: {legend: {display: false}}};
  new Chart(document.getElementById("player-places"), {
    type: "line",
    data: {labels: chart.labels, datasets: [{label: t("Place"), data: chart.places, borderColor: "#1f6f50",
                                             stepped: true, pointRadius: 3}]},
    options: Object.assign({}, common, {scales: {y: {reverse: true, min: 1, max: 4, ticks: {stepSize: 1}}}})
  });
  new Chart(document.getElementById("player-totals"), {
    type: "bar",
    data: {labels: chart.labels, datasets: [{label: t("Total"), data: chart.totals,
                                             backgroundColor: chart.totals.map(function (v) { return v < 0 ? "#b5472f" : "#1f6f50"; })}]},
    options: common
  });
})();
