/**
 * EBCDIC code page 500 (IBM International), byte -> character. iconv-lite and the WHATWG decoders have
 * no EBCDIC, and mainframe exports still arrive as cp500 text. Table generated from Python's cp500 codec.
 */
const CP500 =
  '\u0000\u0001\u0002\u0003\u009c\t\u0086\u007f\u0097\u008d\u008e\u000b\f\r\u000e\u000f\u0010\u0011\u0012\u0013\u009d\u0085\b\u0087\u0018\u0019\u0092\u008f\u001c\u001d\u001e\u001f\u0080\u0081\u0082\u0083\u0084\n\u0017\u001b\u0088\u0089\u008a\u008b\u008c\u0005\u0006\u0007\u0090\u0091\u0016\u0093\u0094\u0095\u0096\u0004\u0098\u0099\u009a\u009b\u0014\u0015\u009e\u001a \u00a0\u00e2\u00e4\u00e0\u00e1\u00e3\u00e5\u00e7\u00f1[.<(+!&\u00e9\u00ea\u00eb\u00e8\u00ed\u00ee\u00ef\u00ec\u00df]$*);^-/\u00c2\u00c4\u00c0\u00c1\u00c3\u00c5\u00c7\u00d1\u00a6,%_>?\u00f8\u00c9\u00ca\u00cb\u00c8\u00cd\u00ce\u00cf\u00cc`:#@\'="\u00d8abcdefghi\u00ab\u00bb\u00f0\u00fd\u00fe\u00b1\u00b0jklmnopqr\u00aa\u00ba\u00e6\u00b8\u00c6\u00a4\u00b5~stuvwxyz\u00a1\u00bf\u00d0\u00dd\u00de\u00ae\u00a2\u00a3\u00a5\u00b7\u00a9\u00a7\u00b6\u00bc\u00bd\u00be\u00ac|\u00af\u00a8\u00b4\u00d7{ABCDEFGHI\u00ad\u00f4\u00f6\u00f2\u00f3\u00f5}JKLMNOPQR\u00b9\u00fb\u00fc\u00f9\u00fa\u00ff\\\u00f7STUVWXYZ\u00b2\u00d4\u00d6\u00d2\u00d3\u00d50123456789\u00b3\u00db\u00dc\u00d9\u00da\u009f';

export function decodeCp500(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += CP500[bytes[i]];
  // EBCDIC NEL (0x15) maps to U+0085; treat it as the line break it is.
  return out.replace(/\u0085/g, '\n');
}

/**
 * Heuristic: EBCDIC text has many 0x40 (space) bytes and letters in 0x81-0xE9, and almost no ASCII
 * letters (0x61-0x7A are mostly punctuation and accented letters in cp500).
 */
export function looksLikeEbcdic(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 8192);
  if (n < 16) return false;
  let spaces = 0;
  let letters = 0;
  let asciiLetters = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    if (b === 0x40) spaces++;
    else if (
      (b >= 0x81 && b <= 0x89) ||
      (b >= 0x91 && b <= 0x99) ||
      (b >= 0xa2 && b <= 0xa9) ||
      (b >= 0xc1 && b <= 0xc9) ||
      (b >= 0xd1 && b <= 0xd9) ||
      (b >= 0xe2 && b <= 0xe9) ||
      (b >= 0xf0 && b <= 0xf9)
    )
      letters++;
    if (
      (b >= 0x61 && b <= 0x7a) ||
      (b >= 0x41 &&
        b <= 0x5a &&
        b !== 0x40 &&
        b !== 0x4b &&
        b !== 0x4c &&
        b !== 0x4d &&
        b !== 0x4e &&
        b !== 0x4f &&
        b !== 0x50 &&
        b !== 0x5a)
    )
      asciiLetters++;
  }
  return spaces / n > 0.08 && (spaces + letters) / n > 0.7 && asciiLetters / n < 0.1;
}
