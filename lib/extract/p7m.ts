import { decodeArmouredPkcs7, pkcs7ContentType } from './sniff';

/**
 * Unwraps PKCS#7 / CMS SignedData (".p7m", CAdES attached signatures used for Italian e-invoices and
 * signed certificates) to the signed file inside. The signature is not verified: this is about reading
 * the document, not about trusting it. EnvelopedData (encrypted for a recipient) cannot be opened and is
 * reported as opaque. A minimal BER reader is enough: CAdES files use indefinite lengths and
 * constructed OCTET STRINGs, both handled; nesting and element counts are bounded.
 */

interface Tlv {
  /** Class bits (0x00 universal, 0x80 context-specific, ...). */
  cls: number;
  tagNum: number;
  constructed: boolean;
  /** Offsets of the value in the buffer. */
  start: number;
  end: number;
  /** Offset after the element (after end-of-contents for indefinite lengths). */
  next: number;
  children?: Tlv[];
}

class BerError extends Error {}

const MAX_DEPTH = 24;
const MAX_NODES = 20_000;

function parseTlv(b: Uint8Array, pos: number, limit: number, depth: number, counter: { n: number }): Tlv {
  if (depth > MAX_DEPTH) throw new BerError('nesting too deep');
  if (++counter.n > MAX_NODES) throw new BerError('too many elements');
  if (pos + 2 > limit) throw new BerError('truncated');
  const first = b[pos];
  let p = pos + 1;
  let tag = first & 0x1f;
  if (tag === 0x1f) {
    // High tag number form: base-128 continuation bytes.
    tag = 0;
    for (let i = 0; ; i++) {
      if (p >= limit || i > 4) throw new BerError('bad tag');
      const x = b[p++];
      tag = (tag << 7) | (x & 0x7f);
      if (!(x & 0x80)) break;
    }
  }
  const cls = first & 0xc0;
  const constructed = (first & 0x20) !== 0;
  if (p >= limit) throw new BerError('truncated');
  const lenByte = b[p++];
  if (lenByte === 0x80) {
    if (!constructed) throw new BerError('indefinite primitive');
    const children: Tlv[] = [];
    let q = p;
    for (;;) {
      if (q + 2 > limit) throw new BerError('missing end-of-contents');
      if (b[q] === 0 && b[q + 1] === 0) break;
      const child = parseTlv(b, q, limit, depth + 1, counter);
      children.push(child);
      q = child.next;
    }
    return { cls, tagNum: tag, constructed, start: p, end: q, next: q + 2, children };
  }
  let len = lenByte;
  if (lenByte & 0x80) {
    const n = lenByte & 0x7f;
    if (n > 4 || p + n > limit) throw new BerError('bad length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + b[p++];
  }
  const end = p + len;
  if (end > limit) throw new BerError('length beyond data');
  const tlv: Tlv = { cls, tagNum: tag, constructed, start: p, end, next: end };
  if (constructed) {
    tlv.children = [];
    let q = p;
    while (q < end) {
      const child = parseTlv(b, q, end, depth + 1, counter);
      tlv.children.push(child);
      q = child.next;
    }
  }
  return tlv;
}

const isContext0 = (t: Tlv) => t.cls === 0x80 && t.tagNum === 0 && t.constructed;
const isOctetString = (t: Tlv) => t.cls === 0 && t.tagNum === 4;

/** Concatenates a (possibly constructed, chunked) OCTET STRING. */
function octets(b: Uint8Array, t: Tlv, out: Uint8Array[]): void {
  if (!t.constructed) {
    out.push(b.subarray(t.start, t.end));
    return;
  }
  for (const c of t.children ?? []) octets(b, c, out);
}

export type P7mResult =
  | { ok: true; content: Uint8Array; armoured: boolean }
  | { ok: false; reason: 'enveloped' | 'detached' | 'not_pkcs7' | 'malformed' | 'unsupported'; message: string };

export function unwrapP7m(bytes: Uint8Array): P7mResult {
  let der = bytes;
  let armoured = false;
  if (!pkcs7ContentType(der)) {
    const decoded = decodeArmouredPkcs7(der);
    if (!decoded) return { ok: false, reason: 'not_pkcs7', message: 'Not a PKCS#7 / CMS structure.' };
    der = decoded;
    armoured = true;
  }
  const kind = pkcs7ContentType(der);
  if (kind === 'enveloped') {
    return {
      ok: false,
      reason: 'enveloped',
      message:
        'CMS EnvelopedData: the content is encrypted for its recipient and cannot be read without the private key.',
    };
  }
  if (kind !== 'signed')
    return { ok: false, reason: 'unsupported', message: 'PKCS#7 content type other than SignedData or EnvelopedData.' };
  try {
    const root = parseTlv(der, 0, der.length, 0, { n: 0 });
    // ContentInfo SEQUENCE { OID, [0] { SignedData SEQUENCE { version, digestAlgorithms, encapContentInfo, ... } } }
    const explicit = root.children?.find(isContext0);
    const signedData = explicit?.children?.[0];
    const encap = signedData?.children?.[2];
    if (!encap?.children) throw new BerError('no encapsulated content info');
    const eContent = encap.children.find(isContext0);
    if (!eContent?.children?.length) {
      return {
        ok: false,
        reason: 'detached',
        message: 'Detached signature: the signed file is not inside this envelope.',
      };
    }
    const parts: Uint8Array[] = [];
    for (const c of eContent.children) {
      if (!isOctetString(c)) throw new BerError('eContent is not an OCTET STRING');
      octets(der, c, parts);
    }
    const content = Buffer.concat(parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)));
    return { ok: true, content: new Uint8Array(content), armoured };
  } catch (err) {
    return {
      ok: false,
      reason: 'malformed',
      message: `Malformed PKCS#7: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}

/** "report.pdf.p7m" -> "report.pdf"; "signed.p7m" -> "signed". */
export function innerFilename(filename: string): string {
  const stripped = filename.replace(/\.(p7m|p7s|p7c|pkcs7)$/i, '');
  return stripped || 'content';
}
