// A contacts CSV as people really hand them over, made from a seed, together with what a correct
// import of it into an account whose default country is MX must report. Import tests compare the
// server's report with these figures; benchmarks use larger files of the same making.
//
// What the file holds on purpose:
// - a UTF-8 byte-order mark and CRLF record endings, as spreadsheet programs save;
// - quoted fields with commas, double quotes and line breaks inside (a record may span lines);
// - each phone written one of many ways: national numbers without a country code (the account's
//   default country applies), `+` and `00` international prefixes, digits-only international
//   numbers as chat providers send them, Mexico's legacy mobile `1` after +52, Argentina's mobile
//   `9` after +54, spaces, dashes, dots and brackets;
// - rows that repeat an earlier contact under another spelling of its phone (merged, not created);
// - rows that must be rejected with a reason: empty, impossible or invalid phones, bad emails;
// - columns that are not contact fields (`city`, `plan`, `signup_date`, `Lifetime Value`,
//   `notes`), which end up in the contact's `meta`; a `tags` column with `;`-separated tags.
//
// The counts are exact by construction, not rates: the caller says how many rows are rejected and
// how many repeat an earlier contact, and every other row is a contact of its own. This module has
// no imports so that Playwright specs, unit tests and the benchmarks can all load it.

export type ContactsCsvOptions = {
  rows: number;
  seed?: number;
  /** Rows the import must reject; default 3.5 % of the rows. The first data row is always one. */
  rejected?: number;
  /** Valid rows whose phone is another spelling of an earlier row's; default 2.5 % of the rows. */
  repeats?: number;
};

/** One data row as written, and what the import must make of it. */
export type ExpectedRecord = {
  /** The line the record starts on, as an editor numbers them (the header is line 1). */
  line: number;
  fields: string[];
  /** The canonical number of a valid row, or null for a rejected one. */
  e164: string | null;
  /** Why the row is rejected, in the import report's words, or null for a valid one. */
  reason: string | null;
};

export type ContactsCsv = {
  /** The file's text, byte-order mark included: write it as UTF-8. */
  text: string;
  header: string[];
  records: ExpectedRecord[];
  rows: number;
  rejected: number;
  /** Contacts a first import creates. */
  distinct: number;
  /** Valid rows that merge into a contact created earlier in the same file. */
  repeats: number;
};

/** The file the import tests upload (e2e/fixtures/contacts-1k.csv is this, written out). */
export const SAMPLE_1K: ContactsCsvOptions = { rows: 1000, seed: 7, rejected: 35, repeats: 25 };

export const CONTACTS_HEADER = [
  'phone', 'first_name', 'last_name', 'email', 'external_id', 'external_url', 'tags', 'city', 'plan', 'signup_date',
  'Lifetime Value', 'notes',
];

// xorshift32: small, fast, and the same sequence on every platform for a given seed.
function generator(seed: number) {
  let state = (seed >>> 0) || 0x9e3779b9;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)];
  const digits = (n: number) => Array.from({ length: n }, () => int(10)).join('');
  const chance = (p: number) => next() < p;
  return { next, int, pick, digits, chance };
}
type Random = ReturnType<typeof generator>;

type Number_ = { e164: string; spellings: string[] };

const spaced = (s: string, ...cuts: number[]) => {
  const parts: string[] = [];
  let at = 0;
  for (const cut of cuts) {
    parts.push(s.slice(at, cut));
    at = cut;
  }
  parts.push(s.slice(at));
  return parts.join(' ');
};

// Each maker draws a number that libphonenumber holds valid and the ways people write it. Mexico
// comes first and most often: the sample account's default country.
const makers: { weight: number; make: (r: Random) => Number_ }[] = [
  {
    weight: 50,
    make: (r) => {
      const n = r.pick(['55', '33', '81']) + r.digits(8);
      const [area, mid, end] = [n.slice(0, 2), n.slice(2, 6), n.slice(6)];
      return {
        e164: `+52${n}`,
        spellings: [
          `+52 ${area} ${mid} ${end}`, `+52 1 ${area} ${mid} ${end}`, `52${n}`, `521${n}`, `0052 ${n}`,
          `(${area}) ${mid}-${end}`, `${area}-${mid}-${end}`, n, ` ${area} ${mid} ${end} `,
        ],
      };
    },
  },
  {
    weight: 10,
    make: (r) => {
      const n = `415${2 + r.int(8)}${r.digits(6)}`;
      const [area, exchange, line] = [n.slice(0, 3), n.slice(3, 6), n.slice(6)];
      return {
        e164: `+1${n}`,
        spellings: [`+1 (${area}) ${exchange}-${line}`, `001 ${area} ${exchange} ${line}`, `1-${area}-${exchange}-${line}`,
          `+1.${area}.${exchange}.${line}`, `1${n}`],
      };
    },
  },
  {
    weight: 8,
    make: (r) => {
      const n = `119${r.digits(8)}`;
      return { e164: `+55${n}`, spellings: [`+55 11 ${n.slice(2, 7)}-${n.slice(7)}`, `55${n}`, `+55 (11) ${n.slice(2)}`] };
    },
  },
  {
    weight: 8,
    make: (r) => {
      // Colombian mobiles; not every 3xx block is allotted, so only blocks that are.
      const n = `${r.pick(['300', '301', '304', '310', '311', '312', '313', '314', '315', '316', '317', '318', '320', '350'])}${r.digits(7)}`;
      return { e164: `+57${n}`, spellings: [`+57 ${spaced(n, 3, 6)}`, `57${n}`, `+57 (${n.slice(0, 3)}) ${spaced(n.slice(3), 3)}`] };
    },
  },
  {
    weight: 8,
    make: (r) => {
      // Argentine mobiles keep the 9 after +54: that is how the chat networks address them.
      const n = `11${2 + r.int(6)}${r.digits(7)}`;
      return {
        e164: `+549${n}`,
        spellings: [`+54 9 11 ${n.slice(2, 6)}-${n.slice(6)}`, `549${n}`, `+54 9 (11) ${spaced(n.slice(2), 4)}`],
      };
    },
  },
  {
    weight: 6,
    make: (r) => {
      const n = `6${r.digits(8)}`;
      return { e164: `+34${n}`, spellings: [`+34 ${spaced(n, 3, 5, 7)}`, `0034 ${n}`] };
    },
  },
  {
    weight: 5,
    make: (r) => {
      const n = `7400${r.digits(6)}`;
      return { e164: `+44${n}`, spellings: [`+44 ${spaced(n, 4)}`, `+44 (0)${n}`, `0044 ${spaced(n, 4)}`] };
    },
  },
  {
    weight: 5,
    make: (r) => {
      const n = `98${r.digits(8)}`;
      return { e164: `+91${n}`, spellings: [`+91 ${spaced(n, 5)}`, `91-${n}`, `0091 ${spaced(n, 5)}`] };
    },
  },
];
const TOTAL_WEIGHT = makers.reduce((sum, m) => sum + m.weight, 0);

function makeNumber(r: Random): Number_ {
  let at = r.int(TOTAL_WEIGHT);
  for (const maker of makers) {
    if (at < maker.weight) return maker.make(r);
    at -= maker.weight;
  }
  throw new Error('unreachable');
}

// Phones the import refuses, with its reason. Kept in step with lib/phone/canonicalize.ts by the
// unit test of this module, which runs every row through the import's own validation.
const BAD_PHONES: { phone: string; reason: string }[] = [
  ...['', '   '].map((phone) => ({ phone, reason: 'Phone is empty.' })),
  ...['n/a', 'ask Maria', 'tel: 55 1234 5678'].map((phone) => ({ phone, reason: `"${phone}" is not a phone number.` })),
  ...['12', '+52 55', '000000000000000000000'].map((phone) => ({ phone, reason: `"${phone}" is not a possible phone number.` })),
  ...['+999 123456789', '55 1234', '+1 (415) 000-0000'].map((phone) => ({ phone, reason: `"${phone}" is not a valid phone number.` })),
];
const BAD_EMAILS = ['maria@', '@example.com', 'juan.perez.example.com', 'two@@example.com', 'with space@example.com'];
const EMAIL_REASON = 'email: Enter a valid email address.';

const FIRST_NAMES = ['Ana', 'Luis', 'Sofía', 'Joaquín', 'Camila', 'Björn', 'Zoë', 'Nnamdi', 'Mei', 'Дмитрий', 'أحمد',
  'Aoife', "D'Angelo", 'Marie-Claire', 'Tomás', 'Ngọc', '美咲', ''];
const LAST_NAMES = ['Pérez', 'Ramírez', 'Okafor', 'Nakamura', 'Schäfer', "O'Neill", 'Smith, Jr.', 'de la Cruz',
  'Wang "Bobby"', 'Kovač', 'Ivanova', 'Fernández', ''];
const CITIES = ['Ciudad de México', 'Guadalajara', 'Monterrey', 'Medellín', 'Córdoba', 'São Paulo', 'Sevilla', 'Leeds', ''];
const PLANS = ['free', 'starter', 'business', ''];
const TAGS = ['vip', 'lead', 'customer', 'newsletter', 'churn risk', 'b2b', 'promo verano'];
const NOTES = ['Prefers WhatsApp, not calls', 'Asked about "premium" pricing', 'First line\nsecond line, with a comma',
  'Met at the fair.\n"Follow up" in May\nthird line'];

/** Cents as a spreadsheet shows an amount: `1,234.50` (quoted in the file for its comma). */
function money(cents: number): string {
  const units = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${units}.${String(cents % 100).padStart(2, '0')}`;
}

function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

type Kind = 'new' | 'repeat' | 'bad-phone' | 'bad-email';

/** The rows' kinds in file order: counts exact, positions shuffled, row 0 an empty phone. */
function plan(r: Random, rows: number, rejected: number, repeats: number): Kind[] {
  const badEmails = rejected >= 2 ? Math.max(1, Math.round((rejected - 1) * 0.3)) : 0;
  const rest: Kind[] = [
    ...Array<Kind>(Math.max(0, rejected - 1 - badEmails)).fill('bad-phone'),
    ...Array<Kind>(badEmails).fill('bad-email'),
    ...Array<Kind>(repeats).fill('repeat'),
    ...Array<Kind>(rows - rejected - repeats).fill('new'),
  ];
  for (let i = rest.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [rest[i], rest[j]] = [rest[j], rest[i]];
  }
  // A repeat needs an earlier contact: move the first new row ahead of any repeat before it.
  const firstNew = rest.indexOf('new');
  const firstRepeat = rest.indexOf('repeat');
  if (firstRepeat !== -1 && firstRepeat < firstNew) [rest[firstRepeat], rest[firstNew]] = [rest[firstNew], rest[firstRepeat]];
  return rejected > 0 ? ['bad-phone', ...rest] : rest;
}

export function contactsCsv(options: ContactsCsvOptions): ContactsCsv {
  const rows = options.rows;
  const rejected = options.rejected ?? Math.round(rows * 0.035);
  const repeats = options.repeats ?? Math.round(rows * 0.025);
  if (rows < 0 || rejected < 0 || repeats < 0 || rejected + repeats > rows || (repeats > 0 && rejected + repeats === rows)) {
    throw new Error(`Cannot make ${rows} rows with ${rejected} rejected and ${repeats} repeats`);
  }
  const r = generator(options.seed ?? 1);
  const kinds = plan(r, rows, rejected, repeats);

  const used = new Set<string>();
  const contacts: Number_[] = [];
  const fresh = (): Number_ => {
    for (;;) {
      const n = makeNumber(r);
      if (!used.has(n.e164)) {
        used.add(n.e164);
        return n;
      }
    }
  };

  const records: ExpectedRecord[] = [];
  let line = 2;
  for (let i = 0; i < kinds.length; i++) {
    const kind = kinds[i];
    let phone: string;
    let e164: string | null = null;
    let reason: string | null = null;
    let email = r.chance(0.7) ? `${r.pick(['ana', 'luis', 'contacto', 'ventas', 'hola'])}.${i}@example.${r.pick(['com', 'mx', 'co', 'com.br'])}` : '';
    if (kind === 'new') {
      const n = fresh();
      contacts.push(n);
      phone = r.pick(n.spellings);
      e164 = n.e164;
    } else if (kind === 'repeat') {
      const n = r.pick(contacts);
      phone = r.pick(n.spellings);
      e164 = n.e164;
    } else if (kind === 'bad-email') {
      // A valid phone used nowhere else: the row is refused for its email alone.
      phone = r.pick(fresh().spellings);
      email = r.pick(BAD_EMAILS);
      reason = EMAIL_REASON;
    } else {
      const bad = i === 0 ? BAD_PHONES[0] : r.pick(BAD_PHONES);
      phone = bad.phone;
      reason = bad.reason;
    }
    const tags = Array.from({ length: r.int(4) }, () => r.pick(TAGS)).join(';');
    const fields = [
      phone, r.pick(FIRST_NAMES), r.pick(LAST_NAMES), email,
      r.chance(0.5) ? `crm-${100000 + i}` : '',
      r.chance(0.2) ? `https://crm.example.com/people/${100000 + i}` : '',
      tags, r.pick(CITIES), r.pick(PLANS),
      `${String(1 + r.int(28)).padStart(2, '0')}/${String(1 + r.int(12)).padStart(2, '0')}/${2019 + r.int(6)}`,
      money(r.int(r.chance(0.3) ? 900_000 : 90_000)),
      // Every 50th row (from the 8th) carries a note; some notes run over several lines.
      i % 50 === 7 ? NOTES[(i / 50 | 0) % NOTES.length] : '',
    ];
    records.push({ line, fields, e164, reason });
    line += 1 + fields.reduce((breaks, f) => breaks + (f.match(/\n/g)?.length ?? 0), 0);
  }

  const lines = [CONTACTS_HEADER, ...records.map((rec) => rec.fields)].map((fields) => fields.map(csvField).join(','));
  return {
    text: `\ufeff${lines.join('\r\n')}\r\n`,
    header: CONTACTS_HEADER,
    records,
    rows,
    rejected,
    distinct: contacts.length,
    repeats,
  };
}
