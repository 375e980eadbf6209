import { cityMapping } from 'city-timezones';

/**
 * The country an address implies by its last part when it writes none: a large city ("…, Baoan District,
 * Shenzhen") or a first-level subdivision ("…, Jinhua City, Zhejiang Province") that belongs to one
 * country only. The place data is the city-timezones package (Natural Earth populated places: about 7,300
 * cities with their country and province); a city counts from a million inhabitants, so a small town
 * that shares its name with a word or with places elsewhere ("Sale", "Springfield") names nothing.
 * A name found in more than one country ("Limburg", "Florida") names nothing either.
 */
const MIN_CITY_POPULATION = 1_000_000;

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\s'-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

let index: Map<string, Set<string>> | null = null;
function placeIndex(): Map<string, Set<string>> {
  if (index) return index;
  index = new Map();
  const add = (name: string | undefined, country: string) => {
    const key = name ? fold(name) : '';
    if (key.length < 3) return;
    const set = index!.get(key) ?? new Set<string>();
    set.add(country);
    index!.set(key, set);
  };
  for (const c of cityMapping) {
    if (!c.iso2) continue;
    if (c.pop >= MIN_CITY_POPULATION) {
      add(c.city, c.iso2);
      add(c.city_ascii, c.iso2);
    }
    add(c.province, c.iso2);
  }
  // A province name that is also a smaller city elsewhere ("Florida", Uruguay) is ambiguous.
  for (const c of cityMapping) {
    const key = fold(c.city);
    const set = index.get(key);
    if (set && c.iso2 && !set.has(c.iso2)) set.add(c.iso2);
  }
  return index;
}

/** "Shenzhen" / "518000 Shenzhen" / "Zhejiang Province" / "Jinhua City" -> the place's name. */
const placeName = (part: string) =>
  fold(
    part
      .replace(/\b\d[\d -]*\b/g, ' ')
      .replace(/\b(?:city|province|prov\.|prefecture|county|district|municipality|state|shi|sheng)\b\.?/gi, ' '),
  );

export function countryOfPlace(address: string): string | null {
  const last = address
    .split(/\s*[,;]\s*/)
    .map((p) => p.trim())
    .filter(Boolean)
    .pop();
  if (!last) return null;
  const name = placeName(last);
  if (name.length < 3) return null;
  const countries = placeIndex().get(name);
  return countries?.size === 1 ? [...countries][0] : null;
}
