/**
 * Every word the app UI shows comes from a dictionary (lib/i18n/ui/…), so the German UI has no English
 * left in it. This walks the JSX of the app's pages and components and lists text that is written in
 * place: JSX text, and the attributes a user reads or hears (aria-label, placeholder, title, alt).
 * Not checked: the developer docs (English by decision), the public safety page and dossier.pdf (their
 * own five-locale dictionary, lib/i18n/messages.ts), UI primitives without words of their own.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const DIRS = ['app', 'components'];
const SKIP = [
  'app/docs/',
  'app/p/',
  'app/api/',
  'components/docs/',
  'components/ui/',
  'components/brand.tsx', // the product's name
];
const READ_ATTRIBUTES = new Set(['aria-label', 'placeholder', 'title', 'alt', 'aria-description']);
/** Text that reads the same in every language: numbers, symbols, codes and acronyms ("GTIN", "CE", "EU"). */
const LANGUAGE_FREE = /^[\sA-Z0-9.,:;/()#%+\-–—·…×→←↑↓'"&*?!_|@[\]{}<>=$€]*$/;

function tsxFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...tsxFiles(full));
    else if (name.endsWith('.tsx')) out.push(full);
  }
  return out;
}

function literalsIn(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const t = text.replace(/\s+/g, ' ').trim();
    if (!t || LANGUAGE_FREE.test(t)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${path.relative(ROOT, file)}:${line + 1}: ${t.slice(0, 80)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init)) report(node, init.text);
      else if (ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression))
        report(node, init.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('app UI text comes from the dictionaries', () => {
  it('no page or component writes its words in place', () => {
    const files = DIRS.flatMap((d) => tsxFiles(path.join(ROOT, d))).filter(
      (f) => !SKIP.some((s) => path.relative(ROOT, f).startsWith(s)),
    );
    expect(files.length).toBeGreaterThan(50);
    const literals = files.flatMap(literalsIn);
    expect(literals).toEqual([]);
  });
});
