/**
 * What the vault does with a dropped file before sending it, decided from its name (the server sniffs
 * the bytes; this only picks the route): bundles are listed first, spreadsheets are checked for being
 * a product list that belongs in the import wizard, everything else is uploaded straight away.
 */

/** The per-file limit of classification and upload (interface spec "file size"). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Files per bulk request (contract: 1 to 20); the vault sends one file per request. */
export const MAX_FILES_PER_DROP = 500;

export type FileRoute = 'container' | 'spreadsheet' | 'document';

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

const CONTAINER_EXTENSIONS = new Set(['zip', 'eml', 'msg']);
const SPREADSHEET_EXTENSIONS = new Set(['csv', 'tsv', 'xlsx', 'xls', 'xlsm', 'ods']);

export function routeOf(name: string): FileRoute {
  const ext = extension(name);
  if (CONTAINER_EXTENSIONS.has(ext)) return 'container';
  if (SPREADSHEET_EXTENSIONS.has(ext)) return 'spreadsheet';
  return 'document';
}

/** The `accept` list of the file picker: what the bulk route takes (documents, Office, mail, archives). */
export const ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.tif,.tiff,.gif,.webp,.heic,.bmp,.html,.htm,.txt,.md,.rtf,.xml,.json,.doc,.docx,.odt,.xls,.xlsx,.xlsm,.ods,.csv,.tsv,.ppt,.pptx,.odp,.eml,.msg,.zip,.p7m';

/** "bundle.zip › docs/a.pdf" → "docs/a.pdf"; names without the separator are returned unchanged. */
export function pathInBundle(resultFilename: string): string | null {
  const i = resultFilename.indexOf(' › ');
  return i >= 0 ? resultFilename.slice(i + 3) : null;
}
