/**
 * QR codes of public safety-page URLs (the page itself, or its GS1 Digital Link /01/{gtin}), as an
 * SVG string for the page and a PNG buffer for download or print. Uses the `qrcode` package.
 */
import QRCode from 'qrcode';
import { AppError } from '@/lib/errors';

export type QrErrorCorrection = 'L' | 'M' | 'Q' | 'H';

export interface QrOptions {
  /** PNG width in pixels (the SVG scales freely); default 512, bounded to 64..2048. */
  size?: number;
  /** Quiet zone in modules; the standard asks for 4. */
  margin?: number;
  /** Default M (15 % of the symbol may be damaged); H for codes printed on packaging. */
  errorCorrectionLevel?: QrErrorCorrection;
  dark?: string;
  light?: string;
}

/** Longer URLs give dense codes that phones read badly; a public page URL is far shorter. */
export const MAX_QR_URL_LENGTH = 1024;

function checkUrl(url: unknown): string {
  const fail = (message: string) =>
    new AppError('VALIDATION_FAILED', message, { details: { fields: [{ path: 'url', message }] } });
  if (typeof url !== 'string' || url.length === 0) throw fail('A URL is required for the QR code.');
  if (url.length > MAX_QR_URL_LENGTH) throw fail(`The URL is longer than ${MAX_QR_URL_LENGTH} characters.`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw fail('Not a valid URL.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw fail('Only http and https URLs are encoded.');
  return url;
}

const HEX = /^#[0-9a-f]{6}([0-9a-f]{2})?$/i;

function options(opts: QrOptions) {
  const size = Math.min(2048, Math.max(64, Math.round(opts.size ?? 512)));
  const margin = Math.min(16, Math.max(0, Math.round(opts.margin ?? 4)));
  return {
    errorCorrectionLevel: opts.errorCorrectionLevel ?? 'M',
    margin,
    width: size,
    color: {
      dark: opts.dark && HEX.test(opts.dark) ? opts.dark : '#000000',
      light: opts.light && HEX.test(opts.light) ? opts.light : '#ffffff',
    },
  } as const;
}

/** An SVG document (string) of the URL's QR code, safe to inline: it contains only paths. */
export async function qrSvg(url: string, opts: QrOptions = {}): Promise<string> {
  const o = options(opts);
  return QRCode.toString(checkUrl(url), {
    type: 'svg',
    errorCorrectionLevel: o.errorCorrectionLevel,
    margin: o.margin,
    width: o.width,
    color: o.color,
  });
}

/** A PNG image of the URL's QR code. */
export async function qrPng(url: string, opts: QrOptions = {}): Promise<Buffer> {
  const o = options(opts);
  return QRCode.toBuffer(checkUrl(url), {
    type: 'png',
    errorCorrectionLevel: o.errorCorrectionLevel,
    margin: o.margin,
    width: o.width,
    color: o.color,
  });
}

/** The module matrix (true = dark) and version, e.g. to draw the code into a PDF. */
export function qrMatrix(
  url: string,
  opts: Pick<QrOptions, 'errorCorrectionLevel'> = {},
): { version: number; size: number; modules: boolean[][] } {
  const code = QRCode.create(checkUrl(url), { errorCorrectionLevel: opts.errorCorrectionLevel ?? 'M' });
  const size = code.modules.size;
  const modules = Array.from({ length: size }, (_, r) =>
    Array.from({ length: size }, (_, c) => !!code.modules.get(r, c)),
  );
  return { version: code.version, size, modules };
}
