// The engine's own thread (started by static/ledger/engine.js): Pyodide and the scoring
// package load and run here, so that the table page never waits for them. Served at
// /offline/engine-worker.js (its policy allows WebAssembly). Each message asks the engine
// one question: {id, urls, text} → {id, answer} (or {id, error}); text null only loads it.

let ready = null;

async function start({ pyodideUrl, bundleUrl }) {
  const { loadPyodide } = await import(`${pyodideUrl}pyodide.mjs`);
  const pyodide = await loadPyodide({ indexURL: pyodideUrl, packages: [] });
  const bundle = await fetch(bundleUrl, { credentials: "same-origin" });
  if (!bundle.ok) throw new Error(`the scoring bundle answered ${bundle.status}`);
  pyodide.unpackArchive(await bundle.arrayBuffer(), "zip");
  return pyodide.pyimport("scoring.pending").play_on_json;
}

self.addEventListener("message", async ({ data }) => {
  try {
    ready ||= start(data.urls);
    const playOn = await ready;
    self.postMessage({ id: data.id, answer: data.text === null ? null : playOn(data.text) });
  } catch (error) {
    ready = null; // tried again with the next question
    self.postMessage({ id: data.id, error: String(error) });
  }
});
