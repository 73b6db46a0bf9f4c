// The item dialog: view, edit, create or delete one item, as DynamoDB JSON or as plain JSON.
// Saving is one PutItem of the whole item; DynamoDB's validation errors show in the dialog.

import { call } from "../client.js";
import { canBePlain, fromPlain, toPlain } from "../ddb-json.js";
import { parse, stringify } from "../json.js";
import { h, statusLine, uid } from "../dom.js";
import { primaryKey } from "./table-info.js";

// `item` (DynamoDB JSON) is null for a new item. `done` runs after a save or a delete.
export async function openItemEditor(table, item, done) {
  const status = statusLine();
  let format = "dynamodb";
  const isNew = !item;
  const originalKey = item ? primaryKey(table, item) : null;
  if (item) {
    try {
      const fresh = await call("GetItem", { TableName: table.TableName, Key: originalKey, ConsistentRead: true });
      if (fresh.Item) item = fresh.Item;
    } catch {
      // show what the page had
    }
  } else {
    const typeOf = (name) => table.AttributeDefinitions.find((d) => d.AttributeName === name).AttributeType;
    item = Object.fromEntries(table.KeySchema.map((k) => [k.AttributeName, { [typeOf(k.AttributeName)]: "" }]));
  }

  const text = h("textarea", { class: "json", spellcheck: false, value: stringify(item) });
  const name = uid("format");
  const radio = (value, label) =>
    h("label", { class: "check" }, h("input", { type: "radio", name, value, checked: value === format, onchange: () => switchTo(value) }), label);
  const plainRadio = radio("plain", "Plain JSON");
  const current = () => {
    const value = parse(text.value);
    return format === "plain" ? fromPlain(value) : value;
  };
  const switchTo = (next) => {
    try {
      const value = current();
      if (next === "plain" && !canBePlain(value)) throw new Error("This item has binary values or sets, which plain JSON cannot hold: edit it as DynamoDB JSON.");
      text.value = stringify(next === "plain" ? toPlain(value) : value);
      format = next;
      status.show(null);
    } catch (e) {
      dialog.querySelector(`input[value="${format}"]`).checked = true;
      status.show({ type: "Cannot switch", message: e.message });
    }
  };

  const save = async () => {
    let value;
    try {
      value = current();
    } catch (e) {
      return status.show({ type: "Invalid JSON", message: e.message });
    }
    try {
      await call("PutItem", { TableName: table.TableName, Item: value });
      dialog.close();
      done();
    } catch (e) {
      status.show(e);
    }
  };
  const remove = async () => {
    if (!confirm("Delete this item?")) return;
    try {
      await call("DeleteItem", { TableName: table.TableName, Key: originalKey });
      dialog.close();
      done();
    } catch (e) {
      status.show(e);
    }
  };

  const titleId = uid("item-title");
  const dialog = h(
    "dialog",
    { "aria-labelledby": titleId, class: "item-editor" },
    h(
      "div",
      {},
      h("h2", { id: titleId }, isNew ? "New item" : "Item"),
      h("fieldset", { class: "row center" }, h("legend", {}, "Edit as"), radio("dynamodb", "DynamoDB JSON"), plainRadio),
      h("label", { for: (text.id = uid("item-json")), class: "muted" }, isNew ? "Item to put" : "Item (saved with PutItem; a changed key saves a new item)"),
      text,
      status,
      h(
        "div",
        { class: "row" },
        h("button", { class: "primary", type: "button", onclick: save }, isNew ? "Create item" : "Save item"),
        isNew ? null : h("button", { class: "danger", type: "button", onclick: remove }, "Delete item"),
        h("span", { class: "spacer" }),
        h("button", { type: "button", onclick: () => dialog.close() }, "Close"),
      ),
    ),
  );
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  text.focus();
}
