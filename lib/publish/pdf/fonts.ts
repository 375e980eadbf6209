/**
 * The embedded Unicode font: DejaVu Sans (regular and bold) from the dejavu-fonts-ttf package. It
 * covers Latin with all EU diacritics, Greek and Cyrillic. Bytes are read once per process.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkitModule from '@pdf-lib/fontkit';

/** The package is CommonJS/UMD with a default export at runtime but ES-style typings. */
export const fontkit: typeof fontkitModule =
  (fontkitModule as unknown as { default?: typeof fontkitModule }).default ?? fontkitModule;

export interface FontBytes {
  regular: Uint8Array;
  bold: Uint8Array;
}

const FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

function candidateDirs(): string[] {
  const dirs = [path.join(process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf')];
  try {
    const req = createRequire(import.meta.url);
    dirs.push(path.join(path.dirname(req.resolve('dejavu-fonts-ttf/package.json')), 'ttf'));
  } catch {
    // Bundled environments may not resolve packages this way; the cwd candidate remains.
  }
  return dirs;
}

async function readFirst(file: string): Promise<Uint8Array> {
  let lastError: unknown;
  for (const dir of candidateDirs()) {
    try {
      return new Uint8Array(await readFile(path.join(dir, file)));
    } catch (e) {
      lastError = e;
    }
  }
  throw new Error(`Font ${file} not found under node_modules/dejavu-fonts-ttf/ttf`, { cause: lastError });
}

let cached: Promise<FontBytes> | null = null;

export function loadDejaVuFonts(): Promise<FontBytes> {
  if (!cached) {
    cached = Promise.all([readFirst(FILES.regular), readFirst(FILES.bold)]).then(([regular, bold]) => ({
      regular,
      bold,
    }));
    cached.catch(() => {
      cached = null;
    }); // a failed read may succeed later (e.g. after install)
  }
  return cached;
}

/**
 * Replaces characters the font cannot draw (CJK, emoji...) with "?" and drops control characters, so
 * the PDF never shows invisible .notdef boxes and text extraction stays meaningful.
 */
export function makeSanitizer(fontBytes: Uint8Array): (text: string) => string {
  const font = fontkit.create(fontBytes);
  const cache = new Map<number, boolean>();
  const supported = (cp: number) => {
    let v = cache.get(cp);
    if (v === undefined) {
      v = font.hasGlyphForCodePoint(cp);
      cache.set(cp, v);
    }
    return v;
  };
  return (text: string) => {
    let out = '';
    for (const ch of text.replace(/\t/g, ' ').replace(/\r\n?/g, '\n')) {
      const cp = ch.codePointAt(0)!;
      if (ch === '\n') out += ch;
      else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp === 0xfeff || cp === 0x200b) continue;
      else out += supported(cp) ? ch : '?';
    }
    return out;
  };
}
