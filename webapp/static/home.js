/* Home: show the options of the chosen preset only. */
"use strict";
(function () {
  const select = document.getElementById("rules");
  if (!select) return;
  function show() {
    for (const box of document.querySelectorAll("fieldset.options")) {
      const on = box.dataset.preset === select.value;
      box.classList.toggle("hidden", !on);
      for (const input of box.querySelectorAll("input, select")) input.disabled = !on;
    }
  }
  select.addEventListener("change", show);
  show();
})();
