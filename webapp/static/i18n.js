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

  function fill(out, params) {
    if (params) {
      out = out.replace(/\{(\w+)\}/g, function (whole, key) {
        return Object.prototype.hasOwnProperty.call(params, key) ? number(params[key]) : whole;
      });
    }
    return out;
  }

  function t(text, params) {
    return fill(Object.prototype.hasOwnProperty.call(catalog, text) ? catalog[text] : text, params);
  }

  // pt("hand number", "Hand"): the same English word in another sense (gettext's msgctxt; the
  // catalog keys such a message as context + "\u0004" + text).
  function pt(context, text, params) {
    var key = context + "\u0004" + text;
    return fill(Object.prototype.hasOwnProperty.call(catalog, key) ? catalog[key] : text, params);
  }

  // Winds: the name in the page's language, and the short mark of a seat (the letter, or the one
  // character a Chinese or Japanese reader knows).
  var WINDS = { E: t("East"), S: t("South"), W: t("West"), N: t("North") };
  function windName(letter) { return WINDS[letter] || letter; }
  function windBadge(letter) { var name = windName(letter); return name.length === 1 ? name : letter; }

  // The abortive draws by the key the table records (webapp/labels.py ABORTIVE_WORDS).
  var ABORTIVE = {
    nine_terminals: t("nine terminal and honour tiles in a starting hand"),
    four_kongs: t("four kongs by different players"),
    same_first_discards: t("the same tile discarded by all four on the first go-round"),
    three_ron: t("three players claimed one discard"),
    four_riichi: t("four riichi declarations"),
  };

  // The reasons the draw form offered before (stored in English): listed so the catalog has them.
  [t("nine terminals and honours"), t("four kongs by different players"),
    t("four identical winds on the first go-round"), t("three players claimed one discard"),
    t("four riichi declarations"), t("other")];

  // A win's counters bonus and the riichi sticks it took, after its title (as labels.py writes it).
  function signed(points) { return (points > 0 ? "+" : "") + number(points); }
  function winExtras(facts) {
    var parts = [];
    if (facts.counter_points) parts.push(t("{points} counters", { points: signed(facts.counter_points) }));
    if (facts.stick_points) parts.push(t("{points} riichi sticks", { points: signed(facts.stick_points) }));
    return parts.length ? " (" + parts.join(t(", ")) + ")" : "";
  }

  // A recorded hand's one-line title from its facts (the API's English title where there are none);
  // webapp/labels.py writes the same titles for the pages.
  function handTitle(entry, players) {
    var facts = entry.facts || {};
    var name = function (index) { return players[index] !== undefined ? players[index] : "?"; };
    if (entry.kind === "win" && facts.winners && facts.winners.length === 1) {   // several: the summary
      return (facts.discarder === null || facts.discarder === undefined
        ? t("{winner} wins self-drawn, {total}", { winner: name(facts.winners[0]), total: facts.total })
        : t("{winner} wins on {discarder}'s discard, {total}",
          { winner: name(facts.winners[0]), discarder: name(facts.discarder), total: facts.total }))
        + winExtras(facts);
    }
    if (entry.kind === "draw" || entry.kind === "abortive_draw") {
      var title = entry.kind === "abortive_draw" ? t("abortive draw") : t("draw");
      if (facts.reason) title += " (" + (ABORTIVE[facts.reason] || t(facts.reason)) + ")";
      if (facts.waiting && facts.waiting.length) {
        title += "; " + t("waiting: {names}", { names: facts.waiting.map(name).join(", ") });
      }
      return title;
    }
    if (entry.kind === "false_win" && facts.offender !== undefined) {
      return t("false win by {name}", { name: name(facts.offender) });
    }
    if (entry.kind === "penalty") {
      return facts.reason ? t("penalty: {reason}", { reason: facts.reason }) : t("penalty");
    }
    return entry.title || "";
  }

  // An engine or table refusal's message in this language, from its code and params, filled in as
  // Python's str.format does ({name} a param, {{ and }} a brace); the English text when the code
  // has no template. The templates are the page's #i18n-refusals (webapp/engine_messages.py), or
  // the ones a page script passes.
  var refusals = null;
  function engineText(code, params, english, templates) {
    if (!templates) {
      if (refusals === null) {
        var data = document.getElementById("i18n-refusals");
        try { refusals = data ? JSON.parse(data.textContent) : {}; } catch (e) { refusals = {}; }
      }
      templates = refusals;
    }
    var template = code && templates.messages && templates.messages[code];
    if (!template) return english;
    if (params && params.reason_code) {   // a message around another coded one: that one first
      params = Object.assign({}, params, {
        reason: engineText(params.reason_code, params.reason_params, params.reason, templates) });
    }
    var text = template.replace(/\{\{|\}\}|\{(\w+)\}/g, function (whole, key) {
      if (key === undefined) return whole[0];
      return params && Object.prototype.hasOwnProperty.call(params, key) ? String(params[key]) : whole;
    });
    if (!params || !params.field) return text;
    return templates.field_format.replace("{field}", templates.fields[params.field] || params.field)
      .replace("{message}", text);
  }

  // A photo reader's doubt (an item of the reading's ambiguities) in this language, from its code
  // and params: the code's message from the page's templates (a message with a count: its form
  // for the count's plural category, as Intl.PluralRules names them), an engine code's message,
  // or the reader's English text (in English, and for a code the page has no message for).
  var plurals = (typeof Intl !== "undefined" && Intl.PluralRules) ? new Intl.PluralRules(lang) : null;
  function doubtText(doubt, templates) {
    var doubts = templates && templates.doubts;
    if (!doubts) return doubt.message;
    var code = doubt.code || doubt.kind;
    var params = doubt.params || {};
    var template = Object.prototype.hasOwnProperty.call(doubts, code) ? doubts[code] : null;
    if (template === null) return engineText(code, params, doubt.message, templates);
    if (typeof template === "object") {
      if (typeof params.count !== "number") return doubt.message;
      var category = plurals ? plurals.select(params.count) : "other";
      template = template[category] || template.other || template.many || doubt.message;
    }
    // a reading stored before doubts had params (or one missing a param): the reader's own text
    var missing = (template.match(/\{\w+\}/g) || []).some(function (whole) {
      return !Object.prototype.hasOwnProperty.call(params, whole.slice(1, -1));
    });
    return missing ? doubt.message : fill(template, params);
  }

  window.t = t;
  window.pt = pt;
  window.engineText = engineText;
  window.doubtText = doubtText;
  window.formatNumber = number;
  window.pageLanguage = lang;
  window.TTi18n = { windName: windName, windBadge: windBadge, handTitle: handTitle };
})();
