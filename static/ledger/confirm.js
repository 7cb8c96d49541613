// Asks before what one tap cannot take back: a form with data-confirm="question" is sent
// only when the question is answered yes. (No inline handlers: the page's
// Content-Security-Policy allows scripts from our static files only.)
document.addEventListener("submit", (event) => {
  const form = event.target.closest("form[data-confirm]");
  if (form && !window.confirm(form.dataset.confirm)) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }
}, true);
