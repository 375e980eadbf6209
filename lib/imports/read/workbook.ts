import * as CFB from 'cfb';
import * as XLSX from '@e965/xlsx';
import * as cptable from '@e965/xlsx/dist/cpexcel.full.mjs';
import { cellText } from './cell-text';
import { detached } from './csv';
import { isBlank, type GridRow, type MergeRange } from './header';
import type { ReadErrorCode, SheetInfo, SheetVisibility } from './types';

// Legacy .xls store text in the workbook's code page (1251 Cyrillic, 10000 MacRoman, ...).
XLSX.set_cptable(cptable);

export type WorkbookKind = 'xlsx' | 'xls' | 'ods';

export interface LoadedWorkbook {
  ok: true;
  kind: WorkbookKind;
  detail: string;
  date1904: boolean;
  sheets: SheetInfo[];
  /** one sheet's rows as text; null when this reader cannot give that sheet exactly (read it with SheetJS) */
  grid(sheetIndex: number): SheetGrid | null;
}

export interface SheetGrid {
  /** index of the last row with a cell, plus one */
  rowCount: number;
  merges: MergeRange[];
  /** the rows with index < count, blank rows included as empty arrays */
  head(count: number): GridRow[];
  /** the non-blank rows from index `from` on, at most `max`: a function giving them on every call */
  dataRows(from: number, max: number): () => Iterable<GridRow>;
}

export interface WorkbookFailure {
  ok: false;
  code: ReadErrorCode;
  message: string;
}

interface DenseSheet {
  '!data'?: (XLSX.CellObject[] | undefined)[];
  '!merges'?: XLSX.Range[];
}

const READ_OPTIONS: XLSX.ParsingOptions = {
  type: 'buffer',
  dense: true,
  cellNF: true,
  cellText: true,
  cellDates: false,
  cellFormula: false,
  cellHTML: false,
  cellStyles: false,
  bookVBA: false,
  bookFiles: false,
  WTF: false,
};

/** Parses a workbook with SheetJS; a password or encryption is reported as encrypted_workbook. */
export function loadWorkbook(
  bytes: Uint8Array,
  kind: WorkbookKind,
  odsTables: { name: string; hidden: boolean }[],
): LoadedWorkbook | WorkbookFailure {
  let wb: XLSX.WorkBook;
  try {
    wb = XLSX.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), READ_OPTIONS);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (/password-protected|password protected|encrypted workbook|EncryptionInfo/i.test(message)) {
      return {
        ok: false,
        code: 'encrypted_workbook',
        message: 'The workbook is password-protected or encrypted; save it without a password and upload it again.',
      };
    }
    return { ok: false, code: 'parse_failed', message: `The workbook could not be read (${message.slice(0, 200)}).` };
  }
  const date1904 = Boolean(wb.Workbook?.WBProps?.date1904);
  const odsHidden = new Map(odsTables.map((t) => [t.name, t.hidden]));
  const sheets: SheetInfo[] = wb.SheetNames.map((name, i) => {
    const hiddenFlag = wb.Workbook?.Sheets?.[i]?.Hidden ?? 0;
    let visibility: SheetVisibility = hiddenFlag === 2 ? 'very_hidden' : hiddenFlag === 1 ? 'hidden' : 'visible';
    if (kind === 'ods' && odsHidden.get(name)) visibility = 'hidden';
    const data = (wb.Sheets[name] as unknown as DenseSheet)['!data'] ?? [];
    let nonEmpty = 0;
    for (const row of data) if (row && rowHasValue(row)) nonEmpty++;
    return { name, visibility, has_data: nonEmpty > 0, non_empty_rows: nonEmpty };
  });

  return {
    ok: true,
    kind,
    detail: kind === 'xls' ? biffVersion(bytes) : kind === 'ods' ? 'odf' : 'ooxml',
    date1904,
    sheets,
    grid(sheetIndex: number): SheetGrid {
      const ws = wb.Sheets[wb.SheetNames[sheetIndex]] as unknown as DenseSheet;
      const data = ws['!data'] ?? [];
      const merges: MergeRange[] = (ws['!merges'] ?? []).map((m) => ({
        s: { r: m.s.r, c: m.s.c },
        e: { r: m.e.r, c: m.e.c },
      }));
      const row = (index: number): GridRow => {
        const src = data[index];
        const cells: string[] = [];
        if (src) {
          // forEach skips the holes of a sparse row, so a used range of A:XFD costs only its real cells.
          src.forEach((cell, c) => {
            if (!cell) return;
            const text = cellText(cell, date1904);
            if (text !== '') {
              while (cells.length < c) cells.push('');
              cells[c] = text;
            }
          });
        }
        return { row_number: index + 1, cells };
      };
      return {
        rowCount: data.length,
        merges,
        head(count: number): GridRow[] {
          const out: GridRow[] = [];
          for (let r = 0; r < count; r++) out.push(row(r));
          return out;
        },
        dataRows(from: number, max: number) {
          // SheetJS holds every cell of every sheet as an object, several times the size of their text; the
          // passes need only the chosen sheet's text. It is taken once, here, and nothing keeps the workbook
          // after the catalogue is opened, so it is not held while the rows are planned and written.
          const out: GridRow[] = [];
          for (let r = from; r < data.length && out.length < max; r++) {
            const { row_number, cells } = row(r);
            if (!isBlank(cells)) out.push({ row_number, cells: cells.map(detached) });
          }
          return () => out;
        },
      };
    },
  };
}

function rowHasValue(row: XLSX.CellObject[]): boolean {
  let found = false;
  row.forEach((cell) => {
    if (!found && cell && cell.v !== undefined && cell.v !== null && String(cell.v).trim() !== '') found = true;
  });
  return found;
}

/** BIFF version from the BOF record of the Workbook/Book stream: 0x0600 = BIFF8, 0x0500 = BIFF5. */
function biffVersion(bytes: Uint8Array): string {
  try {
    if (bytes[0] !== 0xd0) return 'biff2-4';
    const container = CFB.read(bytes, { type: 'buffer' });
    const stream = CFB.find(container, 'Workbook') ?? CFB.find(container, 'Book');
    const content = stream?.content as Uint8Array | undefined;
    if (!content || content.length < 8) return 'biff';
    const version = content[4] | (content[5] << 8);
    if (version === 0x0600) return 'biff8';
    if (version === 0x0500) return 'biff5';
    return `biff(0x${version.toString(16)})`;
  } catch {
    return 'biff';
  }
}
