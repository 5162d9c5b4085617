// GET /app-bridge.js: a stand-in for Shopify's App Bridge (v4) script that the app's pages load in
// sandbox mode instead of https://cdn.shopify.com/shopifycloud/app-bridge.js. It defines
// `window.shopify` (idToken, config, toast, loading, environment, user, modal, saveBar), patches
// `fetch` so same-origin requests carry `Authorization: Bearer <id token>` (and retries once when the
// app answers 401 with X-Shopify-Retry-Invalid-Session-Request), handles the `shopify-reload` bounce
// page, and defines ui-nav-menu / ui-title-bar / ui-modal / ui-save-bar.
// Session tokens come from GET {sandbox}/__shopify/session-token?shop=&apiKey= (loopback only, CORS *).

const SCRIPT = String.raw`(function () {
  "use strict";
  if (window.shopify && window.shopify.__sandbox) return;
  var SANDBOX = __SANDBOX_ORIGIN__;
  var current = document.currentScript;
  var params = new URLSearchParams(location.search);
  var meta = document.querySelector('meta[name="shopify-api-key"]');
  var apiKey = (current && current.getAttribute("data-api-key")) || (meta && meta.getAttribute("content")) || params.get("apiKey") || "";
  var shop = params.get("shop") || "";
  var host = params.get("host") || (shop ? btoa("admin.shopify.com/store/" + shop.replace(/\.myshopify\.com$/, "")).replace(/=+$/, "") : "");
  if (!shop && host) { try { var decoded = atob(host); var m = /store\/([^/]+)/.exec(decoded); if (m) shop = m[1] + ".myshopify.com"; } catch (e) { /* not base64 */ } }
  try { if (shop) sessionStorage.setItem("sandbox:shop", shop); else shop = sessionStorage.getItem("sandbox:shop") || ""; } catch (e) { /* storage blocked */ }
  var cached = null;
  var initial = params.get("id_token");
  function expOf(token) { try { return JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).exp * 1000; } catch (e) { return 0; } }
  if (initial && expOf(initial) - Date.now() > 10000) cached = { token: initial, exp: expOf(initial) };
  var nativeFetch = window.fetch.bind(window);
  function idToken() {
    if (cached && cached.exp - Date.now() > 10000) return Promise.resolve(cached.token);
    var url = SANDBOX + "/__shopify/session-token?shop=" + encodeURIComponent(shop) + "&apiKey=" + encodeURIComponent(apiKey);
    return nativeFetch(url).then(function (r) {
      if (!r.ok) throw new Error("sandbox App Bridge: no session token for " + shop + " (" + r.status + ")");
      return r.json();
    }).then(function (body) { cached = { token: body.token, exp: expOf(body.token) }; return body.token; });
  }
  function sameOrigin(input) {
    try { var u = new URL(typeof input === "string" || input instanceof URL ? String(input) : input.url, location.href); return u.origin === location.origin; } catch (e) { return false; }
  }
  function withToken(input, init, token) {
    var headers = new Headers((init && init.headers) || (input instanceof Request ? input.headers : undefined));
    if (!headers.has("Authorization")) headers.set("Authorization", "Bearer " + token);
    return [input, Object.assign({}, init || {}, { headers: headers })];
  }
  window.fetch = function (input, init) {
    if (!sameOrigin(input)) return nativeFetch(input, init);
    return idToken().then(function (token) {
      var a = withToken(input, init, token);
      return nativeFetch(a[0], a[1]).then(function (res) {
        if (res.status !== 401 || res.headers.get("X-Shopify-Retry-Invalid-Session-Request") !== "1") return res;
        cached = null;
        return idToken().then(function (fresh) { var b = withToken(input, init, fresh); b[1].headers.set("Authorization", "Bearer " + fresh); return nativeFetch(b[0], b[1]); });
      });
    });
  };
  function post(msg) { if (window.parent !== window) window.parent.postMessage(msg, "*"); }
  var toastBox = null;
  function showToast(message, opts) {
    opts = opts || {};
    if (!toastBox) {
      toastBox = document.createElement("div");
      toastBox.setAttribute("role", "status"); toastBox.setAttribute("aria-live", "polite"); toastBox.id = "sandbox-toasts";
      toastBox.style.cssText = "position:fixed;left:50%;bottom:24px;transform:translateX(-50%);z-index:2147483647;display:flex;flex-direction:column;gap:8px;align-items:center";
      document.body.appendChild(toastBox);
    }
    var t = document.createElement("div");
    t.className = "sandbox-toast"; t.textContent = String(message);
    t.style.cssText = "background:" + (opts.isError ? "#8e1f0b" : "#1a1a1a") + ";color:#fff;padding:10px 16px;border-radius:10px;font:14px system-ui,sans-serif;box-shadow:0 4px 12px rgba(0,0,0,.25)";
    toastBox.appendChild(t);
    var id = "toast-" + Math.random().toString(36).slice(2);
    setTimeout(function () { t.remove(); }, opts.duration || 5000);
    return id;
  }
  var bar = null;
  function loading(on) {
    if (on === undefined) return !!bar;
    if (on && !bar) { bar = document.createElement("div"); bar.id = "sandbox-loading"; bar.setAttribute("aria-busy", "true"); bar.style.cssText = "position:fixed;top:0;left:0;right:0;height:3px;background:#2c6ecb;z-index:2147483647"; document.body.appendChild(bar); }
    if (!on && bar) { bar.remove(); bar = null; }
  }
  function modal(id, show) { var el = document.getElementById(id); if (el) { el.toggleAttribute("open", show); el.dispatchEvent(new Event(show ? "show" : "hide")); } return Promise.resolve(); }
  window.shopify = {
    __sandbox: true,
    config: { apiKey: apiKey, shop: shop, host: host, locale: "en", disabledFeatures: [] },
    environment: { embedded: true, mobile: false, pos: false },
    origin: SANDBOX,
    idToken: idToken,
    toast: { show: showToast, hide: function () {} },
    loading: loading,
    user: function () { return Promise.resolve({ id: 902541635, name: "Sandra Box", email: "sandra.box@example.com", accountAccess: "Account owner" }); },
    modal: { show: function (id) { return modal(id, true); }, hide: function (id) { return modal(id, false); }, toggle: function (id) { var el = document.getElementById(id); return modal(id, !(el && el.hasAttribute("open"))); } },
    saveBar: { show: function (id) { var el = document.getElementById(id); if (el) el.setAttribute("showing", ""); return Promise.resolve(); }, hide: function (id) { var el = document.getElementById(id); if (el) el.removeAttribute("showing"); return Promise.resolve(); }, toggle: function () { return Promise.resolve(); }, leaveConfirmation: function () { return Promise.resolve(); } },
    resourcePicker: function () { return Promise.resolve(undefined); },
    scanner: { capture: function () { return Promise.reject(new Error("not available in the sandbox")); } },
    intents: { invoke: function () { return Promise.resolve({ code: "closed" }); } },
    reviews: { request: function () { return Promise.resolve({ success: false, code: "sandbox" }); } },
    app: { extensions: function () { return Promise.resolve([]); } },
  };
  var reload = params.get("shopify-reload");
  if (reload) {
    idToken().then(function (token) { var u = new URL(reload, location.href); u.searchParams.set("id_token", token); location.replace(u.toString()); });
  }
  function navItems(menu) {
    return Array.prototype.slice.call(menu.querySelectorAll("a")).filter(function (a) { return a.getAttribute("rel") !== "home"; })
      .map(function (a) { return { label: (a.textContent || "").trim(), href: a.getAttribute("href") || "/" }; });
  }
  function define(name, cls) { if (!customElements.get(name)) customElements.define(name, cls); }
  // Styles come from a stylesheet, never from attributes on the elements: React hydrates them and must
  // find exactly the attributes the server rendered.
  var css = document.createElement("style");
  css.textContent = "ui-nav-menu,ui-title-bar,ui-save-bar{display:none!important}ui-modal{display:none}" +
    "ui-modal[open]{display:block;position:fixed;inset:10% 20%;background:#fff;z-index:2147483646;padding:16px;border-radius:12px;box-shadow:0 0 0 100vmax rgba(0,0,0,.4);overflow:auto}";
  (document.head || document.documentElement).appendChild(css);
  define("ui-nav-menu", class extends HTMLElement {
    connectedCallback() {
      var self = this;
      var render = function () {
        var items = navItems(self);
        if (window.parent !== window) { post({ type: "sandbox:nav", items: items }); return; }
        var nav = document.getElementById("sandbox-nav");
        if (!nav) { nav = document.createElement("nav"); nav.id = "sandbox-nav"; nav.setAttribute("aria-label", "App navigation"); nav.style.cssText = "display:flex;gap:16px;padding:8px 16px;background:#ebebeb;font:14px system-ui,sans-serif"; document.body.prepend(nav); }
        nav.replaceChildren.apply(nav, items.map(function (item) {
          var link = document.createElement("a"); link.href = item.href; link.textContent = item.label;
          link.addEventListener("click", function (e) { e.preventDefault(); navigate(item.href); });
          return link;
        }));
      };
      render();
      this._observer = new MutationObserver(render);
      this._observer.observe(this, { childList: true, subtree: true, characterData: true, attributes: true });
    }
    disconnectedCallback() { if (this._observer) this._observer.disconnect(); }
  });
  define("ui-title-bar", class extends HTMLElement {
    static get observedAttributes() { return ["title"]; }
    connectedCallback() { post({ type: "sandbox:title", title: this.getAttribute("title") || "" }); }
    attributeChangedCallback() { post({ type: "sandbox:title", title: this.getAttribute("title") || "" }); }
  });
  define("ui-modal", class extends HTMLElement {});
  define("ui-save-bar", class extends HTMLElement {});
  function navigate(href) {
    var a = document.createElement("a"); a.setAttribute("href", href); a.style.display = "none";
    document.body.appendChild(a);
    var ev = new CustomEvent("shopify:navigate", { bubbles: true });
    a.dispatchEvent(ev);
    a.remove();
  }
  document.addEventListener("click", function (e) {
    var a = e.target && e.target.closest ? e.target.closest("ui-nav-menu a") : null;
    if (a) { e.preventDefault(); navigate(a.getAttribute("href") || "/"); }
  });
  window.addEventListener("message", function (event) {
    if (event.source !== window.parent || !event.data || event.data.type !== "sandbox:navigate") return;
    navigate(String(event.data.href));
  });
  post({ type: "sandbox:path", path: location.pathname.replace(/^\/app/, "") || "/" });
})();
`;

export function appBridgeScript(sandboxOrigin: string): string {
  return SCRIPT.replace("__SANDBOX_ORIGIN__", JSON.stringify(sandboxOrigin));
}
