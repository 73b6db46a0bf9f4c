// The Stream tab: a live tail of the table's stream through the DynamoDB Streams API
// (ListStreams, DescribeStream, GetShardIterator, GetRecords), newest record first. Starts at
// the oldest record still kept and polls every second while the tab is open.

import { call } from "../client.js";
import { h, replace, statusLine } from "../dom.js";
import { short } from "../ddb-json.js";

const POLL_MS = 1000;
const KEEP = 200;  // records shown; older ones leave the page

export function streamTab(el, table) {
  const status = statusLine();
  const spec = table.StreamSpecification;
  if (!spec || !spec.StreamEnabled) {
    el.append(h("p", { class: "empty" }, "This table has no stream. Turn one on in ", h("a", { href: `#/table/${encodeURIComponent(table.TableName)}/settings` }, "Settings"), "."));
    return;
  }
  const body = h("tbody");
  const count = h("span", { class: "muted", "aria-live": "polite" }, "Waiting for records…");
  const pause = h("button", { type: "button", "aria-pressed": "false" }, "Pause");
  el.append(
    h("div", { class: "row center" }, h("span", {}, `Stream ${spec.StreamViewType} · `, h("span", { class: "mono" }, table.LatestStreamArn)), h("span", { class: "spacer" }), pause),
    status,
    count,
    h(
      "div",
      { class: "scroll log" },
      h(
        "table",
        { class: "grid", "aria-label": "Stream records" },
        h("thead", {}, h("tr", {}, ["Time", "Event", "Keys", "New image", "Old image", "Sequence number"].map((c) => h("th", { scope: "col" }, c)))),
        body,
      ),
    ),
  );

  let stopped = false;
  let paused = false;
  let timer = null;
  let total = 0;
  const iterators = new Map();  // shard id -> next iterator (null once the shard is closed and read)
  const lastSeen = new Map();  // shard id -> sequence number of the last record shown
  pause.addEventListener("click", () => {
    paused = !paused;
    pause.textContent = paused ? "Resume" : "Pause";
    pause.setAttribute("aria-pressed", String(paused));
  });

  const discover = async () => {
    const { StreamDescription: d } = await call("Streams.DescribeStream", { StreamArn: table.LatestStreamArn });
    for (const shard of d.Shards) {
      if (iterators.has(shard.ShardId)) continue;
      const after = lastSeen.get(shard.ShardId);
      const { ShardIterator } = await call("Streams.GetShardIterator", {
        StreamArn: table.LatestStreamArn,
        ShardId: shard.ShardId,
        ...(after ? { ShardIteratorType: "AFTER_SEQUENCE_NUMBER", SequenceNumber: after } : { ShardIteratorType: "TRIM_HORIZON" }),
      });
      iterators.set(shard.ShardId, ShardIterator);
    }
  };
  const show = (record) => {
    const d = record.dynamodb;
    const time = d.ApproximateCreationDateTime ? new Date(Number(d.ApproximateCreationDateTime) * 1000).toISOString().replace("T", " ").replace(/\.\d+Z$/, "") : "";
    const image = (m) => (m ? short({ M: m }, 120) : "");
    body.prepend(
      h(
        "tr",
        {},
        h("td", {}, time),
        h("td", {}, record.eventName),
        h("td", {}, image(d.Keys)),
        h("td", { title: image(d.NewImage) }, image(d.NewImage)),
        h("td", { title: image(d.OldImage) }, image(d.OldImage)),
        h("td", {}, d.SequenceNumber),
      ),
    );
    while (body.children.length > KEEP) body.lastChild.remove();
    total++;
    replace(count, `${total} records`);
  };
  const poll = async () => {
    try {
      if (!paused) {
        if (round++ % 5 === 0) await discover();
        for (const [shard, iterator] of iterators) {
          if (!iterator || stopped) continue;
          const result = await call("Streams.GetRecords", { ShardIterator: iterator });
          for (const record of result.Records) {
            show(record);
            lastSeen.set(shard, record.dynamodb.SequenceNumber);
          }
          iterators.set(shard, result.NextShardIterator || null);
        }
      }
      status.show(null);
    } catch (e) {
      status.show(e);
      if (e.type === "ExpiredIteratorException" || e.type === "TrimmedDataAccessException") {
        iterators.clear();  // found again, after the last record shown, on the next round
        round = 0;
      }
    }
    if (!stopped) timer = setTimeout(poll, POLL_MS);
  };
  let round = 0;
  poll();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
