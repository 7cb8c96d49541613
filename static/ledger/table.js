// The table page without round trips where none is needed: open the outcome chosen,
// show the hand of each winner ticked, offer only the fu that exist for the han chosen,
// and keep the page in step with the other phones at the table (a poll every 2 s).
// Everything else (preview, saving, riichi) goes through htmx.

const POLL_MS = 2000;

function main() {
  return document.getElementById("table-main");
}

function roundForm() {
  return document.getElementById("round-form");
}

// --- choosing the outcome -------------------------------------------------------------

function openSheet(kind) {
  const form = roundForm();
  if (!form) return;
  form.hidden = false;
  form.elements.kind.value = kind;
  for (const section of form.querySelectorAll(".kind-section")) {
    section.hidden = section.dataset.kind !== kind;
  }
  for (const button of document.querySelectorAll(".outcomes button[data-kind]")) {
    button.setAttribute("aria-pressed", String(button.dataset.kind === kind));
  }
  main().classList.add("sheet-open");
  form.dispatchEvent(new Event("change", { bubbles: true })); // a fresh preview
}

function closeSheet() {
  const form = roundForm();
  if (form) form.hidden = true;
  main()?.classList.remove("sheet-open");
  for (const button of document.querySelectorAll(".outcomes button[data-kind]")) {
    button.setAttribute("aria-pressed", "false");
  }
}

document.addEventListener("click", (event) => {
  const outcome = event.target.closest(".outcomes button[data-kind]");
  if (outcome) {
    event.preventDefault();
    openSheet(outcome.dataset.kind);
    return;
  }
  if (event.target.closest(".close-sheet")) {
    event.preventDefault();
    closeSheet();
  }
});

// --- winners, han and fu ---------------------------------------------------------

// With two or three winners, one hand is shown at a time (a tab per winner), so that
// the form still fits a phone's screen; a newly ticked winner's hand comes to the front.
function showHands(form) {
  const ticked = [...form.querySelectorAll('input[name="winners"]:checked')].map((i) => i.value);
  if (!ticked.includes(form.dataset.activeHand)) form.dataset.activeHand = ticked[ticked.length - 1] || "";
  for (const hand of form.querySelectorAll(".hand[data-winner]")) {
    hand.hidden = !ticked.includes(hand.dataset.winner) || (ticked.length > 1 && hand.dataset.winner !== form.dataset.activeHand);
  }
  drawHandTabs(form, ticked);
  const most = Number(form.dataset.maxWinners || 3);
  for (const box of form.querySelectorAll('input[name="winners"]')) {
    box.disabled = !box.checked && ticked.length >= most;
  }
  // A winner is not the discarder: the discarder's button is unavailable while ticked.
  for (const radio of form.querySelectorAll('input[name="loser"]')) {
    radio.disabled = ticked.includes(radio.value);
    if (radio.disabled) radio.checked = false;
  }
}

function drawHandTabs(form, ticked) {
  const section = form.querySelector('.kind-section[data-kind="ron"]');
  let tabs = section?.querySelector(".hand-tabs");
  if (!section) return;
  if (ticked.length < 2) {
    tabs?.remove();
    return;
  }
  if (!tabs) {
    tabs = document.createElement("div");
    tabs.className = "hand-tabs";
    section.querySelector(".hand[data-winner]").before(tabs);
  }
  const drawn = [...tabs.children].map((tab) => tab.dataset.hand);
  if (drawn.join() === ticked.join()) { // the same winners: only the front tab changes
    for (const tab of tabs.children) tab.setAttribute("aria-pressed", String(tab.dataset.hand === form.dataset.activeHand));
    return;
  }
  tabs.replaceChildren(...ticked.map((seat) => {
    const hand = form.querySelector(`.hand[data-winner="${seat}"]`);
    const tab = document.createElement("button");
    tab.type = "button";
    tab.dataset.hand = seat;
    tab.textContent = hand.getAttribute("aria-label");
    tab.setAttribute("aria-pressed", String(seat === form.dataset.activeHand));
    return tab;
  }));
}

function isComplete(hand) {
  const han = hand.querySelector('input[name^="han"]:checked') || byChecklist(hand);
  if (!han) return false;
  const fu = hand.querySelector(".fu-choices");
  return fu.hidden || Boolean(hand.querySelector('input[name^="fu"]:checked'));
}

document.addEventListener("click", (event) => {
  const tab = event.target.closest(".hand-tabs button[data-hand]");
  if (!tab) return;
  const form = roundForm();
  form.dataset.activeHand = tab.dataset.hand;
  refreshChoices();
});

function offerFu(hand, form) {
  const han = hand.querySelector('.han-choices input:checked, .extras input[name^="han"]:checked');
  const group = hand.querySelector(".fu-choices");
  if (!group) return;
  const table = JSON.parse(group.dataset.tsumo === "1" ? form.dataset.fuTsumo : form.dataset.fuRon);
  // Before a han is chosen, every fu some han can have (a ron never has 20 fu).
  const any = Object.values(table).flat();
  if (byChecklist(hand)) {
    offerChecklistFu(hand, group, any);
    return;
  }
  const offered = han ? table[han.value] || [] : any;
  group.hidden = Boolean(han) && offered.length === 0; // limits need no fu
  for (const choice of group.querySelectorAll("[data-fu]")) {
    const shown = offered.includes(Number(choice.dataset.fu));
    choice.hidden = !shown;
    const input = choice.querySelector("input");
    if (!shown && input.checked) input.checked = false;
  }
}

function refreshChoices() {
  const form = roundForm();
  if (!form) return;
  showHands(form);
  tickDeclaredRiichi(form);
  offerRiichiNoten(form);
  for (const hand of form.querySelectorAll(".hand")) offerFu(hand, form);
}

function onFormChange(event) {
  const form = event.target.closest("#round-form");
  if (!form) return;
  if (event.target.name === "winners" && event.target.checked) form.dataset.activeHand = event.target.value;
  refreshChoices();
  const hand = event.target.closest(".hand[data-winner]");
  if (hand && isComplete(hand)) nextHand(form, hand.dataset.winner);
}

// Once a winner's hand has its value, the next winner's hand without one comes forward.
function nextHand(form, done) {
  const ticked = [...form.querySelectorAll('input[name="winners"]:checked')].map((i) => i.value);
  const waiting = ticked.find((seat) => seat !== done && !isComplete(form.querySelector(`.hand[data-winner="${seat}"]`)));
  if (waiting) {
    form.dataset.activeHand = waiting;
    refreshChoices();
  }
}

// --- the yaku checklist ------------------------------------------------------------

// The engine scores the checklist (each preview says which fu, if any, the yaku leave
// open); here a tap in the panel makes the checklist the hand's value (instead of the
// han buttons), the steppers count, and the riichi declared at the table is ticked.

function byChecklist(hand) {
  return hand.querySelector('[data-checklist-by] input:checked');
}

// Until a preview says which fu the yaku leave open: every fu some han can have.
function offerChecklistFu(hand, group, any) {
  const offered = hand.dataset.checklistFu ? JSON.parse(hand.dataset.checklistFu) : null;
  group.hidden = offered !== null && offered.length === 0; // fixed by the yaku, or a limit
  if (group.hidden) return; // the fu chosen wait, unused, in case a yaku is taken back
  for (const choice of group.querySelectorAll("[data-fu]")) {
    const shown = (offered ?? any).includes(Number(choice.dataset.fu));
    choice.hidden = !shown;
    const input = choice.querySelector("input");
    if (!shown && input.checked) input.checked = false;
  }
}

function useChecklist(hand, on) {
  const by = hand.querySelector("[data-checklist-by] input");
  if (!by || by.checked === on) return;
  by.checked = on;
  if (on) {
    for (const han of hand.querySelectorAll('input[name^="han"]:checked')) han.checked = false;
  } else {
    delete hand.dataset.checklistFu;
  }
}

function declaredRiichi() {
  const seats = [...document.querySelectorAll("#table .seat.in-riichi[data-seat]")].map((s) => s.dataset.seat);
  const ticked = [...document.querySelectorAll('#round-form input[name="riichi"]:checked')].map((i) => i.value);
  return new Set([...seats, ...ticked]);
}

// A hand's checklist starts with the riichi its winner declared (until it is tapped).
function tickDeclaredRiichi(form) {
  const declared = declaredRiichi();
  const winner = form.querySelector('input[name="winner"]:checked')?.value;
  for (const hand of form.querySelectorAll(".hand")) {
    const list = hand.querySelector("[data-checklist]");
    if (!list || list.dataset.touched) continue;
    const seat = hand.dataset.winner ?? winner;
    const riichi = list.querySelector('input[value="riichi"]');
    if (!riichi || seat === undefined) continue;
    if (declared.has(seat) && !riichi.checked) {
      riichi.checked = true;
      riichi.dataset.auto = "1"; // ticked here: taken back if the winner changes
    } else if (!declared.has(seat) && riichi.dataset.auto) {
      riichi.checked = false;
      delete riichi.dataset.auto;
    }
  }
}

// A draw's riichi player found noten: the section and its chombo buttons follow the
// riichi declared at the table (a tap on Riichi redraws the table, not this form).
function offerRiichiNoten(form) {
  const section = form.querySelector("[data-riichi-noten]");
  if (!section) return;
  const declared = declaredRiichi();
  section.hidden = declared.size === 0;
  for (const box of section.querySelectorAll("[data-riichi-seat]")) {
    box.hidden = !declared.has(box.dataset.riichiSeat); // a box: the buttons' own display wins
  }
}

document.addEventListener("click", (event) => {
  const step = event.target.closest(".stepper .step");
  if (!step) return;
  const input = step.parentElement.querySelector("input");
  if (step.dataset.step === "1") input.stepUp(); else input.stepDown();
  input.dispatchEvent(new Event("change", { bubbles: true }));
});

document.addEventListener("change", (event) => {
  const hand = event.target.closest(".hand");
  if (!hand || !event.target.closest("#round-form")) return;
  if (event.target.closest("[data-checklist]")) {
    hand.querySelector("[data-checklist]").dataset.touched = "1";
    if (!event.target.closest("[data-checklist-by]")) useChecklist(hand, true);
  } else if (event.target.name?.startsWith("han")) {
    useChecklist(hand, false);
  }
}, true); // before the form's own handler offers the fu

// The form's own handler runs while the change is captured too, after the checklist's
// and before htmx (on the form) sends the preview: a fu no longer offered for the han
// just chosen is unticked first, so the preview prices what the form now holds.
document.addEventListener("change", onFormChange, true);

document.addEventListener("input", (event) => {
  const hand = event.target.closest(".hand");
  if (hand && event.target.closest("[data-tile-entry]")) useChecklist(hand, false);
}, true);

// Each preview says, per checklist hand, the fu the table may still choose.
function readChecklistFu() {
  const form = roundForm();
  if (!form) return;
  for (const hand of form.querySelectorAll(".hand")) {
    if (!byChecklist(hand)) delete hand.dataset.checklistFu; // a refused checklist keeps its last
  }
  for (const note of document.querySelectorAll("#preview [data-checklist-fu]")) {
    const by = form.querySelector(`[data-checklist-by] input[name="by${note.dataset.suffix}"]`);
    const hand = by?.closest(".hand");
    if (hand) hand.dataset.checklistFu = note.dataset.checklistFu;
  }
}

// The preview (payments, and the reading or why the yaku are refused) also shows at the
// top of the open checklist, where the taps are.
function mirrorToChecklists() {
  const preview = document.getElementById("preview");
  for (const slot of document.querySelectorAll("[data-checklist-reading]")) {
    const hand = slot.closest(".hand");
    const parts = preview && byChecklist(hand) ? [...preview.querySelectorAll(":scope > p")] : [];
    slot.replaceChildren(...parts.map((part) => part.cloneNode(true)));
    slot.hidden = !slot.textContent.trim();
  }
}

document.addEventListener("toggle", (event) => {
  const details = event.target;
  if (details instanceof HTMLDetailsElement && details.open && details.matches("details.extra.yaku")) {
    details.scrollIntoView({ block: "start" }); // the chips and the reading in sight
  }
}, true); // toggle does not bubble

function prepareChecklists() {
  for (const by of document.querySelectorAll("[data-checklist-by]")) by.hidden = true;
}

// --- in step with the other phones ------------------------------------------------

function busy() {
  return Boolean(document.querySelector(".htmx-request"));
}

async function poll() {
  const root = main();
  const table = document.getElementById("table");
  if (!root || !table || document.visibilityState !== "visible") return;
  if (busy()) return; // a save or a riichi in flight answers with the new table itself
  try {
    const answer = await fetch(root.dataset.versionUrl, { headers: { Accept: "application/json" } });
    if (!answer.ok) return;
    const now = await answer.json();
    const shown = document.getElementById("table"); // redrawn meanwhile, with its saved notice?
    if (!shown || busy()) return;
    if (String(now.version) !== shown.dataset.version) {
      htmx.ajax("GET", root.dataset.tableUrl, { target: "#table", swap: "outerHTML" });
    }
  } catch {
    // offline for a moment: the next poll tries again
  }
}

// After the table is redrawn (a poll, a riichi), the form follows the game: it is now
// made from the version on screen, and names the round that comes next; its preview is
// worked out again (another phone may have corrected a round, or declared riichi). If
// another phone recorded a round meanwhile while this form was open, the form says so,
// and Save asks before it records this as the next round (the other phone may have
// recorded this very round). A game that ended or reopened meanwhile is drawn anew.
function followTable() {
  const table = document.getElementById("table");
  const root = main();
  if (table && root && table.dataset.finished !== root.dataset.finished) {
    htmx.ajax("GET", root.dataset.mainUrl, { target: "#table-main", swap: "outerHTML" });
    return;
  }
  const form = roundForm();
  if (!table || !form) return;
  const moved = form.elements.version.value !== table.dataset.version;
  form.elements.version.value = table.dataset.version;
  const next = String(Number(table.dataset.rounds) + 1);
  if (form.elements.expected_number.value === next) {
    if (moved && !form.hidden) htmx.trigger(form, "change");
    return;
  }
  form.elements.expected_number.value = next;
  if (form.hidden) return;
  const notice = form.querySelector(".moved");
  if (notice) notice.hidden = false;
  const save = form.querySelector("button.save[data-moved-question]");
  if (save) save.setAttribute("hx-confirm", save.dataset.movedQuestion);
  htmx.trigger(form, "change");
}

// A refusal of the last Save, at the top of the form, was about the form as it was then:
// the next preview, of the form as it is now, says what is still wrong, if anything. The
// preview a page asks for as it opens (the edit page sent back with its refusal) is of
// the form as it was refused, so the refusal stays.
document.addEventListener("htmx:afterRequest", (event) => {
  const form = roundForm();
  if (!form || event.detail.elt !== form) return;
  const opening = "opening" in form.dataset;
  delete form.dataset.opening;
  if (event.detail.successful && !opening) form.querySelector(":scope > .errorlist")?.remove();
});

document.addEventListener("htmx:afterSettle", (event) => {
  if (event.detail.target?.id === "table") followTable();
  prepareChecklists();
  readChecklistFu();
  refreshChoices();
  mirrorToChecklists();
});

// A form open on arrival (a past round's edit page) starts as a tap would leave it: a
// hand given by its yaku has no han button pressed, and the preview (the reading, and
// the fu the yaku leave open) is asked for at once.
function startOpenForm() {
  const form = roundForm();
  if (!form || form.hidden) return;
  for (const hand of form.querySelectorAll(".hand")) {
    if (!byChecklist(hand)) continue;
    for (const han of hand.querySelectorAll('input[name^="han"]:checked')) han.checked = false;
  }
  form.dataset.opening = "";
  htmx.trigger(form, "change");
}

document.addEventListener("DOMContentLoaded", () => {
  prepareChecklists();
  refreshChoices();
  startOpenForm();
  setInterval(poll, POLL_MS);
});
