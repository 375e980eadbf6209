/**
 * The pieces of SheetJS's XLSX parsing that decide what a cell holds, repeated here so the streaming reader
 * (xlsx-stream.ts) turns the same XML into the same values: SheetJS reads each part as a "binary" string
 * (one char per byte), finds elements with regular expressions, decodes UTF-8 only where it calls utf8read
 * and unescapes entities its own way (&#NNN; through String.fromCharCode, `_xHHHH_` escapes, CRLF -> LF in
 * text). Applied to one row, one shared string or one small part at a time, never to a whole sheet.
 */

export const TAG_RE = /<[/?]?[a-zA-Z0-9:_-]+(?:\s+[^"\s?<>/]+\s*=\s*(?:"[^"]*"|'[^']*'|[^'"<>\s=]+))*\s*[/?]?>/gm;
const ATTR_RE = /\s([^"\s?>/]+)\s*=\s*((?:")([^"]*)(?:")|(?:')([^']*)(?:')|([^'">\s]+))/g;

export type XmlAttrs = Record<string, string>;

/** The tag's name (with its prefix) under key '0', attributes under their local names, values raw. */
export function parseXmlTag(tag: string): XmlAttrs {
  const z: XmlAttrs = {};
  let eq = 0;
  for (; eq !== tag.length; ++eq) {
    const c = tag.charCodeAt(eq);
    if (c === 32 || c === 10 || c === 13) break;
  }
  z[0] = tag.slice(0, eq);
  if (eq === tag.length) return z;
  const m = tag.match(ATTR_RE);
  if (!m) return z;
  for (const found of m) {
    const cc = found.slice(1);
    let c = 0;
    for (; c !== cc.length; ++c) if (cc.charCodeAt(c) === 61) break;
    let q = cc.slice(0, c).trim();
    while (cc.charCodeAt(c + 1) === 32) ++c;
    const first = cc.charCodeAt(c + 1);
    const quot = first === 34 || first === 39 ? 1 : 0;
    const v = cc.slice(c + 1 + quot, cc.length - quot);
    let j = 0;
    for (; j !== q.length; ++j) if (q.charCodeAt(j) === 58) break;
    if (j === q.length) {
      if (q.indexOf('_') > 0) q = q.slice(0, q.indexOf('_'));
      z[q] = v;
      z[q.toLowerCase()] = v;
    } else {
      const k = (j === 5 && q.slice(0, 5) === 'xmlns' ? 'xmlns' : '') + q.slice(j + 1);
      if (z[k] && q.slice(j - 3, j) === 'ext') continue;
      z[k] = v;
      z[k.toLowerCase()] = v;
    }
  }
  return z;
}

/** "<x:sheet" -> "<sheet" (the first prefix only, as SheetJS's strip_ns). */
export function stripNs(name: string): string {
  return name.replace(/<(\/?)\w+:/, '<$1');
}

const ENCODINGS: Record<string, string> = { '&quot;': '"', '&apos;': "'", '&gt;': '>', '&lt;': '<', '&amp;': '&' };
const ENC_RE = /&(?:quot|apos|gt|lt|amp|#x?([\da-fA-F]+));/gi;
const CODE_RE = /_x([\da-fA-F]{4})_/gi;

function rawUnescape(s: string): string {
  const i = s.indexOf('<![CDATA[');
  // Most cell text has neither an entity nor an _xHHHH_ escape: skip both replacements.
  if (i === -1 && s.indexOf('&') === -1 && s.indexOf('_x') === -1) return s;
  if (i === -1)
    return s
      .replace(
        ENC_RE,
        (all, num: string | undefined) =>
          ENCODINGS[all] || String.fromCharCode(parseInt(num as string, all.indexOf('x') > -1 ? 16 : 10)) || all,
      )
      .replace(CODE_RE, (_m, c: string) => String.fromCharCode(parseInt(c, 16)));
  const j = s.indexOf(']]>');
  return rawUnescape(s.slice(0, i)) + s.slice(i + 9, j) + rawUnescape(s.slice(j + 3));
}

export function unescapeXml(text: string, xlsxText = false): string {
  const out = rawUnescape(text);
  return xlsxText ? out.replace(/\r\n/g, '\n') : out;
}

/** A "binary" string (one char per byte) decoded as UTF-8. */
export function utf8read(binary: string): string {
  // ASCII decodes to itself; most cell text is ASCII, and this skips two copies per cell.
  if (!/[^\x00-\x7f]/.test(binary)) return binary;
  return Buffer.from(binary, 'latin1').toString('utf8');
}

export function parseXmlBool(value: string | undefined): boolean {
  return value === '1' || value === 'true';
}

const matchCache = new Map<string, [RegExp, RegExp]>();
function tagPair(tag: string): [RegExp, RegExp] {
  let res = matchCache.get(tag);
  if (!res) {
    res = [new RegExp('<(?:\\w+:)?' + tag + '\\b[^<>]*>', 'g'), new RegExp('</(?:\\w+:)?' + tag + '>', 'g')];
    matchCache.set(tag, res);
  }
  res[0].lastIndex = res[1].lastIndex = 0;
  return res;
}

/** The first <tag ...>…</tag> (any prefix): [whole, inner], or null. */
export function matchXmlNs(str: string, tag: string): [string, string] | null {
  const [open, close] = tagPair(tag);
  let m = open.exec(str);
  if (!m) return null;
  const si = m.index;
  const sf = open.lastIndex;
  close.lastIndex = open.lastIndex;
  m = close.exec(str);
  if (!m) return null;
  return [str.slice(si, close.lastIndex), str.slice(sf, m.index)];
}

/** The text with every <tag>…</tag> removed, or null when one is not closed. */
function removeXmlNs(str: string, tag: string): string | null {
  const [open, close] = tagPair(tag);
  const out: string[] = [];
  let ef = 0;
  for (let m = open.exec(str); m; m = open.exec(str)) {
    out.push(str.slice(ef, m.index));
    close.lastIndex = open.lastIndex;
    if (!close.exec(str)) return null;
    ef = close.lastIndex;
    open.lastIndex = close.lastIndex;
  }
  out.push(str.slice(ef));
  return out.join('');
}

const SI_T_RE = /<(?:\w+:)?t\b[^<>]*>([^<]*)<\/(?:\w+:)?t>/g;
const SI_R_RE = /<(?:\w+:)?r\b[^<>]*>/;

/**
 * The text of a shared or inline string (the inside of <si>/<is>): the first <t> of a plain string, or every
 * run's <t> outside phonetic runs. undefined for an item that is neither (SheetJS stores no value then).
 */
export function stringItemText(x: string): string | undefined {
  if (!x) return '';
  if (/^\s*<(?:\w+:)?t[^>]*>/.test(x))
    return unescapeXml(utf8read(x.slice(x.indexOf('>') + 1).split(/<\/(?:\w+:)?t>/)[0] || ''), true);
  if (SI_R_RE.test(x)) {
    const withoutPhonetic = removeXmlNs(x, 'rPh');
    if (withoutPhonetic === null) throw new Error('unclosed phonetic run');
    TAG_RE.lastIndex = 0;
    return unescapeXml(utf8read((withoutPhonetic.match(SI_T_RE) || []).join('').replace(TAG_RE, '')), true);
  }
  return undefined;
}

/** "B12" -> {r: 11, c: 1}; digits and capital letters anywhere count, as in SheetJS. */
export function decodeCell(ref: string): { r: number; c: number } {
  let R = 0;
  let C = 0;
  for (let i = 0; i < ref.length; ++i) {
    const cc = ref.charCodeAt(i);
    if (cc >= 48 && cc <= 57) R = 10 * R + (cc - 48);
    else if (cc >= 65 && cc <= 90) C = 26 * C + (cc - 64);
  }
  return { c: C - 1, r: R - 1 };
}

export function encodeCell(r: number, c: number): string {
  let col = c + 1;
  let s = '';
  for (; col; col = ((col - 1) / 26) | 0) s = String.fromCharCode(((col - 1) % 26) + 65) + s;
  return s + (r + 1);
}

export function decodeRange(range: string): { s: { r: number; c: number }; e: { r: number; c: number } } {
  const o = { s: { c: 0, r: 0 }, e: { c: 0, r: 0 } };
  const len = range.length;
  let idx = 0;
  let i = 0;
  let cc = 0;
  for (idx = 0; i < len; ++i) {
    if ((cc = range.charCodeAt(i) - 64) < 1 || cc > 26) break;
    idx = 26 * idx + cc;
  }
  o.s.c = --idx;
  for (idx = 0; i < len; ++i) {
    if ((cc = range.charCodeAt(i) - 48) < 0 || cc > 9) break;
    idx = 10 * idx + cc;
  }
  o.s.r = --idx;
  if (i === len || cc !== 10) {
    o.e.c = o.s.c;
    o.e.r = o.s.r;
    return o;
  }
  ++i;
  for (idx = 0; i !== len; ++i) {
    if ((cc = range.charCodeAt(i) - 64) < 1 || cc > 26) break;
    idx = 26 * idx + cc;
  }
  o.e.c = --idx;
  for (idx = 0; i !== len; ++i) {
    if ((cc = range.charCodeAt(i) - 48) < 0 || cc > 9) break;
    idx = 10 * idx + cc;
  }
  o.e.r = --idx;
  return o;
}

/** Error cell text -> SheetJS's error number (undefined for a text it does not know). */
export const ERROR_CODES: Record<string, number> = {
  '#NULL!': 0x00,
  '#DIV/0!': 0x07,
  '#VALUE!': 0x0f,
  '#REF!': 0x17,
  '#NAME?': 0x1d,
  '#NUM!': 0x24,
  '#N/A': 0x2a,
  '#GETTING_DATA': 0x2b,
  '#WTF?': 0xff,
};

const DAY_MS = 24 * 60 * 60 * 1000;
const EPOCH_1899_12_30 = Date.UTC(1899, 11, 30, 0, 0, 0);
const EPOCH_1899_12_31 = Date.UTC(1899, 11, 31, 0, 0, 0);
const EPOCH_1904 = Date.UTC(1904, 0, 1, 0, 0, 0);

/** A t="d" cell's ISO text as the serial number SheetJS stores when it does not keep dates (cellDates off). */
export function isoDateSerial(str: string, date1904: boolean): number {
  let d: Date;
  let m = str.match(/^(\d+):(\d+)(:\d+)?(\.\d+)?$/);
  if (m) {
    d = new Date(
      (date1904 ? EPOCH_1904 : EPOCH_1899_12_31) +
        ((parseInt(m[1], 10) * 60 + parseInt(m[2], 10)) * 60 + (m[3] ? parseInt(m[3].slice(1), 10) : 0)) * 1000 +
        (m[4] ? parseInt((m[4] + '000').slice(1, 4), 10) : 0),
    );
  } else if ((m = str.match(/^(\d+)-(\d+)-(\d+)$/))) {
    d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], 0, 0, 0, 0));
  } else if ((m = str.match(/^(\d+)-(\d+)-(\d+)[T ](\d+):(\d+)(:\d+)?(\.\d+)?$/))) {
    d = new Date(
      Date.UTC(
        +m[1],
        +m[2] - 1,
        +m[3],
        +m[4],
        +m[5],
        (m[6] && parseInt(m[6].slice(1), 10)) || 0,
        (m[7] && parseInt((m[7] + '0000').slice(1, 4), 10)) || 0,
      ),
    );
  } else {
    d = new Date(str);
  }
  const res = (d.getTime() - EPOCH_1899_12_30) / DAY_MS;
  if (date1904) {
    const r = res - 1462;
    return r < -1402 ? r - 1 : r;
  }
  return res < 60 ? res - 1 : res;
}
