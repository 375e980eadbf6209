/**
 * Normalisation for matching signals: lower case, accents removed (Konformitätserklärung ->
 * konformitatserklarung), ß -> ss, one apostrophe and one dash, single spaces. Signals are written for
 * this form, so "Déclaration UE de conformité" and "DECLARATION UE DE CONFORMITE" match alike.
 */
export function normaliseForMatch(s: string): string {
  return s
    .replace(/ß/g, 'ss')
    .replace(/[œŒ]/g, 'oe')
    .replace(/[æÆ]/g, 'ae')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’‘`´ʼ]/g, "'")
    .replace(/[‐‑‒–—]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** File name for matching: no folders or extensions, camelCase split, separators as spaces. */
export function normaliseFilename(name: string): string {
  let base = name.split(/[\\/]/).pop() ?? name;
  base = base.replace(/(\.(p7m|p7s|gz|zip|bak))+$/i, '');
  base = base.replace(/\.[a-z0-9]{1,5}$/i, '');
  base = base.replace(/([a-zäöü])([A-ZÄÖÜ][a-zäöüß])/g, '$1 $2');
  return normaliseForMatch(base)
    .replace(/[_\-.+()[\]{},;:#~=!]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Compiles a signal pattern with word boundaries that work on normalised (ASCII-folded) text. */
export function compileSignal(source: string): RegExp {
  return new RegExp(`(?<![a-z0-9])(?:${source})(?![a-z0-9])`);
}
