/**
 * The generated catalogue the import benches read: a German toy seller's export, one SKU per row, with
 * a valid EAN, forty manufacturers and the usual columns (the import maps them by their German names).
 */
export const HEADERS = [
  'Artikelnummer',
  'Bezeichnung',
  'EAN',
  'Marke',
  'Hersteller',
  'Herstelleradresse',
  'Hersteller E-Mail',
  'Ursprungsland',
  'Zielmärkte',
  'Warnhinweise',
  'Datum des Inverkehrbringens',
  'Preis',
];

export function gtin(i: number): string {
  const body = String(400638000000 + i).padStart(12, '0');
  let sum = 0;
  for (let k = 0; k < 12; k++) sum += Number(body[k]) * (k % 2 === 0 ? 1 : 3);
  return body + ((10 - (sum % 10)) % 10);
}

/** Row i; `changed`: the same SKU with new warnings and price (a supplier's updated catalogue). */
export function row(i: number, changed = false): string[] {
  const m = i % 40;
  return [
    `SKU-${String(i).padStart(6, '0')}`,
    `Holzspielzeug Modell ${i} – Größe ${['S', 'M', 'L'][i % 3]}`,
    gtin(i),
    ['Kinderladen', 'Holzwerk', 'Spielgut'][i % 3],
    `Hersteller ${m} GmbH`,
    `Industriestraße ${m}, ${10000 + m} Berlin`,
    `info@hersteller${m}.example`,
    ['Deutschland', 'China', 'Polen', 'Italien'][i % 4],
    'DE,AT,FR',
    changed
      ? 'Nicht für Kinder unter 36 Monaten geeignet. Erstickungsgefahr durch verschluckbare Kleinteile.'
      : 'Nicht für Kinder unter 3 Jahren geeignet. Kleine Teile.',
    `${String((i % 28) + 1).padStart(2, '0')}.${String((i % 12) + 1).padStart(2, '0')}.2024`,
    `${(i % 100) + (changed ? 10 : 9)},99`,
  ];
}

/** n rows as semicolon-separated CSV with CRLF line ends, as spreadsheet programs in Germany write it. */
export function csvText(n: number, changed = false): string {
  const lines = [HEADERS.join(';')];
  for (let i = 0; i < n; i++) lines.push(row(i, changed).join(';'));
  return lines.join('\r\n') + '\r\n';
}
