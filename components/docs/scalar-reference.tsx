'use client';

import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';

/*
 * Everything comes from this app: the document from /api/openapi.json, fonts from the system (Scalar's
 * own web fonts are off), no telemetry, no Scalar-hosted services.
 */
const customCss = `
.scalar-app, .scalar-api-reference {
  --scalar-font: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", system-ui, sans-serif;
  --scalar-font-code: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace;
  --scalar-custom-header-height: 48px;
}
.light-mode {
  --scalar-color-accent: oklch(0.47 0.085 200);
  --scalar-background-accent: oklch(0.955 0.022 200);
  --scalar-background-1: #fff;
  --scalar-background-2: oklch(0.975 0.004 247);
  --scalar-background-3: oklch(0.955 0.006 247);
  --scalar-border-color: oklch(0.91 0.006 255);
  --scalar-color-1: oklch(0.235 0.018 258);
  --scalar-color-2: oklch(0.45 0.02 257);
  --scalar-color-3: oklch(0.58 0.016 257);
}
`;

export default function ScalarReference() {
  return (
    <ApiReferenceReact
      configuration={{
        url: '/api/openapi.json',
        withDefaultFonts: false,
        telemetry: false,
        hideDarkModeToggle: true,
        forceDarkModeState: 'light',
        darkMode: false,
        hideClientButton: false,
        showDeveloperTools: 'never',
        mcp: { disabled: true },
        // "Ask AI" talks to Scalar's hosted agent: off, nothing leaves this app.
        agent: { disabled: true },
        documentDownloadType: 'json',
        defaultOpenAllTags: false,
        metaData: { title: 'API reference' },
        customCss,
      }}
    />
  );
}
