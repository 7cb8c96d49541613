// The new-session page: Player 4 (North) is asked only when the chosen rules are for
// four players; three-player (sanma) rules seat East, South and West. The server checks
// the same (ledger/forms/session.py), so without this script the field is only optional.
(() => {
  function follow(select) {
    const option = select.selectedOptions[0];
    const three = option?.dataset.players === "3";
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
    if (event.target.matches?.('select[name="rules_choice"]')) follow(event.target);
  });
  document.addEventListener("DOMContentLoaded", () => {
    const select = document.querySelector('select[name="rules_choice"]');
    if (select) follow(select);
  });
})();
