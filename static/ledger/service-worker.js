// The service worker (served at /service-worker.js, after the CONFIG the server writes
// above this line): it keeps the table page's static files, and the last copy of each
// table page visited, so that the table opens with no network. It never answers a
// change (a POST) itself: those go to the network, and offline.js queues what fails.

const PAGES = "ledger-pages"; // the last copy of each table page (kept across versions)
const NETWORK_WAIT_MS = 4000; // a page that takes longer is shown from its copy
const tablePage = new RegExp(CONFIG.tablePages);
const joinPage = new RegExp(CONFIG.joinPages);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CONFIG.cache).then((cache) => cache.addAll(CONFIG.files)).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CONFIG.cache && name !== PAGES).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && tablePage.test(url.pathname)) {
    event.respondWith(tablePageAnswer(request, url));
  } else if (request.mode === "navigate" && joinPage.test(url.pathname)) {
    event.respondWith(joinPageAnswer(url));
  } else if (CONFIG.files.includes(url.pathname)) {
    event.respondWith(caches.match(url.pathname).then((found) => found || fetch(request)));
  }
});

// The table page from the network (its copy kept), else the copy, marked as a copy.
async function tablePageAnswer(request, url) {
  const cache = await caches.open(PAGES);
  const fresh = fetchWithin(request, NETWORK_WAIT_MS).then(async (answer) => {
    if (answer.ok && tablePage.test(new URL(answer.url).pathname)) await keep(cache, answer, url);
    return answer;
  });
  try {
    return await fresh;
  } catch {
    const copy = (await cache.match(url.pathname)) || (await cache.match(joinKey(url)));
    if (copy) return markedCopy(copy);
    throw new Error("offline, and this table was never opened here");
  }
}

// A table link: followed to its table (whose copy is kept under the link too), or
// offline, the copy of the table it led to.
async function joinPageAnswer(url) {
  const cache = await caches.open(PAGES);
  try {
    const answer = await fetchWithin(new Request(url.href, { credentials: "same-origin", redirect: "follow" }), NETWORK_WAIT_MS);
    if (!answer.ok || !answer.redirected) return answer;
    await keep(cache, answer, url);
    return Response.redirect(answer.url, 303);
  } catch {
    const copy = await cache.match(joinKey(url));
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

// A copy is kept under the table's own path (and, for a table link, under the link too:
// the link a phone scanned opens offline as well), with the time it was seen.
async function keep(cache, answer, url) {
  const body = await answer.clone().text();
  const headers = { "Content-Type": "text/html; charset=utf-8", "X-Seen-At": new Date().toISOString() };
  const page = new URL(answer.url).pathname;
  await cache.put(page, new Response(body, { headers }));
  if (joinPage.test(url.pathname)) await cache.put(joinKey(url), new Response(body, { headers }));
}

async function markedCopy(copy) {
  const seen = copy.headers.get("X-Seen-At") || "";
  const body = (await copy.text()).replace("<body ", `<body data-offline-copy="${seen}" `);
  return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// The page asks for its copy to be renewed after the table changed on screen.
self.addEventListener("message", (event) => {
  const path = event.data && event.data.keep;
  if (typeof path !== "string" || !tablePage.test(path)) return;
  const join = event.data.join && joinPage.test(event.data.join) ? event.data.join : path;
  event.waitUntil(
    fetch(path, { credentials: "same-origin" })
      .then(async (answer) => { if (answer.ok) await keep(await caches.open(PAGES), answer, new URL(join, self.location.origin)); })
      .catch(() => {}),
  );
});
