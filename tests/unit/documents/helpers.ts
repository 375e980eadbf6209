import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { ClassificationResultSchema } from '@/lib/classify/schemas';
import { ContainerClassificationSchema } from '@/lib/containers/schemas';
import type { ContainerClassification } from '@/lib/containers';

/** The real-world corpus lives in the repository (tests/fixtures/corpus, described by its MANIFEST.md). */
export const CORPUS = path.resolve(process.cwd(), 'tests/fixtures/corpus');

export const corpusFiles = (dir: 'documents' | 'containers' | 'emails') =>
  fs
    .readdirSync(path.join(CORPUS, dir))
    .filter((f) => !f.startsWith('.'))
    .sort();

export const readCorpus = (dir: string, file: string) => new Uint8Array(fs.readFileSync(path.join(CORPUS, dir, file)));

/** Asserts the contract shape (strict: no extra keys) and returns the value for chaining. */
export function expectClassification(value: unknown) {
  const parsed = ClassificationResultSchema.safeParse(value);
  if (!parsed.success) throw new Error(`not a contract ClassificationResult: ${parsed.error.message}`);
  return parsed.data;
}

export function expectContainerShape(value: ContainerClassification) {
  const parsed = ContainerClassificationSchema.safeParse(value);
  if (!parsed.success) throw new Error(`not a contract container response: ${parsed.error.message}`);
  // Names from inside archives are displayed, never used as paths: nothing absolute, no traversal.
  for (const item of [...value.parts, ...value.skipped]) {
    expect(item.path_in_container).not.toMatch(/(^|\/)\.\.(\/|$)|^\/|^[A-Za-z]:|\\/);
    expect(item.filename).not.toMatch(/[/\\]/);
  }
  return value;
}

/** All parts and skipped items by path. */
export function itemsByPath(r: ContainerClassification) {
  return {
    parts: new Map(r.parts.map((p) => [p.path_in_container, p])),
    skipped: new Map(r.skipped.map((s) => [s.path_in_container, s])),
  };
}
