import { eld } from 'eld/medium';

/**
 * Language of a text with ELD (Efficient Language Detector, n-gram based, 60 languages, offline). Short
 * or unreliable samples give null rather than a guess.
 */
export function detectLanguage(text: string): string | null {
  const sample = text.slice(0, 2500);
  const letters = (sample.match(/\p{L}/gu) ?? []).length;
  if (letters < 12) return null;
  try {
    const r = eld.detect(sample);
    if (!r.language) return null;
    if (!r.isReliable() && letters < 80) return null;
    return r.language;
  } catch {
    return null;
  }
}
