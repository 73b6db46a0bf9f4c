// What the views read out of a DescribeTable answer.

// ["pk (S)", "sk (N)"] — the sort key is undefined for a table without one.
export function keyNames(keySchema, definitions) {
  const typeOf = (name) => (definitions.find((d) => d.AttributeName === name) || {}).AttributeType;
  const label = (k) => k && `${k.AttributeName} (${typeOf(k.AttributeName)})`;
  return [label(keySchema.find((k) => k.KeyType === "HASH")), label(keySchema.find((k) => k.KeyType === "RANGE"))];
}

// The table itself and each index, as {name, label, hash: {name, type}, range: {name, type}}.
export function keySets(table) {
  const typeOf = (name) => (table.AttributeDefinitions.find((d) => d.AttributeName === name) || {}).AttributeType;
  const keys = (schema) => {
    const part = (kind) => {
      const k = schema.find((x) => x.KeyType === kind);
      return k ? { name: k.AttributeName, type: typeOf(k.AttributeName) } : null;
    };
    return { hash: part("HASH"), range: part("RANGE") };
  };
  return [
    { name: "", label: `${table.TableName} (table)`, ...keys(table.KeySchema) },
    ...(table.GlobalSecondaryIndexes || []).map((i) => ({ name: i.IndexName, label: `${i.IndexName} (global index)`, ...keys(i.KeySchema) })),
    ...(table.LocalSecondaryIndexes || []).map((i) => ({ name: i.IndexName, label: `${i.IndexName} (local index)`, ...keys(i.KeySchema) })),
  ];
}

// The primary key attributes of `item` (DynamoDB JSON), in key-schema order.
export function primaryKey(table, item) {
  return Object.fromEntries(table.KeySchema.map((k) => [k.AttributeName, item[k.AttributeName]]));
}

export function formatBytes(n) {
  if (!(n >= 0)) return "—";
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
