// The engine in the browser, for the table without a network: Pyodide (CPython in
// WebAssembly, from our own static files) runs the scoring package itself, zipped from
// its source by the server (scoring/pending.py plays the queue on the table's record).
// Nothing of the rules is written here: this module only loads the engine, turns the
// round form's fields into a round (FORMATS.md section 3, as ledger/forms/round.py does)
// and hands both to it. Loaded lazily: only when the queue holds something or a preview
// is needed without the server.

let engine = null;

// Return the engine's play_on_json, loading Pyodide and the scoring package once.
export function loadEngine({ pyodideUrl, bundleUrl }) {
  engine ||= (async () => {
    const { loadPyodide } = await import(`${pyodideUrl}pyodide.mjs`);
    const pyodide = await loadPyodide({ indexURL: pyodideUrl, packages: [] });
    const bundle = await fetch(bundleUrl, { credentials: "same-origin" });
    if (!bundle.ok) throw new Error(`the scoring bundle answered ${bundle.status}`);
    pyodide.unpackArchive(await bundle.arrayBuffer(), "zip");
    const playOn = pyodide.pyimport("scoring.pending").play_on_json;
    return (args) => JSON.parse(playOn(JSON.stringify(args)));
  })();
  engine.catch(() => { engine = null; }); // a failed load is tried again next time
  return engine;
}

// --- the round form's fields as a round ----------------------------------------------

// Return the round the fields describe, or null while they describe none yet (or a hand
// given by its tiles or yaku, which the server reads: the preview waits for it).
export function roundOf(fields) {
  const one = (name) => fields.find(([key]) => key === name)?.[1] ?? "";
  const all = (name) => fields.filter(([key]) => key === name).map(([, value]) => Number(value)).sort((a, b) => a - b);
  const seat = (name) => (one(name) === "" ? null : Number(one(name)));
  const riichi = { riichi: all("riichi") };
  switch (one("kind")) {
    case "ron": {
      const winners = all("winners");
      if (seat("loser") === null || !winners.length || winners.includes(seat("loser"))) return null;
      const wins = winners.map((winner) => winOf(one, winner, `_${winner}`));
      return wins.includes(null) ? null : { result: "ron", loser: seat("loser"), wins, ...riichi };
    }
    case "tsumo": {
      const win = seat("winner") === null ? null : winOf(one, seat("winner"), "");
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

function winOf(one, winner, suffix) {
  if (one(`by${suffix}`) === "yaku") return null; // scored from its checklist by the server
  const han = one(`han${suffix}`);
  let win;
  if (!han) return null; // none chosen yet, or a hand given by its tiles
  if (han.startsWith("Y")) win = { winner, yakuman: Number(han.slice(1)) };
  else if (Number(han) >= 5) win = { winner, han: Number(han) };
  else if (!one(`fu${suffix}`)) return null;
  else win = { winner, han: Number(han), fu: Number(one(`fu${suffix}`)) };
  if (one(`pao${suffix}`) !== "") {
    win.pao = Number(one(`pao${suffix}`));
    if (one(`pao_whole${suffix}`) && win.yakuman > 1) win.pao_yakuman = win.yakuman;
  }
  return win;
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
