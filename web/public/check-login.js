// Silent check-SSO: hand the provider's answer (in this page's URL) to the page that framed us,
// on our own origin only. The parent finishes the sign-in through the API.
(function () {
  if (window.parent && window.parent !== window) {
    window.parent.postMessage({ type: 'uplink:check-login', url: window.location.href }, window.location.origin);
  }
})();
