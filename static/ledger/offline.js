// The table without a network. Every page registers the service worker (which keeps
// the last copy of each table page). On the table page, a round saved or a riichi
// declared while the network is away goes into a queue in IndexedDB (it survives a
// reload and a closed browser) and is listed as not yet sent; when the network is back
// the queue is sent in order through the page's own endpoints. Each item keeps its
// request id, so that a resend is never recorded twice, and the version it was made
// from: if another phone changed the game meanwhile, the queue stops and the players
// choose what becomes of their item. Nothing is dropped without a tap.

import { loadEngine, pendingOf, roundOf } from "./engine.js";

const worker = document.querySelector('meta[name="service-worker"]')?.content;
if (worker && "serviceWorker" in navigator) {
  navigator.serviceWorker.register(worker, { scope: "/" }).catch(() => {});
}

const SEND_WAIT_MS = 8000; // a change unanswered this long is queued (its resend is safe)
const RETRY_MS = 5000;

// --- the queue in IndexedDB ----------------------------------------------------------

const STORE = "queue";
let database = null;

function openDatabase() {
  database ||= new Promise((resolve, reject) => {
    const opening = indexedDB.open("ledger-offline", 1);
    opening.onupgradeneeded = () => {
      const store = opening.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
      store.createIndex("session", "session");
    };
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
  return database;
}

async function withStore(mode, work) {
  const db = await openDatabase();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = work(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request?.result);
    transaction.onerror = () => reject(transaction.error);
  });
}

const queued = (session) => withStore("readonly", (store) => store.index("session").getAll(session))
  .then((items) => items.sort((a, b) => a.id - b.id));
const addItem = (item) => withStore("readwrite", (store) => store.add(item));
const putItem = (item) => withStore("readwrite", (store) => store.put(item));
const dropItem = (id) => withStore("readwrite", (store) => store.delete(id));

// --- the table page --------------------------------------------------------------

const root = document.getElementById("offline");
const session = root ? Number(root.dataset.session) : 0;
let networkDown = false; // a request failed since the last one that got through
let sending = false;

function words(name, values = {}) {
  return Object.entries(values).reduce((text, [key, value]) => text.replace(`{${key}}`, value), root.dataset[name] || "");
}

function newRequestId() {
  if (crypto.randomUUID) return crypto.randomUUID().replaceAll("-", "");
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function csrfToken() {
  const cookie = document.cookie.split("; ").find((part) => part.startsWith("csrftoken="));
  return cookie ? decodeURIComponent(cookie.slice("csrftoken=".length)) : "";
}

function isOffline() {
  return !navigator.onLine || networkDown;
}

// A page drawn from a copy (the service worker's, or one cached before) has a request id
// that may have been used already: every page gets a fresh one, so that a round saved
// from it is never taken for an earlier one.
function freshRequestId() {
  const form = document.getElementById("round-form");
  if (form?.elements.request_id) form.elements.request_id.value = newRequestId();
}

// --- what the players read: banner and queue ------------------------------------

function drawBanner() {
  const banner = root.querySelector(".offline-banner");
  const copy = document.body.dataset.offlineCopy;
  banner.hidden = !(isOffline() || copy !== undefined);
  const seen = root.querySelector(".seen-at");
  if (copy) {
    const time = new Date(copy).toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" });
    seen.textContent = `(${words("wordSeen", { time })})`;
  } else {
    seen.textContent = "";
  }
}

async function drawQueue() {
  const items = await queued(session);
  const section = root.querySelector(".queue");
  section.hidden = items.length === 0;
  if (!items.length && !isOffline()) root.querySelector(".needs-server").hidden = true;
  const list = root.querySelector(".queue-items");
  list.replaceChildren(...items.map((item) => {
    const line = document.createElement("li");
    line.className = `queued is-${item.state}`;
    line.dataset.requestId = item.request_id;
    const state = document.createElement("span");
    state.className = "state";
    state.textContent = words({ queued: "wordWaiting", conflict: "wordConflict", refused: "wordRefused" }[item.state]);
    line.append(`${label(item)} `, state);
    return line;
  }));
  const stopped = items.find((item) => item.state !== "queued");
  const conflict = root.querySelector(".conflict");
  const refused = root.querySelector(".refused");
  conflict.hidden = stopped?.state !== "conflict";
  refused.hidden = stopped?.state !== "refused";
  if (stopped?.state === "conflict") {
    const theirs = stopped.theirs.length ? stopped.theirs : [words("wordNothing")];
    conflict.querySelector(".theirs").replaceChildren(...theirs.map((text) => {
      const line = document.createElement("li");
      line.textContent = text;
      return line;
    }));
    conflict.querySelector(".mine").textContent = label(stopped);
    const recordMine = conflict.querySelector(".record-mine");
    recordMine.dataset.id = stopped.id;
    recordMine.textContent = stopped.kind === "round" && stopped.server_next
      ? words("wordRecordAs", { number: stopped.server_next }) // the number it is recorded as
      : words("wordRecordNext");
    conflict.querySelector(".drop-mine").dataset.id = stopped.id;
  } else if (stopped?.state === "refused") {
    refused.querySelector(".why").textContent = `${label(stopped)}. ${stopped.why}`;
    refused.querySelector(".retry").dataset.id = stopped.id;
    refused.querySelector(".drop-mine").dataset.id = stopped.id;
  }
  document.dispatchEvent(new CustomEvent("ledger:queue", { detail: { items } }));
  drawUnsentScores(items);
}

// --- the engine's scores and preview (static/ledger/engine.js) ---------------------------

function engine() {
  const { pyodideUrl, bundleUrl, workerUrl } = root.dataset;
  return loadEngine({ pyodideUrl, bundleUrl, workerUrl });
}

// The table's record as last known: from the server, else the service worker's copy.
async function lastRecord() {
  const answer = await fetch(root.dataset.sessionRecordUrl, { credentials: "same-origin" });
  if (!answer.ok) throw new Error(`the record answered ${answer.status}`);
  return answer.json();
}

async function playOn(items, preview = null) {
  const { pending, complete } = pendingOf(items);
  const [play, known] = await Promise.all([engine(), lastRecord()]);
  const answer = await play({ record: known.record, declared: known.riichi, pending, preview });
  return { ...answer, complete };
}

function points(value) {
  const text = Math.abs(value).toLocaleString("en-US");
  return value < 0 ? `\u2212${text}` : text;
}

// The table with the rounds and riichi not yet sent, as the engine counts them here:
// each score marked (and said) not yet sent, until the server's table replaces them.
let drawing = 0;
async function drawUnsentScores(items) {
  const turn = ++drawing;
  const note = root.querySelector(".unsent-scores");
  const table = document.getElementById("table");
  if (!items.length || !table || !root.dataset.recordUrl) {
    note.hidden = true;
    return;
  }
  let answer;
  try {
    answer = await playOn(items);
  } catch {
    return; // no engine kept on this phone yet: the queue says the scores wait
  }
  if (turn !== drawing) return;
  const shown = answer.table;
  for (const seat of table.querySelectorAll(".seat[data-seat]")) {
    const score = shown.scores[Number(seat.dataset.seat)];
    const span = seat.querySelector(".points");
    if (score === undefined || !span) continue;
    span.textContent = points(score);
    span.dataset.score = String(score);
    span.classList.add("unsent");
    span.title = root.dataset.wordWaiting;
    seat.querySelector(".delta")?.remove();
  }
  for (const [id, value, kind] of [["honba", shown.honba, "honba"], ["sticks", shown.riichi_sticks, "riichi"]]) {
    const counter = table.querySelector(`#${id}`);
    if (counter) counter.textContent = String(value);
    const sticks = counter?.closest(".counter")?.querySelector(".sticks"); // drawn as many times
    sticks?.replaceChildren(...Array.from({ length: value }, () => {
      const stick = document.createElement("span");
      stick.className = `stick ${kind}-stick`;
      return stick;
    }));
  }
  drawUnsentRound(table, shown);
  table.dataset.unsent = String(answer.played);
  note.hidden = false;
  root.querySelector(".queue-note").hidden = true;
  note.querySelector(".partial").hidden = answer.complete && !answer.refused;
}

// The round, winds, dealer and riichi after the queue (the engine's), in the page's words.
function drawUnsentRound(table, shown) {
  const words = JSON.parse(root.dataset.tableWords || "{}");
  const label = table.querySelector("#round-label");
  if (label && !shown.finished) label.textContent = words.rounds?.[shown.round] || shown.round;
  const mark = table.querySelector(".dealer-mark");
  for (const seat of table.querySelectorAll(".seat[data-seat]")) {
    const number = Number(seat.dataset.seat);
    const wind = seat.querySelector(".wind");
    if (wind) wind.textContent = words.winds?.[shown.winds[number]] || shown.winds[number];
    const isDealer = number === shown.dealer && !shown.finished;
    seat.classList.toggle("is-dealer", isDealer);
    if (isDealer && mark) seat.querySelector(".seat-line")?.append(mark);
    const declared = shown.riichi.includes(number);
    seat.classList.toggle("in-riichi", declared);
    const form = seat.querySelector(".riichi-form");
    if (form) {
      form.elements.on.value = declared ? "0" : "1";
      const button = form.querySelector("button");
      button.setAttribute("aria-pressed", String(declared));
      if (!declared) button.querySelector(".stick")?.remove();
    }
  }
}

// The payment preview without the server: the engine plays the round being entered after
// the queue, in the same words as the server's preview.
async function drawEnginePreview(form) {
  const preview = document.getElementById("preview");
  if (!preview) return;
  const round = roundOf(fieldsOf(form));
  const say = (text, className = "muted") => {
    const line = document.createElement("p");
    line.className = className;
    line.textContent = text;
    preview.replaceChildren(line);
  };
  if (!round) {
    preview.replaceChildren();
    return;
  }
  let answer;
  try {
    answer = await playOn(await queued(session), round);
  } catch {
    say(root.dataset.wordNoPreview);
    return;
  }
  if (!answer.complete) {
    say(root.dataset.wordNoPreview);
    return;
  }
  if (answer.preview.error) {
    const entered = [round, ...(round.wins || [])].some((win) => win.tiles || win.checklist);
    if (entered) say(root.dataset.wordEngineHand); // most often a hand still being entered
    else say(root.dataset.wordEngineRefuses, "errorlist");
    return;
  }
  const names = Object.fromEntries([...document.querySelectorAll("#table .seat[data-seat]")]
    .map((seat) => [seat.dataset.seat, seat.querySelector(".name")?.textContent.trim() || seat.dataset.seat]));
  const words = JSON.parse(root.dataset.tableWords);
  const line = document.createElement("p");
  line.className = "payments";
  if (!answer.preview.transfers.length) line.append(words.nobody); // an abortive draw, say
  answer.preview.transfers.forEach((transfer, index) => {
    const key = transfer.payer === null ? "takes" : transfer.payee === null ? "puts" : "pays";
    const text = words[key]
      .replace("%(payer)s", names[transfer.payer] ?? "").replace("%(payee)s", names[transfer.payee] ?? "")
      .replace("%(points)s", points(transfer.points));
    const span = document.createElement("span");
    span.textContent = text;
    if (index) line.append(" · ");
    line.append(span);
  });
  if (answer.preview.finished) line.append(` — ${words.ends}`);
  const unsent = document.createElement("p");
  unsent.className = "muted small";
  unsent.textContent = root.dataset.wordEnginePreview;
  preview.replaceChildren(line, unsent);
}

function separator() {
  return root.dataset.wordSeparator || ": ";
}

function comma() {
  return root.dataset.wordComma || ", ";
}

function label(item) {
  return item.summary ? `${title(item)}${separator()}${item.summary}` : title(item);
}

function title(item) {
  if (item.kind === "riichi") return words(item.on ? "wordRiichiOn" : "wordRiichiOff", { name: item.name });
  return words("wordRound", { number: item.expected_number });
}

// A round in the players' words, read off the form as filled: the outcome, then each
// choice made under its heading ("Winner: Aki", "Han: 3").
function describeRound(form) {
  const kind = form.elements.kind.value;
  const outcome = document.querySelector(`.outcomes button[data-kind="${kind}"]`)?.textContent.trim() || kind;
  const section = form.querySelector(`.kind-section[data-kind="${kind}"]`);
  const parts = [];
  for (const group of section ? section.querySelectorAll("fieldset") : []) {
    const hand = group.closest(".hand[data-winner]");
    if (hand && !form.querySelector(`input[name="winners"][value="${hand.dataset.winner}"]:checked`)) continue;
    if (!enteredIn(group, hand)) continue;
    const picked = [...group.querySelectorAll("input:checked")].filter((input) => input.value).map(choiceName).filter(Boolean);
    if (!picked.length || group.querySelector("fieldset")) continue;
    const legend = group.querySelector("legend")?.textContent.trim();
    const who = hand ? `${hand.getAttribute("aria-label")}${comma()}` : "";
    parts.push(`${who}${legend}${separator()}${picked.join(comma())}`);
  }
  return [outcome, ...parts].join(" · ");
}

// Whether a group of choices is part of what was entered: shown, and not in a hand's
// checklist unless the checklist gives the hand's value (it ticks the riichi declared
// at the table on its own).
function enteredIn(group, hand) {
  if (group.closest("[hidden]")) return false;
  const checklist = group.closest("[data-checklist]");
  return !checklist || Boolean(hand?.querySelector("[data-checklist-by] input:checked"));
}

// A choice's name as its button shows it (a yaku without its han marks).
function choiceName(input) {
  const label = input.closest("label");
  return (label?.querySelector(".yaku-name") || label)?.textContent.trim();
}

// --- putting changes in the queue ----------------------------------------------

function fieldsOf(form) {
  return [...new FormData(form).entries()].filter(([name, value]) => name !== "csrfmiddlewaretoken" && typeof value === "string");
}

function roundItem(form, submitter) {
  const fields = fieldsOf(form);
  // a named button says what it records (a draw's "Chombo by ..."): FormData leaves it out
  if (submitter?.name) fields.push([submitter.name, submitter.value]);
  const value = (name) => fields.find(([key]) => key === name)?.[1] || "";
  return {
    session, kind: "round", url: root.dataset.recordUrl, fields, state: "queued",
    version: Number(value("version")), expected_number: Number(value("expected_number")),
    request_id: value("request_id") || newRequestId(), summary: describeRound(form), queued_at: Date.now(),
  };
}

function riichiItem(form) {
  const fields = fieldsOf(form);
  const seat = form.elements.seat.value;
  const name = document.querySelector(`.seat[data-seat="${seat}"] .name`)?.textContent.trim() || seat;
  const table = document.getElementById("table");
  return {
    session, kind: "riichi", url: root.dataset.riichiUrl, fields, state: "queued", name,
    on: form.elements.on.value === "1", version: Number(table?.dataset.version || form.elements.version.value),
    request_id: newRequestId(), summary: "", queued_at: Date.now(),
  };
}

// The form after its round went into the queue: empty, closed, and made for the round
// after it (the same version: the queue sends them one after the other).
function afterQueuedRound(form, item) {
  form.reset();
  form.elements.expected_number.value = String(item.expected_number + 1);
  form.elements.request_id.value = newRequestId();
  form.querySelector(".moved")?.setAttribute("hidden", "");
  form.querySelector(".close-sheet")?.click();
  form.dispatchEvent(new Event("ledger:queued", { bubbles: true }));
}

// The riichi button shows the declaration at once (not yet sent: the queue lists it).
function afterQueuedRiichi(tapped, item) {
  const seat = tapped.elements.seat.value;
  const form = tapped.isConnected ? tapped // or the same seat's button in a redrawn table
    : document.querySelector(`.seat[data-seat="${seat}"] .riichi-form`);
  if (!form) return;
  form.elements.on.value = item.on ? "0" : "1";
  const button = form.querySelector("button");
  button.setAttribute("aria-pressed", String(item.on));
  button.classList.add("unsent");
  form.closest(".seat")?.classList.toggle("in-riichi", item.on);
}

async function enqueue(item, form) {
  await addItem(item);
  if (item.kind === "round") afterQueuedRound(form, item);
  else afterQueuedRiichi(form, item);
  await drawQueue();
}

function changeOf(detail) {
  if (!root?.dataset.recordUrl || detail.verb !== "post") return null;
  const path = new URL(detail.path, location.href).pathname;
  if (path === root.dataset.recordUrl && detail.elt.closest("#round-form")) return { kind: "round", form: detail.elt.closest("form") };
  if (path === root.dataset.riichiUrl) return { kind: "riichi", form: detail.elt.closest("form") };
  return null;
}

const starting = new WeakMap(); // the element whose request is being made → its item
const inFlight = new WeakMap(); // the request that is out → the item it would queue
let waiting = 0; // how many items wait in the queue (kept in step by drawQueue)

document.addEventListener("ledger:queue", (event) => { waiting = event.detail.items.length; });

function isPreview(detail) {
  return Boolean(root?.dataset.previewUrl) && detail.verb === "post"
    && new URL(detail.path, location.href).pathname === root.dataset.previewUrl;
}

// Undo, putting an undone round back and ending the game need the server: offline, or
// while the queue waits, they are not sent (they would act on a game the queue is about
// to change) and the page says so.
function needsServer(detail) {
  if (!root?.dataset.recordUrl || detail.verb !== "post") return false;
  const path = new URL(detail.path, location.href).pathname;
  const { undoUrl, putBackUrl, endUrl } = root.dataset;
  return path === undoUrl || path === putBackUrl || path === endUrl;
}

function sayNeedsServer() {
  const notice = root.querySelector(".needs-server");
  notice.hidden = false;
  notice.scrollIntoView({ block: "nearest" });
}

document.addEventListener("htmx:configRequest", (event) => {
  if (isPreview(event.detail) && (isOffline() || waiting > 0)) {
    event.preventDefault(); // the server knows nothing of the queue: the engine here does
    drawEnginePreview(event.detail.elt.closest("form"));
    return;
  }
  if (needsServer(event.detail) && (isOffline() || waiting > 0)) {
    event.preventDefault();
    sayNeedsServer();
    return;
  }
  const change = changeOf(event.detail);
  if (!change) return;
  const item = change.kind === "round" ? roundItem(change.form, event.detail.elt) : riichiItem(change.form);
  if (isOffline() || waiting > 0) { // offline, or after what waits: in order, in the queue
    event.preventDefault();
    enqueue(item, change.form).then(send);
    return;
  }
  // The riichi tapped goes out with the id its resend would have (the round form has one).
  if (change.kind === "riichi") event.detail.parameters.request_id = item.request_id;
  event.detail.timeout = SEND_WAIT_MS;
  starting.set(event.detail.elt, { item, form: change.form });
});

// The request is watched itself, not through htmx's events: those are dispatched on the
// element that made the request, and a poll may have redrawn the table (and removed that
// riichi button) before the answer comes, so they would never reach this page's listeners.
document.addEventListener("htmx:beforeRequest", (event) => {
  const found = starting.get(event.detail.elt);
  starting.delete(event.detail.elt);
  if (!found) return;
  const request = event.detail.xhr;
  inFlight.set(request, found);
  request.addEventListener("loadend", () => settle(request));
});

// No answer (no network, too slow), a proxy's 5xx, or a 403 (this phone lost the table
// link; the queue re-joins): the change may or may not have reached the server.
function failed(request) {
  return request.status === 0 || request.status >= 500 || request.status === 403;
}

// A change that got no answer is queued with its request id, so sending it again is safe.
function settle(request) {
  const found = inFlight.get(request);
  if (!found) return;
  inFlight.delete(request);
  networkDown = request.status === 0 || request.status >= 500;  // a 403 is no network fault
  if (request.status === 403) lostLink = true;
  drawBanner();
  if (failed(request)) enqueue(found.item, found.form);
}

// A failed answer is not drawn: the queue lists the change instead.
document.addEventListener("htmx:beforeSwap", (event) => {
  if (inFlight.has(event.detail.xhr) && failed(event.detail.xhr)) event.detail.shouldSwap = false;
});

// --- sending the queue ------------------------------------------------------------

let lostLink = false;

async function post(item) {
  const body = new URLSearchParams(item.fields);
  body.set("version", String(item.version));
  body.set("request_id", item.request_id);
  if (item.kind === "round") body.set("expected_number", String(item.expected_number));
  else body.set("queued", "1");
  return fetch(item.url, {
    method: "POST", body, credentials: "same-origin",
    headers: { "X-CSRFToken": csrfToken(), "HX-Request": "true" },
  });
}

// Open the table link again: this phone's login session holds it, and may have lost it.
async function rejoin() {
  if (!root.dataset.joinUrl) return;
  await fetch(root.dataset.joinUrl, { credentials: "same-origin" });
  lostLink = false;
}

function versionIn(html) {
  const table = new DOMParser().parseFromString(html, "text/html").querySelector("[data-version]");
  return table ? Number(table.dataset.version) : null;
}

function problemIn(html) {
  const page = new DOMParser().parseFromString(html, "text/html");
  // the form's errors, the table's notice, or a refusal's own notice (an htmx 403 or 404)
  const found = page.querySelector("#round-form .errorlist, #table .notice.error, .notice.error, main p");
  return found ? found.textContent.trim() : "";
}

// Send one item: "sent" (with the version after it), "conflict", "refused" or "network".
async function sendOne(item) {
  let answer;
  try {
    if (lostLink || !csrfToken()) await rejoin();
    answer = await post(item);
    if (answer.status === 403 && root.dataset.joinUrl) {
      await rejoin();
      answer = await post(item);
    }
  } catch {
    return { outcome: "network" };
  }
  if (answer.status >= 500) return { outcome: "network" };
  const html = await answer.text();
  if (answer.ok) return { outcome: "sent", version: versionIn(html) };
  if (answer.status === 409) return { outcome: "conflict" };
  return { outcome: "refused", why: problemIn(html) || answer.statusText };
}

async function conflictOf(item) {
  const answer = await fetch(`${root.dataset.changesUrl}?since=${item.version}`, { credentials: "same-origin" });
  const now = await answer.json();
  return { ...item, state: "conflict", theirs: now.changes, server_version: now.version, server_next: now.next_number };
}

async function send() {
  if (!root?.dataset.recordUrl || sending || !navigator.onLine) return;
  sending = true;
  let sent = 0;
  try {
    let items = await queued(session);
    while (items.length && items[0].state === "queued") {
      const [item, ...rest] = items;
      const result = await sendOne(item);
      if (result.outcome === "network") {
        networkDown = true;
        break;
      }
      networkDown = false;
      if (result.outcome === "sent") {
        await dropItem(item.id);
        sent += 1;
        // The next items were made from the version before this one: they follow it now.
        for (const next of rest) await putItem({ ...next, version: result.version ?? next.version });
      } else if (result.outcome === "conflict") {
        await putItem(await conflictOf(item));
      } else {
        await putItem({ ...item, state: "refused", why: result.why });
      }
      items = await queued(session);
    }
  } catch {
    networkDown = true;
  } finally {
    sending = false;
    drawBanner();
    await drawQueue();
    if (sent) redrawTable();
  }
}

// The table as the server has it now (the round form keeps what is being filled in).
function redrawTable() {
  const table = document.getElementById("table");
  if (table && window.htmx) htmx.ajax("GET", `${root.dataset.tableUrl}?part=table`, { target: "#table", swap: "outerHTML" });
}

// --- back online ------------------------------------------------------------------

// Once the server answers again, the banner goes, and a page drawn from a copy is
// replaced by the table as it is now (the round form too, unless it is being filled in).
async function checkBack() {
  if (!navigator.onLine) return;
  try {
    const answer = await fetch(document.getElementById("table-main")?.dataset.versionUrl || root.dataset.tableUrl, { credentials: "same-origin" });
    if (!answer.ok) return;
  } catch {
    return;
  }
  networkDown = false;
  root.querySelector(".needs-server").hidden = true;
  if (document.body.dataset.offlineCopy !== undefined) {
    delete document.body.dataset.offlineCopy;
    const form = document.getElementById("round-form");
    const part = form && !form.hidden ? "table" : "table-main";
    if (window.htmx) htmx.ajax("GET", `${root.dataset.tableUrl}?part=${part}`, { target: `#${part}`, swap: "outerHTML" });
  }
  drawBanner();
  send();
}

// A change that needs the server (undo, putting back, ending the game) says so when there is none.
document.addEventListener("htmx:sendError", (event) => {
  if (!root) return;
  networkDown = true;
  drawBanner();
  const preview = document.getElementById("preview");
  if (preview && event.detail.target === preview) drawEnginePreview(document.getElementById("round-form"));
  if (needsServer(event.detail.requestConfig || {})) sayNeedsServer();
});

// --- the players' choice -------------------------------------------------------------

async function itemById(id) {
  return (await queued(session)).find((item) => item.id === Number(id));
}

// Record mine as the next round: this item and those after it are made again from the
// server's version, numbered after the server's rounds. Each is a new request (a new id):
// the server refused the old one, so it recorded nothing under it.
async function recordMine(id) {
  const items = await queued(session);
  const from = items.findIndex((item) => item.id === Number(id));
  if (from < 0) return;
  const { server_version: version, server_next: next } = items[from];
  let number = next;
  for (const item of items.slice(from)) {
    const rebased = {
      ...item, version, state: "queued", theirs: undefined, why: undefined, request_id: newRequestId(),
    };
    if (item.kind === "round") rebased.expected_number = number++;
    await putItem(rebased);
  }
  await send();
}

async function retry(id) {
  const item = await itemById(id);
  if (item) await putItem({ ...item, state: "queued", why: undefined });
  await send();
}

async function dropMine(id) {
  await dropItem(Number(id));
  await drawQueue();
  await send();
  redrawTable();
}

if (root) {
  root.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-id]");
    if (!button) return;
    if (button.classList.contains("record-mine")) recordMine(button.dataset.id);
    else if (button.classList.contains("retry")) retry(button.dataset.id);
    else if (button.classList.contains("drop-mine")) dropMine(button.dataset.id);
  });
  // The copy of this page kept by the service worker follows the table as it changes.
  document.addEventListener("htmx:afterSettle", (event) => {
    const id = event.detail.target?.id;
    if ((id === "table" || id === "table-main") && navigator.serviceWorker?.controller) {
      navigator.serviceWorker.controller.postMessage({ keep: root.dataset.tableUrl });
    }
    if (id === "table-main") freshRequestId();
    if ((id === "table" || id === "table-main") && waiting) queued(session).then(drawUnsentScores);
  });
  // A page brought back by the browser's Back button is the page as it was: its form's
  // request id may have saved a round already.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) freshRequestId();
  });
  window.addEventListener("online", checkBack);
  window.addEventListener("offline", drawBanner);
  // Offline, the engine is loaded at once (from the worker's cache), before it is needed.
  if (root.dataset.recordUrl) window.addEventListener("offline", () => engine().catch(() => {}));
  // The worker learns where this table's link leads; on a first visit the page came
  // before the worker, so it asks for the page to be kept once the worker runs.
  const link = { join: root.dataset.joinUrl, table: root.dataset.tableUrl };
  if (navigator.serviceWorker?.controller) navigator.serviceWorker.controller.postMessage(link);
  else if (navigator.serviceWorker) {
    navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ ...link, keep: root.dataset.tableUrl }));
  }
  // A phone that records keeps the engine (in the worker's cache, in the background) for
  // the day the network goes: a few seconds after the page, once per Pyodide version.
  if (root.dataset.recordUrl) {
    setTimeout(() => navigator.serviceWorker?.ready.then((registration) => registration.active?.postMessage({ engine: true })), 3000);
  }
  freshRequestId();
  drawBanner();
  drawQueue().then(send);
  setInterval(() => {
    if (!root.querySelector(".offline-banner").hidden) checkBack();
    else if (waiting) send();
  }, RETRY_MS);
  if (document.body.dataset.offlineCopy !== undefined) checkBack();
}
