// The console's router: #/tables, #/tables/new, #/table/NAME/TAB, #/requests, #/capacity,
// #/controls. Each view is a function (main element, route parameters) that renders into it and
// may return a function that stops what it started (polling), called when the route changes.

import { credentials, followLastUsed, followingLastUsed, learnRegion, onCredentialsChange } from "./client.js";
import { openCredentials } from "./views/credentials.js";
import { tablesView } from "./views/tables.js";
import { createTableView } from "./views/create-table.js";
import { tableView } from "./views/table.js";
import { controlsView } from "./views/controls.js";
import { requestsView } from "./views/requests.js";
import { capacityView } from "./views/capacity.js";
import { h, replace } from "./dom.js";

const main = document.getElementById("view");
let stop = null;

function route() {
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  if (parts[0] === "tables" && parts[1] === "new") return [createTableView, {}, "tables"];
  if (parts[0] === "table" && parts[1]) return [tableView, { table: parts[1], tab: parts[2] || "items" }, "tables"];
  if (parts[0] === "requests") return [requestsView, {}, "requests"];
  if (parts[0] === "capacity") return [capacityView, {}, "capacity"];
  if (parts[0] === "controls") return [controlsView, {}, "controls"];
  return [tablesView, {}, "tables"];
}

function render() {
  if (stop) stop();
  stop = null;
  const [view, params, nav] = route();
  for (const a of document.querySelectorAll("[data-nav]")) {
    if (a.dataset.nav === nav) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  replace(main);
  try {
    stop = view(main, params) || null;
  } catch (e) {
    replace(main, h("p", { class: "status error", role: "alert" }, String(e)));
  }
}

function showIdentity() {
  const c = credentials();
  const following = followingLastUsed();
  replace(document.getElementById("credentials-button"), `${c.accessKeyId} · ${c.region}${following ? " (last requests)" : ""}`);
  document.getElementById("credentials-button").title = following
    ? "The namespace the last requests used (access key and region); save credentials to keep one"
    : "Credentials: access key and region (the namespace)";
}

// After a route change, keyboard and screen-reader users land on the new page's heading
// (each view draws its h1 at once) instead of on the link they followed.
function focusHeading() {
  const heading = main.querySelector("h1");
  if (heading) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
}

document.getElementById("credentials-button").addEventListener("click", openCredentials);
onCredentialsChange(() => {
  showIdentity();
  render();
});
window.addEventListener("hashchange", () => {
  render();
  focusHeading();
});
await learnRegion();
await followLastUsed();
showIdentity();
render();
