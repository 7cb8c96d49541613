// The print button of the standings sheet (a script file: the CSP allows no inline script).
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) window.print();
});
