import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { CurrencyData, NotifiedBodiesSnapshot, StandardsSnapshot } from '../types';
import standards from './harmonised-standards.2026-11-29.json';
import bodies from './notified-bodies.2026-11-29.json';

/**
 * The current evidence-currency data: the snapshots committed beside this file (bundled with the app),
 * or, when CURRENCY_DATA_DIR names a directory, the newest `harmonised-standards.<date>.json` and
 * `notified-bodies.<date>.json` in it (a deployment that updates the data without a release, and the
 * tests' fixed snapshots). Every file is checked against the schema below before it is used.
 */

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Header = {
  version: z.string().min(1),
  source: z.string().min(1),
  coverage: z.enum(['complete', 'partial']),
};
export const StandardsSnapshotSchema = z.object({
  kind: z.literal('harmonised-standards'),
  ...Header,
  standards: z.array(
    z.object({
      reference: z.string().min(2),
      act: z.string().min(3),
      published_on: Day.nullable(),
      withdrawn_on: Day.nullable(),
      cessation_on: Day.nullable(),
      replaced_by: z.string().nullable(),
      articles: z.array(z.string()).optional(),
      oj: z.string().nullable().optional(),
      source: z.string(),
    }),
  ),
});
export const NotifiedBodiesSnapshotSchema = z.object({
  kind: z.literal('notified-bodies'),
  ...Header,
  bodies: z.array(
    z.object({
      number: z.string().regex(/^\d{4}$/),
      name: z.string().min(1),
      country: z.string().min(2),
      acts: z.array(z.string()),
      source: z.string().optional(),
    }),
  ),
});

const bundled: CurrencyData = {
  standards: StandardsSnapshotSchema.parse(standards) as StandardsSnapshot,
  bodies: NotifiedBodiesSnapshotSchema.parse(bodies) as NotifiedBodiesSnapshot,
};

function newest(dir: string, prefix: string): string | null {
  const names = fs
    .readdirSync(dir)
    .filter((n) => n.startsWith(`${prefix}.`) && n.endsWith('.json'))
    .sort();
  return names.length ? path.join(dir, names[names.length - 1]) : null;
}

let cached: { dir: string; data: CurrencyData } | null = null;

export function currentCurrencyData(): CurrencyData {
  const dir = process.env.CURRENCY_DATA_DIR;
  if (!dir) return bundled;
  if (cached?.dir === dir) return cached.data;
  const s = newest(dir, 'harmonised-standards');
  const b = newest(dir, 'notified-bodies');
  const data: CurrencyData = {
    standards: s
      ? (StandardsSnapshotSchema.parse(JSON.parse(fs.readFileSync(s, 'utf8'))) as StandardsSnapshot)
      : bundled.standards,
    bodies: b
      ? (NotifiedBodiesSnapshotSchema.parse(JSON.parse(fs.readFileSync(b, 'utf8'))) as NotifiedBodiesSnapshot)
      : bundled.bodies,
  };
  cached = { dir, data };
  return data;
}
