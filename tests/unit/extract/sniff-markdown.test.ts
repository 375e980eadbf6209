/**
 * A .md file that opens with inline HTML is read as text when it has Markdown headings, as XML/HTML
 * otherwise.
 */
import { describe, expect, it } from 'vitest';
import { sniffFormat } from '@/lib/extract';

const enc = (s: string) => new TextEncoder().encode(s);

describe('Markdown that opens with inline HTML', () => {
  it('is text when the .md file has Markdown headings, XML/HTML otherwise', () => {
    const md = "<a id='x1'></a>\n\n# Board datasheet\n\nHereby, Lumo Boards S.r.l. declares …\n";
    expect(sniffFormat(enc(md), 'datasheet.md').format).toBe('text');
    expect(sniffFormat(enc('<p align="center"><img src="logo.png"></p>\n\n## Install\n'), 'README.md').format).toBe(
      'text',
    );
    // The same bytes under another name, or a .md without headings, keep the tag's reading.
    expect(sniffFormat(enc(md), 'datasheet.xml').format).toBe('xml');
    expect(sniffFormat(enc('<note><to>A</to></note>'), 'note.md').format).toBe('xml');
  });
});
