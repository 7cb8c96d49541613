// The round's clock of an event: counts down to data-ends every second, and at time up
// stops at 0:00 and shows what the event's rule says happens then (the server renders
// the text, "Time is up: …", once). A page may load this once per clock (the club
// console shows one per table): only the first load starts the timer.
if (!window.eventClock) {
  const pad = (n) => String(n).padStart(2, "0");

  const tick = () => {
    for (const clock of document.querySelectorAll(".event-clock[data-ends]")) {
      const left = Math.round((Date.parse(clock.dataset.ends) - Date.now()) / 1000);
      const line = clock.closest(".event-clock-line");
      const rule = line && line.querySelector(".event-time-up");
      if (left <= 0) {
        clock.textContent = "0:00";
        clock.classList.add("is-up");
        if (rule) rule.hidden = false;
      } else {
        clock.textContent = `${Math.floor(left / 60)}:${pad(left % 60)}`;
      }
    }
  };

  window.eventClock = setInterval(tick, 1000);
  tick();
}
