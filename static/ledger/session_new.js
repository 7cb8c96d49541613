// The new-session page: Player 4 (North) is asked only when the chosen rules are for
// four players; three-player (sanma) rules seat East, South and West. The rules are the
// chosen preset's, or the "Players at the table" option when it is changed. The server
// checks the same (ledger/forms/session.py), so without this script the field is only
// optional.
(() => {
  // The options panel counts only when it was drawn for the rules chosen (the server
  // ignores a panel of other rules, as while a new preset's panel is on its way).
  function playersOfRules() {
    const choice = document.querySelector('select[name="rules_choice"]');
    const panelFor = document.querySelector('input[name="opt-for"]')?.value;
    const option = document.querySelector('select[name="opt-players"]');
    if (option && panelFor === choice?.value) return option.value;
    return choice?.selectedOptions[0]?.dataset.players;
  }

  function follow() {
    const three = playersOfRules() === "3";
    const north = document.querySelector('[data-player-field="north"]');
    const note = document.querySelector("[data-sanma-note]");
    if (north) {
      north.hidden = three;
      const input = north.querySelector("input");
      input.required = !three;
      input.disabled = three; // not posted, so a name left in it is not taken by mistake
    }
    if (note) note.hidden = !three;
  }

  document.addEventListener("change", (event) => {
    if (event.target.matches?.('select[name="rules_choice"], select[name="opt-players"]')) follow();
  });
  // A new preset redraws its options (with its own number of players). What the person
  // had opened stays open: a tap on "Adjust the rule options" made while the new panel
  // was on its way would otherwise be undone by its arrival.
  let opened = null;
  function openedIn(panel) {
    const groups = [...panel.querySelectorAll("details.option-group[open] > summary")];
    return { panel: panel.open, groups: new Set(groups.map((summary) => summary.textContent)) };
  }
  function reopen(panel) {
    if (opened.panel) panel.open = true;
    for (const group of panel.querySelectorAll("details.option-group")) {
      if (opened.groups.has(group.querySelector("summary").textContent)) group.open = true;
    }
  }
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (event.detail.target?.id === "rules-options") opened = openedIn(event.detail.target);
  });
  document.addEventListener("htmx:afterSwap", (event) => {
    if (event.detail.target?.id !== "rules-options") return;
    const panel = document.getElementById("rules-options");
    if (opened && panel) reopen(panel);
    follow();
  });
  document.addEventListener("DOMContentLoaded", follow);
})();
