// Item size by DynamoDB's documented rules, on wire-format (JSON) items. Used to build items
// of an exact size (the 400 KB limit) and to predict consumed capacity.
//   attribute name: UTF-8 bytes          S: UTF-8 bytes         B: raw bytes
//   N: 1 byte + 1 per base-100 digit (+1 if negative), "0" is 1 byte
//   BOOL, NULL: 1 byte                   SS/NS/BS: sum of the members
//   L: 3 bytes + per element (1 + size)  M: 3 bytes + per entry (1 + name + size)
// Both references (DynamoDB Local and dynalite) agree with these numbers.

const utf8 = (s) => Buffer.byteLength(s, 'utf8');

export function numberSize(n) {
  let s = n.trim();
  const neg = s.startsWith('-');
  s = s.replace(/^[-+]/, '');
  let [mant, exp = '0'] = s.toLowerCase().split('e');
  let [int = '', frac = ''] = mant.split('.');
  let digits = int + frac;
  let e = Number(exp) + int.length - 1; // exponent of the first digit, before trimming
  const lead = digits.match(/^0*/)[0].length;
  digits = digits.slice(lead).replace(/0+$/, '');
  if (!digits) return 1;
  e -= lead;
  const d = digits.length;
  return 1 + Math.ceil(d / 2) + (d % 2 === 0 && Math.abs(e) % 2 === 0 ? 1 : 0) + (neg ? 1 : 0);
}

export function valueSize(v) {
  const [type] = Object.keys(v);
  const x = v[type];
  switch (type) {
    case 'S': return utf8(x);
    case 'B': return Buffer.from(x, 'base64').length;
    case 'N': return numberSize(x);
    case 'BOOL': case 'NULL': return 1;
    case 'SS': return x.reduce((a, s) => a + utf8(s), 0);
    case 'NS': return x.reduce((a, s) => a + numberSize(s), 0);
    case 'BS': return x.reduce((a, s) => a + Buffer.from(s, 'base64').length, 0);
    case 'L': return 3 + x.reduce((a, e) => a + 1 + valueSize(e), 0);
    case 'M': return 3 + Object.entries(x).reduce((a, [k, e]) => a + 1 + utf8(k) + valueSize(e), 0);
    default: throw new Error(`unknown type ${type}`);
  }
}

export function itemSize(item) {
  return Object.entries(item).reduce((a, [k, v]) => a + utf8(k) + valueSize(v), 0);
}

// Returns `base` plus a string attribute `fill` padding the item to exactly `bytes`.
export function padItem(base, bytes, fillName = 'fill') {
  const n = bytes - itemSize(base) - utf8(fillName);
  if (n < 0) throw new Error('base item already too large');
  return { ...base, [fillName]: { S: 'x'.repeat(n) } };
}
