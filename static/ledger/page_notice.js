// A refusal of one of the page's own requests is shown at the top of the page
// (#page-notice, see ledger.views.common.error_page); the next request that goes
// through takes it away.
document.addEventListener("htmx:afterRequest", (event) => {
  const notice = document.getElementById("page-notice");
  if (notice && event.detail.xhr.status < 400 && event.detail.target !== notice) notice.replaceChildren();
});
