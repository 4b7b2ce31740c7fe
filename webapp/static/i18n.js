// The page scripts' translations: t("English text", {name: value}) returns the text in the page's
// language from the gettext catalog base.html embeds (the "js" domain of webapp/translations),
// or the English text itself when the catalog has no entry. "{name}" placeholders are filled from
// the params; numbers are written as the reader writes them (Intl, the page's <html lang>).
(function () {
  "use strict";
  var node = document.getElementById("i18n-catalog");
  var catalog = {};
  try { catalog = node ? JSON.parse(node.textContent) : {}; } catch (e) { catalog = {}; }
  var lang = document.documentElement.lang || "en";
  var numbers = (typeof Intl !== "undefined") ? new Intl.NumberFormat(lang) : null;

  function number(value) {
    return (numbers && typeof value === "number") ? numbers.format(value) : String(value);
  }

  function t(text, params) {
    var out = Object.prototype.hasOwnProperty.call(catalog, text) ? catalog[text] : text;
    if (params) {
      out = out.replace(/\{(\w+)\}/g, function (whole, key) {
        return Object.prototype.hasOwnProperty.call(params, key) ? number(params[key]) : whole;
      });
    }
    return out;
  }

  window.t = t;
  window.formatNumber = number;
  window.pageLanguage = lang;
})();
