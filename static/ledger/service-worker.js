// The service worker (served at /service-worker.js, after the CONFIG the server writes
// above this line): it keeps the table page's static files, and the last copy of each
// table page visited, so that the table opens with no network. It never answers a
// change (a POST) itself: those go to the network, and offline.js queues what fails.
// The engine (Pyodide, ~5.7 MB gzipped) is kept in a cache of its own, named after its
// version: filled in the background once a table page asks for it (not at install, so
// that a first visit is not held up by it), and kept when the app's files change.

const PAGES = "ledger-pages"; // the last copy of each table page (kept across versions)
const NETWORK_WAIT_MS = 4000; // a page that takes longer is shown from its copy
const tablePage = new RegExp(CONFIG.tablePages);
const joinPage = new RegExp(CONFIG.joinPages);
const recordPage = new RegExp(CONFIG.recordPages);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CONFIG.cache).then((cache) => cache.addAll(CONFIG.files)).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => ![CONFIG.cache, CONFIG.engineCache, PAGES].includes(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && tablePage.test(url.pathname)) {
    event.respondWith(tablePageAnswer(event, request, url));
  } else if (request.mode === "navigate" && joinPage.test(url.pathname)) {
    event.respondWith(joinPageAnswer(request, url));
  } else if (recordPage.test(url.pathname)) {
    event.respondWith(recordAnswer(event, request, url));
  } else if (CONFIG.files.includes(url.pathname) || CONFIG.engine.includes(url.pathname)) {
    event.respondWith(caches.match(url.pathname).then((found) => found || fetch(request)));
  }
});

// A table's game record (what the engine plays the queue on): from the network, its
// copy kept; else the copy.
async function recordAnswer(event, request, url) {
  const cache = await caches.open(PAGES);
  try {
    const answer = await fetchWithin(request, NETWORK_WAIT_MS);
    if (answer.ok) event.waitUntil(cache.put(url.pathname, answer.clone()));
    return answer;
  } catch {
    const copy = await cache.match(url.pathname);
    if (copy) return copy;
    throw new Error("offline, and this table's record was never kept here");
  }
}

// The engine's files, fetched once (those already kept are not fetched again).
async function keepEngine() {
  const cache = await caches.open(CONFIG.engineCache);
  for (const path of CONFIG.engine) {
    if (!(await cache.match(path))) await cache.add(path);
  }
}

// The table page from the network (its copy kept), else the copy, marked as a copy.
async function tablePageAnswer(event, request, url) {
  const cache = await caches.open(PAGES);
  try {
    const answer = await fetchWithin(request, NETWORK_WAIT_MS);
    if (answer.ok && tablePage.test(new URL(answer.url).pathname)) event.waitUntil(keep(cache, answer));
    return answer;
  } catch {
    const copy = await cache.match(url.pathname);
    if (copy) return markedCopy(copy);
    throw new Error("offline, and this table was never opened here");
  }
}

// A table link: to the network as it is (the browser follows it to its table), or
// offline, the copy of the table it leads to (the page says which: see "message").
async function joinPageAnswer(request, url) {
  try {
    return await fetchWithin(request, NETWORK_WAIT_MS);
  } catch {
    const cache = await caches.open(PAGES);
    const pointer = await cache.match(joinKey(url));
    const copy = pointer && (await cache.match(await pointer.text()));
    if (copy) return markedCopy(copy);
    throw new Error("offline, and this table link was never opened here");
  }
}

function fetchWithin(request, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the network is too slow")), ms);
    fetch(request).then((answer) => { clearTimeout(timer); resolve(answer); }, (error) => { clearTimeout(timer); reject(error); });
  });
}

function joinKey(url) {
  return `${url.pathname}#join`;
}

// A copy is kept under the table's own path, with the time it was seen.
async function keep(cache, answer) {
  const body = await answer.clone().text();
  const headers = { "Content-Type": "text/html; charset=utf-8", "X-Seen-At": new Date().toISOString() };
  await cache.put(new URL(answer.url).pathname, new Response(body, { headers }));
}

async function markedCopy(copy) {
  const seen = copy.headers.get("X-Seen-At") || "";
  const body = (await copy.text()).replace("<body ", `<body data-offline-copy="${seen}" `);
  return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// The page tells which table its link leads to (kept as a pointer: the link a phone
// scanned opens offline too), and asks for its copy to be renewed after the table
// changed on screen.
self.addEventListener("message", (event) => {
  const { keep: path, join, table, engine } = event.data || {};
  const work = [];
  if (typeof join === "string" && joinPage.test(join) && typeof table === "string" && tablePage.test(table)) {
    work.push(caches.open(PAGES).then((cache) => cache.put(joinKey(new URL(join, self.location.origin)), new Response(table))));
  }
  if (typeof path === "string" && tablePage.test(path)) {
    work.push(fetch(path, { credentials: "same-origin" })
      .then(async (answer) => { if (answer.ok) await keep(await caches.open(PAGES), answer); })
      .catch(() => {}));
    const record = `${path}record/`; // and the table's record, for the engine offline
    work.push(fetch(record, { credentials: "same-origin" })
      .then(async (answer) => { if (answer.ok) await (await caches.open(PAGES)).put(record, answer); })
      .catch(() => {}));
  }
  if (engine) work.push(keepEngine().catch(() => {}));
  event.waitUntil(Promise.all(work));
});
