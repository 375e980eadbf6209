import { normaliseForMatch } from './text-match';
import MODEL_JSON from './model.json';

/**
 * A small learned classifier beside the rules (issue 34): multinomial logistic regression over the
 * words (accents folded), word pairs and Han/kana character pairs of the text the rules score. It reads
 * what rules written per phrase miss: a manual is a manual by its vocabulary (install, press, button,
 * Bedienung, appuyez, 按), an SDS by its section words, in whatever order and structure the author chose.
 *
 * Trained by scripts/train-classifier.ts on the development split of a real-document corpus (the dev
 * half of bench/evidence.ts's split, never its holdout) and on the project's own labelled texts; shipped
 * as weights in model.json (features kept by how well they tell the types apart, weights rounded).
 * Pure arithmetic at run time: features of 8,000 characters and a dot product per type (< 1 ms).
 */

export interface TypeModel {
  version: number;
  classes: string[];
  /** Feature -> column of the weight rows. */
  features: string[];
  /** weights[class][feature], and bias per class. */
  weights: number[][];
  bias: number[];
  /** Documents the model was trained on, by origin (for the record). */
  trained_on?: Record<string, number>;
}

const MODEL = MODEL_JSON as unknown as TypeModel;
const COLUMN = new Map(MODEL.features.map((f, i) => [f, i]));

const HAN_OR_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * The features of a text: folded words of 2-30 letters (digits masked to #), adjacent word pairs, and
 * adjacent CJK character pairs (Chinese and Japanese are written without spaces). Counted, then scaled
 * as 1 + log(count) and normalised to unit length, so a long text does not weigh more than a short one.
 */
export function modelFeatures(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (f: string) => counts.set(f, (counts.get(f) ?? 0) + 1);
  const norm = normaliseForMatch(text);
  const words = norm.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  let prev: string | null = null;
  for (const raw of words) {
    if (HAN_OR_KANA.test(raw)) {
      const chars = [...raw].filter((c) => HAN_OR_KANA.test(c));
      for (let i = 0; i + 1 < chars.length; i++) add(`c:${chars[i]}${chars[i + 1]}`);
      for (const c of chars) add(`c:${c}`);
      prev = null;
      continue;
    }
    const w = raw.replace(/\d/g, '#').replace(/#+/g, '#');
    if (w.length < 2 || w.length > 30) {
      prev = null;
      continue;
    }
    add(`w:${w}`);
    if (prev) add(`b:${prev} ${w}`);
    prev = w;
  }
  const out = new Map<string, number>();
  let norm2 = 0;
  for (const [f, n] of counts) {
    const v = 1 + Math.log(n);
    out.set(f, v);
    norm2 += v * v;
  }
  const scale = norm2 > 0 ? 1 / Math.sqrt(norm2) : 0;
  for (const [f, v] of out) out.set(f, v * scale);
  return out;
}

/** Type probabilities from already computed features and a model (training and tests pass their own). */
export function predictWith(model: TypeModel, features: Map<string, number>, column = COLUMN) {
  const scores = model.bias.slice();
  for (const [f, v] of features) {
    const j = column.get(f);
    if (j === undefined) continue;
    for (let k = 0; k < scores.length; k++) scores[k] += model.weights[k][j] * v;
  }
  const max = Math.max(...scores);
  const exp = scores.map((s) => Math.exp(s - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  return model.classes.map((type, k) => ({ type, p: exp[k] / sum })).sort((a, b) => b.p - a.p);
}

/** Known features a text needs before the model's reading counts: a few words say nothing of a type. */
export const MIN_MODEL_FEATURES = 25;

/**
 * The shipped model's probabilities of each type for a text, most likely first; null without a model or
 * when the text has fewer than MIN_MODEL_FEATURES of the model's features.
 */
export function predictType(text: string): { type: string; p: number }[] | null {
  if (!MODEL.classes.length || !MODEL.features.length) return null;
  const features = modelFeatures(text);
  let known = 0;
  for (const f of features.keys()) if (COLUMN.has(f)) known++;
  return known < MIN_MODEL_FEATURES ? null : predictWith(MODEL, features);
}

export const MODEL_VERSION = MODEL.version;
