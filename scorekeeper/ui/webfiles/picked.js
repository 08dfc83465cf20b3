// The server app's page (web/static.py): the language picked on this device
// (kept by the client in the browser's storage) rides to the server as a
// cookie on the websocket's request, so the first screen is drawn in it with
// no round trip to ask the page for it; the server checks the value against
// its languages. Likewise whether the screen is to be kept awake. The storage
// keys and cookie names are filled in when the page is made.
(() => {
  const d = document;
  const languageCookie = $language_cookie;
  const awakeCookie = $awake_cookie;
  let v = null;
  let a = null;
  try {
    v = JSON.parse(localStorage.getItem($language_key) || "null");
  } catch (_e) {}
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
  d.cookie =
    typeof v === "string" && /^[A-Za-z_-]{2,12}$/.test(v)
      ? `${languageCookie}=${v}; Path=/; SameSite=Strict`
      : `${languageCookie}=; Path=/; Max-Age=0; SameSite=Strict`;
  try {
    a = JSON.parse(localStorage.getItem($awake_key) || "null");
  } catch (_e) {}
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  d.cookie =
    a === false
      ? `${awakeCookie}=off; Path=/; SameSite=Strict`
      : `${awakeCookie}=; Path=/; Max-Age=0; SameSite=Strict`;
})();
