// Tile entry: taps on tile faces build a winning hand in the round form's tile fields
// (tiles_N, win_tile_N, melds_N as "pon 777z, chi 123m", and the round's dora and ura),
// and the hand is drawn as tiles while it is built. The fields stay the truth: the
// drawing is made from them (typing into them works too), and each tap fires their
// change event, which asks the server for the preview (the engine's reading) as before.
// One picker serves every tile panel of a form: it moves into the panel in use. Nothing
// is kept outside the DOM but each panel's undo list, so htmx swaps lose nothing.
// Everything is inside one function: the page's global names stay as they were.
(() => {
  "use strict";

  const SUITS = "mpsz";
  const MELD_SIZES = { chi: 3, pon: 3, kan: 4, ankan: 4, kakan: 4 };
  const undoLists = new WeakMap(); // tile entry -> snapshots of its fields before each tap

  // --- MPSZ notation (FORMATS.md section 1) -----------------------------------------------

  // Return the tiles of an MPSZ text one by one ("406p" -> ["4p", "0p", "6p"]), or null.
  function parseTiles(text) {
    const tiles = [];
    let digits = "";
    for (const char of (text || "").replace(/\s+/g, "")) {
      if (char >= "0" && char <= "9") {
        digits += char;
      } else if (SUITS.includes(char) && digits) {
        if (char === "z" && /[089]/.test(digits)) return null;
        for (const digit of digits) tiles.push(digit + char);
        digits = "";
      } else {
        return null;
      }
    }
    return digits ? null : tiles;
  }

  // The kind 0..33 of a tile (a red five is a five), and its place in MPSZ order.
  function kindOf(tile) {
    const digit = Number(tile[0]);
    return SUITS.indexOf(tile[1]) * 9 + (digit === 0 ? 4 : digit - 1);
  }

  function sortTiles(tiles) {
    const place = (tile) => 2 * kindOf(tile) + (tile[0] === "0" ? 0 : 1);
    return [...tiles].sort((a, b) => place(a) - place(b));
  }

  // Return tiles as MPSZ text, sorted, one suit letter per run (as the engine writes it).
  function formatTiles(tiles) {
    let text = "";
    let suit = "";
    for (const tile of sortTiles(tiles)) {
      if (suit && tile[1] !== suit) text += suit;
      text += tile[0];
      suit = tile[1];
    }
    return text + suit;
  }

  function parseMelds(text) {
    const melds = [];
    for (const part of (text || "").split(/[,;]/)) {
      const [kind, tiles, ...rest] = part.trim().toLowerCase().split(/\s+/);
      const parsed = parseTiles(tiles);
      if (kind in MELD_SIZES && parsed && !rest.length) melds.push({ kind, tiles: parsed });
    }
    return melds;
  }

  function formatMelds(melds) {
    return melds.map((meld) => `${meld.kind} ${formatTiles(meld.tiles)}`).join(", ");
  }

  // --- the fields of a tile entry ---------------------------------------------------------

  function formOf(entry) {
    return entry.closest("form");
  }

  function pickerOf(entry) {
    return formOf(entry)?.querySelector("[data-tile-picker]") || null;
  }

  function field(entry, name) {
    return entry.querySelector(`[data-tile-field="${name}"]`);
  }

  // The round's indicators: one field per tile panel on the table page (kept alike), or
  // the edit page's own dora fields.
  function indicatorInputs(entry, name) {
    const form = formOf(entry);
    return form ? [...form.querySelectorAll(`input[name="${name}"]`)] : [];
  }

  function indicatorText(entry, name) {
    return indicatorInputs(entry, name).map((input) => input.value.trim()).find(Boolean) || "";
  }

  function snapshot(entry) {
    return {
      tiles: field(entry, "tiles")?.value || "",
      win: field(entry, "win")?.value || "",
      melds: field(entry, "melds")?.value || "",
      dora: indicatorText(entry, "dora"),
      ura: indicatorText(entry, "ura"),
    };
  }

  function readState(entry) {
    const text = snapshot(entry);
    return {
      hand: parseTiles(text.tiles) || [],
      win: text.win.trim(),
      melds: parseMelds(text.melds),
      dora: parseTiles(text.dora) || [],
      ura: parseTiles(text.ura) || [],
    };
  }

  function writeText(entry, text) {
    for (const name of ["tiles", "win", "melds"]) {
      const input = field(entry, name);
      if (input) input.value = text[name];
    }
    for (const name of ["dora", "ura"]) {
      for (const input of indicatorInputs(entry, name)) input.value = text[name];
    }
    field(entry, "tiles")?.dispatchEvent(new Event("change", { bubbles: true })); // the preview
    draw(entry);
  }

  function textOf(state) {
    return {
      tiles: formatTiles(state.hand),
      win: state.win,
      melds: formatMelds(state.melds),
      dora: formatTiles(state.dora),
      ura: formatTiles(state.ura),
    };
  }

  // Save the state the taps made, remembering the one before for Undo.
  function commit(entry, state) {
    const list = undoLists.get(entry) || [];
    list.push(snapshot(entry));
    undoLists.set(entry, list);
    if (state.hand.length || state.melds.length) forgetHanAndFu(entry);
    writeText(entry, textOf(state));
  }

  // A hand entered as tiles is scored from them: the han and fu tapped before step aside.
  function forgetHanAndFu(entry) {
    const form = formOf(entry);
    const suffix = (field(entry, "tiles")?.name || "tiles").slice("tiles".length);
    for (const name of [`han${suffix}`, `fu${suffix}`]) {
      const control = form?.elements[name];
      if (!control) continue;
      if (control instanceof HTMLSelectElement) control.value = "";
      else for (const radio of control.length ? control : [control]) radio.checked = false;
    }
  }

  function neededTiles(state) {
    return 14 - 3 * state.melds.length;
  }

  // Copies of each kind in sight: the hand, its melds and the indicators (four of each).
  function copiesOf(state, kind) {
    return inSight(state).filter((tile) => kindOf(tile) === kind).length;
  }

  function hasRed(state, suit) {
    return inSight(state).includes(`0${suit}`);
  }

  function inSight(state) {
    const melded = state.melds.flatMap((meld) => meld.tiles);
    return [...state.hand, ...melded, ...state.dora, ...state.ura];
  }

  // The tiles of a pon or kan of a tile: a kan of fives holds the red five when reds are played.
  function setOf(tile, size, state, redFives) {
    const suit = tile[1];
    const tiles = Array(size).fill(tile[0] === "0" ? `5${suit}` : tile);
    const withRed = tile[0] === "0" || (size === 4 && tile[0] === "5" && suit !== "z" && redFives);
    if (withRed && !hasRed(state, suit)) tiles[0] = `0${suit}`;
    return tiles;
  }

  // --- taps -----------------------------------------------------------------------------

  function setMode(picker, mode) {
    picker.dataset.mode = mode;
    for (const button of picker.querySelectorAll("[data-tile-mode]")) {
      button.setAttribute("aria-pressed", String(button.dataset.tileMode === mode));
    }
    if (mode === "chi" && picker.dataset.suit === "z") setSuit(picker, "m");
    const honors = picker.querySelector('[data-tile-suit="z"]');
    if (honors) honors.disabled = mode === "chi"; // no run of honors
  }

  function setSuit(picker, suit) {
    picker.dataset.suit = suit;
    for (const button of picker.querySelectorAll("[data-tile-suit]")) {
      button.setAttribute("aria-pressed", String(button.dataset.tileSuit === suit));
    }
  }

  function say(entry, text) {
    const status = entry.querySelector("[data-tile-status]");
    if (status) status.textContent = text;
  }

  function tapTile(entry, picker, tile) {
    const state = readState(entry);
    const mode = picker.dataset.mode;
    const full = state.hand.length >= neededTiles(state);
    const kind = kindOf(tile);
    if (mode === "hand" || mode === "win") {
      // A tile is added while the hand has room (a tanki or shanpon wins on a kind it
      // holds); a full hand's winning tile is only named among its tiles.
      const held = state.hand.some((t) => kindOf(t) === kind);
      if (!full) state.hand.push(tile);
      else if (mode === "hand" || !held) return say(entry, picker.dataset.fullText);
      if (mode === "win") {
        // The winning tile is one of the hand's: the red five itself if that is the one held.
        const same = state.hand.find((t) => t === tile);
        state.win = same || state.hand.find((t) => kindOf(t) === kind);
      }
    } else if (mode === "pon" || mode === "kan" || mode === "ankan") {
      if (state.melds.length >= 4) return say(entry, picker.dataset.fullText);
      const size = MELD_SIZES[mode];
      state.melds.push({ kind: mode, tiles: setOf(tile, size, state, picker.dataset.red === "1") });
    } else if (mode === "dora" || mode === "ura") {
      state[mode].push(tile);
    }
    commit(entry, state);
    nextMode(entry, picker, state);
  }

  function tapRun(entry, picker, run) {
    const state = readState(entry);
    if (state.melds.length >= 4) return say(entry, picker.dataset.fullText);
    state.melds.push({ kind: "chi", tiles: parseTiles(run) });
    commit(entry, state);
    nextMode(entry, picker, state);
  }

  // A mode other than the hand is for one tap; a full hand without its winning tile asks for it.
  function nextMode(entry, picker, state) {
    let mode = "hand";
    if (state.hand.length >= neededTiles(state) && !state.win) mode = "win";
    setMode(picker, mode);
    draw(entry);
  }

  function undo(entry) {
    const list = undoLists.get(entry) || [];
    if (list.length) {
      writeText(entry, list.pop());
      return;
    }
    const state = readState(entry); // no tap to take back (typed, a fresh page): the last tile
    if (state.hand.length) {
      const gone = sortTiles(state.hand).pop();
      state.hand = sortTiles(state.hand).slice(0, -1);
      if (gone === state.win && !state.hand.includes(gone)) state.win = "";
    } else if (state.melds.length) {
      state.melds.pop();
    } else if (state.ura.length) {
      state.ura.pop();
    } else {
      state.dora.pop();
    }
    writeText(entry, textOf(state));
  }

  function clear(entry, picker) {
    const state = readState(entry);
    commit(entry, { ...state, hand: [], win: "", melds: [] });
    setMode(picker, "hand");
    draw(entry);
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-tile-picker] button, [data-tile-here]");
    if (!button || button.disabled) return;
    const entry = button.closest("[data-tile-entry]");
    if (!entry) return;
    if (button.hasAttribute("data-tile-here")) {
      usePicker(entry);
      return;
    }
    const picker = button.closest("[data-tile-picker]");
    if (button.dataset.tileMode) {
      const mode = button.dataset.tileMode;
      setMode(picker, picker.dataset.mode === mode ? "hand" : mode);
      draw(entry);
    } else if (button.dataset.tileSuit) {
      setSuit(picker, button.dataset.tileSuit);
    } else if (button.dataset.run) {
      tapRun(entry, picker, button.dataset.run);
    } else if (button.dataset.tile) {
      tapTile(entry, picker, button.dataset.tile);
    } else if (button.hasAttribute("data-tile-undo")) {
      undo(entry);
    } else if (button.hasAttribute("data-tile-clear")) {
      clear(entry, picker);
    }
  });

  // --- the hand as tiles ------------------------------------------------------------------

  function face(picker, tile, label) {
    const image = document.createElement("img");
    const key = picker?.querySelector(`[data-tile="${tile}"]`);
    const back = picker?.querySelector("[data-tile-back]")?.getAttribute("src") || "";
    const src = key?.querySelector("img")?.getAttribute("src");
    image.src = src || back.replace(/back\.svg$/, `${tile}.svg`); // a red five the rules lack
    image.alt = label ?? (key?.getAttribute("aria-label") || tile);
    image.className = "tile-face";
    return image;
  }

  function group(className, label, faces) {
    const box = document.createElement("span");
    box.className = `tile-group ${className}`;
    box.setAttribute("role", "group");
    if (label) box.setAttribute("aria-label", label);
    box.append(...faces);
    return box;
  }

  function modeLabel(picker, mode) {
    return picker?.querySelector(`[data-tile-mode="${mode}"]`)?.textContent.trim() || mode;
  }

  function draw(entry) {
    const built = entry.querySelector("[data-tile-built]");
    const picker = pickerOf(entry);
    if (!built || !picker) return;
    const state = readState(entry);
    const hand = sortTiles(state.hand);
    let win = -1;
    if (state.win) {
      win = hand.indexOf(state.win);
      if (win < 0) win = hand.findIndex((tile) => kindOf(tile) === kindOf(state.win));
    }
    const groups = [];
    const concealed = hand.filter((_, index) => index !== win);
    if (concealed.length) {
      const faces = concealed.map((tile) => face(picker, tile));
      groups.push(group("concealed", modeLabel(picker, "hand"), faces));
    }
    if (win >= 0) {
      const name = face(picker, hand[win]).alt;
      const label = (picker.dataset.winText || "%(tile)s").replace("%(tile)s", name);
      groups.push(group("win", modeLabel(picker, "win"), [face(picker, hand[win], label)]));
    }
    for (const meld of state.melds) {
      const order = sortTiles(meld.tiles);
      if (meld.kind === "ankan" && order[0][0] === "0") order.splice(1, 0, order.shift());
      const tiles = order.map((tile) => face(picker, tile));
      if (meld.kind === "ankan") { // laid with its two ends face down (a red five shows)
        const back = picker.querySelector("[data-tile-back]").getAttribute("src");
        tiles[0].src = back;
        tiles[3].src = back;
      }
      groups.push(group(`meld meld-${meld.kind}`, modeLabel(picker, meld.kind), tiles));
    }
    for (const name of ["dora", "ura"]) {
      if (!state[name].length) continue;
      const caption = document.createElement("span");
      caption.className = "tile-caption";
      caption.textContent = modeLabel(picker, name);
      caption.setAttribute("aria-hidden", "true");
      const faces = state[name].map((tile) => face(picker, tile));
      groups.push(group(`indicators ${name}`, modeLabel(picker, name), [caption, ...faces]));
    }
    built.replaceChildren(...groups);
    if (picker.closest("[data-tile-entry]") === entry) {
      showStatus(entry, picker, state);
      offerKeys(picker, state);
    }
  }

  function showStatus(entry, picker, state) {
    const needed = neededTiles(state);
    const count = (picker.dataset.countText || "%(count)s / %(needed)s")
      .replace("%(count)s", String(state.hand.length))
      .replace("%(needed)s", String(needed));
    const mode = picker.dataset.mode;
    let hint = picker.dataset[`hint${mode[0].toUpperCase()}${mode.slice(1)}`] || "";
    if (mode === "hand" && state.hand.length >= needed) {
      const preview = document.getElementById("preview"); // the edit page has none
      hint = state.win ? (preview ? picker.dataset.doneText : "") : picker.dataset.hintWin;
    }
    if (!hint) return say(entry, count);
    say(entry, `${count} · ${hint}`);
  }

  // Keys of tiles that are all in sight already (four copies, or the one red five) rest;
  // a full hand's winning tile is one it holds.
  function offerKeys(picker, state) {
    const mode = picker.dataset.mode;
    const room = { pon: 3, kan: 4, ankan: 4 }[mode] || 1;
    const naming = mode === "win" && state.hand.length >= neededTiles(state);
    for (const key of picker.querySelectorAll("[data-tile]")) {
      const tile = key.dataset.tile;
      const held = state.hand.some((t) => kindOf(t) === kindOf(tile));
      const redGone = tile[0] === "0" && hasRed(state, tile[1]);
      const gone = redGone || copiesOf(state, kindOf(tile)) + room > 4;
      key.disabled = gone && !(naming && held);
    }
    for (const key of picker.querySelectorAll("[data-run]")) {
      const tiles = parseTiles(key.dataset.run);
      key.disabled = tiles.some(
        (tile) => copiesOf(state, kindOf(tile)) >= 4 || (tile[0] === "0" && hasRed(state, tile[1])),
      );
    }
  }

  // --- panels: the picker where it is used, the preview's reading beside it ---------------

  function usePicker(entry) {
    const picker = pickerOf(entry);
    const slot = entry.querySelector("[data-picker-slot]");
    if (!picker || !slot) return;
    if (picker.parentElement !== slot) {
      slot.prepend(picker);
      setMode(picker, "hand");
    }
    picker.hidden = false;
    for (const other of formOf(entry).querySelectorAll("[data-tile-entry]")) {
      const here = other.querySelector("[data-tile-here]");
      if (here) here.hidden = other === entry;
      if (other === entry) continue;
      const status = other.querySelector("[data-tile-status]");
      if (status) status.textContent = "";
      const reading = other.querySelector("[data-tile-reading]");
      if (reading) reading.hidden = true; // the reading follows the picker
    }
    draw(entry);
    mirrorPreview();
  }

  function setUp(entry) {
    if (entry.dataset.ready) return;
    entry.dataset.ready = "1";
    for (const part of entry.querySelectorAll("[data-tile-built], [data-tile-status]")) {
      part.hidden = false;
    }
    const typed = entry.querySelector("[data-tile-typed]");
    const text = snapshot(entry);
    const unread = (text.tiles && !parseTiles(text.tiles)) || (text.dora && !parseTiles(text.dora));
    if (typed) typed.open = Boolean(unread); // taps fill these fields; typing is one tap away
    const here = entry.querySelector("[data-tile-here]");
    if (here) here.hidden = pickerOf(entry)?.closest("[data-tile-entry]") === entry;
    draw(entry);
  }

  function setUpAll() {
    const entries = [...document.querySelectorAll("[data-tile-entry]")];
    for (const entry of entries) setUp(entry);
    for (const form of new Set(entries.map(formOf))) {
      const inUse = form?.querySelector("[data-tile-picker]")?.closest("[data-tile-entry]");
      const shown = entries.filter((entry) => formOf(entry) === form && isShown(entry));
      if (shown.length && !shown.includes(inUse)) usePicker(shown[0]);
    }
    mirrorPreview();
  }

  // Whether a tile entry is on screen: its panel open, its hand and outcome shown.
  function isShown(entry) {
    for (let box = entry.closest("details"); box; box = box.parentElement?.closest("details")) {
      if (!box.open) return false; // a closed panel's content may still have boxes
    }
    return entry.getClientRects().length > 0; // none in a hidden hand or outcome
  }

  // A tile panel opened: the picker comes to it, in sight.
  document.addEventListener(
    "toggle",
    (event) => {
      const details = event.target;
      if (!(details instanceof HTMLDetailsElement) || !details.open) return;
      const entry = details.querySelector("[data-tile-entry]");
      if (!entry || details.matches("[data-tile-typed]")) return;
      setUp(entry);
      usePicker(entry);
      details.scrollIntoView({ block: "start" }); // the hand, the keys and the reading in sight
    },
    true, // toggle does not bubble
  );

  // Typed into a field: the drawing follows, and the round's indicators stay alike.
  document.addEventListener("input", (event) => {
    const input = event.target.closest?.("[data-tile-field]");
    const entry = input?.closest("[data-tile-entry]");
    if (!entry) return;
    if (input.name === "dora" || input.name === "ura") {
      for (const other of indicatorInputs(entry, input.name)) other.value = input.value;
    }
    draw(entry);
  });

  // The preview (payments, and the engine's reading or why it is no hand) also shows
  // under the picker, which is often all there is room for on a phone.
  function mirrorPreview() {
    const preview = document.getElementById("preview");
    const picker = document.querySelector("[data-tile-picker]:not([hidden])");
    const entry = picker?.closest("[data-tile-entry]");
    const reading = entry?.querySelector("[data-tile-reading]");
    if (!preview || !reading) return;
    reading.replaceChildren(...[...preview.children].map((part) => part.cloneNode(true)));
    reading.hidden = !reading.textContent.trim();
  }

  document.addEventListener("htmx:afterSettle", setUpAll);

  document.addEventListener("DOMContentLoaded", setUpAll);
})();
