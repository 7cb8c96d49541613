// Tile picker: a tap appends the tile to the last focused tile field of the same hand.
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-tile], [data-tile-back]");
  if (!button) return;
  const entry = button.closest(".tile-entry");
  const target = entry.querySelector("[data-tile-target].last-focused") || entry.querySelector("[data-tile-target]");
  if (button.hasAttribute("data-tile-back")) {
    target.value = target.value.replace(/\d[mpsz]?$/, "");
  } else {
    target.value += button.dataset.tile;
  }
  target.dispatchEvent(new Event("change", { bubbles: true }));
});
document.addEventListener("focusin", (event) => {
  if (!event.target.matches("[data-tile-target]")) return;
  const entry = event.target.closest(".tile-entry");
  entry.querySelectorAll(".last-focused").forEach((el) => el.classList.remove("last-focused"));
  event.target.classList.add("last-focused");
});
