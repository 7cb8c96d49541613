// The engine in the browser, for the table without a network: Pyodide (CPython in
// WebAssembly, from our own static files) runs the scoring package itself, zipped from
// its source by the server (scoring/pending.py plays the queue on the table's record),
// in a worker of its own (static/ledger/engine-worker.js) so that the page never waits.
// Nothing of the rules is written here: this module only starts the engine, turns the
// round form's fields into a round (FORMATS.md section 3, as ledger/forms/round.py does)
// and hands both to it. Loaded lazily: when the network goes, when the queue holds
// something, or when a preview is needed without the server.

let worker = null;
let engine = null;
const calls = new Map();
let nextCall = 1;

function startWorker(workerUrl) {
  const started = new Worker(workerUrl, { type: "module" });
  started.addEventListener("message", ({ data }) => {
    const call = calls.get(data.id);
    calls.delete(data.id);
    if (data.error) call?.reject(new Error(data.error));
    else call?.resolve(data.answer);
  });
  started.addEventListener("error", () => {
    for (const call of calls.values()) call.reject(new Error("the engine's worker stopped"));
    calls.clear();
    worker = null;
  });
  return started;
}

function ask(urls, text) {
  worker ||= startWorker(urls.workerUrl);
  return new Promise((resolve, reject) => {
    const id = nextCall++;
    calls.set(id, { resolve, reject });
    worker.postMessage({ id, urls: { pyodideUrl: urls.pyodideUrl, bundleUrl: urls.bundleUrl }, text });
  });
}

// Return the engine, once loaded: a function from play_on's arguments to its answer.
export function loadEngine(urls) {
  engine ||= ask(urls, null).then(() => async (args) => JSON.parse(await ask(urls, JSON.stringify(args))));
  engine.catch(() => { engine = null; }); // a failed load is tried again next time
  return engine;
}

// --- the round form's fields as a round ----------------------------------------------

// Return the round the fields describe, or null while they describe none yet. A hand given
// by its tiles or its yaku checklist goes to the engine as entered ("tiles", "checklist"):
// scoring/pending.py turns it into the win the ledger records, as the round form does.
export function roundOf(fields) {
  const one = (name) => fields.find(([key]) => key === name)?.[1] ?? "";
  const first = (name) => fields.find(([key, value]) => key === name && value)?.[1] ?? ""; // every tile panel's dora
  const strings = (name) => fields.filter(([key]) => key === name).map(([, value]) => value);
  const all = (name) => fields.filter(([key]) => key === name).map(([, value]) => Number(value)).sort((a, b) => a - b);
  const seat = (name) => (one(name) === "" ? null : Number(one(name)));
  const riichi = { riichi: all("riichi") };
  switch (one("kind")) {
    case "ron": {
      const winners = all("winners");
      if (seat("loser") === null || !winners.length || winners.includes(seat("loser"))) return null;
      const wins = winners.map((winner) => winOf({ one, first, strings }, winner, `_${winner}`));
      return wins.includes(null) ? null : { result: "ron", loser: seat("loser"), wins, ...riichi };
    }
    case "tsumo": {
      const win = seat("winner") === null ? null : winOf({ one, first, strings }, seat("winner"), "");
      return win && { result: "tsumo", ...win, ...riichi };
    }
    case "draw": {
      const nagashi = all("nagashi");
      return { result: "draw", tenpai: all("tenpai"), ...(nagashi.length ? { nagashi } : {}), ...riichi };
    }
    case "abort":
      return one("reason") ? { result: "abort", reason: one("reason"), ...riichi } : null;
    case "chombo":
      return seat("chombo_player") === null ? null : { result: "chombo", player: seat("chombo_player") };
    default:
      return null;
  }
}

function winOf(fields, winner, suffix) {
  const { one } = fields;
  const han = one(`han${suffix}`);
  let win;
  if (one(`by${suffix}`) === "yaku") win = { winner, checklist: checklistOf(fields, suffix) };
  else if (!han && one(`tiles${suffix}`)) win = { winner, tiles: tilesOf(fields, suffix) };
  else if (!han) return null; // none chosen yet
  else if (han.startsWith("Y")) win = { winner, yakuman: Number(han.slice(1)) };
  else if (Number(han) >= 5) win = { winner, han: Number(han) };
  else if (!one(`fu${suffix}`)) return null;
  else win = { winner, han: Number(han), fu: Number(one(`fu${suffix}`)) };
  if (one(`pao${suffix}`) !== "") {
    win.pao = Number(one(`pao${suffix}`));
    const whole = Boolean(one(`pao_whole${suffix}`));
    if (whole && (win.checklist || win.tiles)) win.pao_whole = true; // the engine knows the yakuman
    else if (whole && win.yakuman > 1) win.pao_yakuman = win.yakuman;
  }
  return win;
}

// The checklist's fields (ledger/forms/round.py, RoundForm.checklist): the engine counts them.
function checklistOf({ one, strings }, suffix) {
  const count = (counter) => Number(one(`yaku_${counter}${suffix}`)) || 0;
  return {
    yaku: strings(`yaku${suffix}`),
    open: Boolean(one(`open${suffix}`)),
    dora: { dora: count("dora"), aka: count("aka"), ura: count("ura"), nuki: count("nuki") },
    fu: one(`fu${suffix}`),
  };
}

// The Tiles panel's fields, melds as typed (scoring.pending.hand_of reads them).
function tilesOf({ one, first, strings }, suffix) {
  return {
    tiles: one(`tiles${suffix}`), win_tile: one(`win_tile${suffix}`), melds: one(`melds${suffix}`),
    flags: strings(`flags${suffix}`), nuki: one(`nuki${suffix}`), dora: first("dora"), ura: first("ura"),
  };
}

// Return the queue as the engine's pending changes, in order (null: a round it cannot
// read here, after which nothing can be played on).
export function pendingOf(items) {
  const pending = [];
  for (const item of items) {
    if (item.kind === "riichi") {
      pending.push({ riichi: Number(item.fields.find(([key]) => key === "seat")?.[1]), on: item.on });
      continue;
    }
    const round = roundOf(item.fields);
    if (!round) return { pending, complete: false };
    pending.push({ round });
  }
  return { pending, complete: true };
}
