// The credentials dialog: access key, secret and region, kept in this browser. Minnow serves
// each (access key, region) its own tables unless it runs with -sharedDb, and checks the
// secret when it verifies signatures.

import { admin, credentials, saveCredentials } from "../client.js";
import { field, h, replace } from "../dom.js";

export function openCredentials() {
  const c = credentials();
  const accessKey = h("input", { value: c.accessKeyId, required: true, autocomplete: "off", spellcheck: false });
  const secret = h("input", { type: "password", value: c.secretAccessKey, autocomplete: "off" });
  const region = h("input", { value: c.region, required: true, spellcheck: false });
  // The namespaces Minnow has served so far: choosing one fills in its access key and region.
  const namespaces = h("div", { class: "namespaces" });
  admin("GET", "namespaces").then(
    ({ sharedDb, namespaces: list }) => {
      if (sharedDb) return replace(namespaces, h("p", { class: "muted" }, "Minnow runs with -sharedDb: every access key and region share one database."));
      const known = list.filter((n) => n.accessKey !== undefined);
      if (!known.length) return;
      replace(
        namespaces,
        h("h3", {}, "Namespaces in use"),
        h(
          "ul",
          { class: "plain" },
          known.map((n) =>
            h(
              "li",
              {},
              h(
                "button",
                {
                  type: "button",
                  class: "link",
                  onclick: () => {
                    accessKey.value = n.accessKey;
                    region.value = n.region;
                  },
                },
                n.id,
              ),
              ` · ${n.tables} ${Number(n.tables) === 1 ? "table" : "tables"}`,
            ),
          ),
        ),
      );
    },
    () => {},
  );
  const dialog = h(
    "dialog",
    { "aria-labelledby": "credentials-title" },
    h(
      "form",
      { method: "dialog" },
      h("h2", { id: "credentials-title" }, "Credentials"),
      h(
        "p",
        { class: "muted" },
        "The console signs its requests with these, as an SDK would. The access key and region choose " +
          "the namespace (one database per access key and region, unless Minnow runs with -sharedDb); " +
          "the secret matters only when Minnow verifies signatures. Kept in this browser's local storage.",
      ),
      h("div", { class: "row" }, field("Access key ID", accessKey), field("Secret access key", secret), field("Region", region)),
      namespaces,
      h(
        "div",
        { class: "row actions" },
        h("button", { class: "primary", value: "save" }, "Save"),
        h("button", { value: "cancel", formnovalidate: true }, "Cancel"),
      ),
    ),
  );
  dialog.addEventListener("close", () => {
    if (dialog.returnValue === "save")
      saveCredentials({ accessKeyId: accessKey.value.trim(), secretAccessKey: secret.value, region: region.value.trim() });
    dialog.remove();
  });
  document.body.append(dialog);
  dialog.showModal();
}
