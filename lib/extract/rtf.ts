import iconv from 'iconv-lite';

/**
 * Plain text of an RTF document: control words dropped, destinations that hold no body text (font and
 * colour tables, stylesheet, info, pictures, any \* group) skipped, \par and \line as line breaks,
 * \'hh in the document's ANSI code page, \uN as Unicode. Bounded by a single pass over the input.
 */

const SKIP_DESTINATIONS = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'info',
  'pict',
  'object',
  'themedata',
  'datastore',
  'xmlnstbl',
  'listtable',
  'listoverridetable',
  'rsidtbl',
  'generator',
  'header',
  'footer',
  'fldinst',
  'latentstyles',
  'colorschememapping',
  'filetbl',
  'revtbl',
]);

export function rtfToText(rtf: string): string {
  let codepage = 'windows-1252';
  const cp = /\\ansicpg(\d+)/.exec(rtf.slice(0, 2000));
  if (cp && iconv.encodingExists(`cp${cp[1]}`)) codepage = `cp${cp[1]}`;
  const out: string[] = [];
  const stack: { skip: boolean; uc: number }[] = [];
  let skip = false;
  let uc = 1; // characters to drop after \uN
  let dropNext = 0;
  let pendingBytes: number[] = [];
  const flushBytes = () => {
    if (pendingBytes.length) {
      if (!skip) out.push(iconv.decode(Buffer.from(pendingBytes), codepage));
      pendingBytes = [];
    }
  };
  const emit = (s: string) => {
    if (!skip) out.push(s);
  };
  let i = 0;
  while (i < rtf.length) {
    const c = rtf[i];
    if (c === '{') {
      flushBytes();
      stack.push({ skip, uc });
      if (stack.length > 500) break;
      i++;
      if (rtf.startsWith('\\*', i)) skip = true;
      continue;
    }
    if (c === '}') {
      flushBytes();
      const top = stack.pop();
      if (top) ({ skip, uc } = top);
      i++;
      continue;
    }
    if (c === '\\') {
      const next = rtf[i + 1];
      if (next === "'") {
        const hex = rtf.slice(i + 2, i + 4);
        if (dropNext > 0) dropNext--;
        else if (/^[0-9a-f]{2}$/i.test(hex)) pendingBytes.push(parseInt(hex, 16));
        i += 4;
        continue;
      }
      flushBytes();
      if (next === '\\' || next === '{' || next === '}') {
        emit(next);
        i += 2;
        continue;
      }
      const m = /^([a-z]{1,32})(-?\d{1,10})? ?/i.exec(rtf.slice(i + 1, i + 48));
      if (!m) {
        if (next === '~') emit('\u00a0');
        else if (next === '\n' || next === '\r') emit('\n');
        i += 2;
        continue;
      }
      const word = m[1];
      const arg = m[2] !== undefined ? Number(m[2]) : undefined;
      i += 1 + m[0].length;
      if (SKIP_DESTINATIONS.has(word)) skip = true;
      else if (word === 'par' || word === 'line' || word === 'sect' || word === 'page' || word === 'row') emit('\n');
      else if (word === 'tab' || word === 'cell') emit('\t');
      else if (word === 'uc' && arg !== undefined) uc = arg;
      else if (word === 'u' && arg !== undefined) {
        emit(String.fromCharCode(arg < 0 ? arg + 65536 : arg));
        dropNext = uc;
      } else if (word === 'emdash') emit('—');
      else if (word === 'endash') emit('–');
      else if (word === 'bullet') emit('•');
      else if (word === 'lquote' || word === 'rquote') emit("'");
      else if (word === 'ldblquote' || word === 'rdblquote') emit('"');
      continue;
    }
    flushBytes();
    if (c === '\r' || c === '\n') {
      i++;
      continue;
    }
    if (dropNext > 0) {
      dropNext--;
      i++;
      continue;
    }
    emit(c);
    i++;
  }
  flushBytes();
  return out.join('');
}
