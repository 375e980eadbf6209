import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // These packages load wasm, workers or native files at run time; bundling them breaks that.
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pdfjs-dist',
    'pg-boss',
    'tesseract.js',
    'mammoth',
    '@e965/xlsx',
    'postgres',
    'nodemailer',
    'yauzl',
    'yazl',
    'pdf-lib',
    '@pdf-lib/fontkit',
    '@napi-rs/canvas',
    'busboy',
    'jszip',
    'postal-mime',
    '@kenjiuno/msgreader',
    'cfb',
    'iconv-lite',
    'eld',
    'sharp',
  ],
  poweredByHeader: false,
  experimental: {
    // `next start` loads every route's server code when it starts, so the server idled with the
    // document pipeline (pdfjs, OCR, language detection, SheetJS) resident before any request. Off,
    // a route's code loads with its first request.
    preloadEntriesOnStart: false,
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
        ],
      },
    ];
  },
};

export default nextConfig;
