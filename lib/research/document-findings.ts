/** The rules over a SKU's documents: labelled GTINs/EANs, customs tariff numbers and web addresses, line by line. */
import type { Finding, ResearchField } from './schemas';
import { clip, docUrl, type DocSource, validEan, validHs, websiteOf } from './service';

const EAN_RE =
  /\b(?:EAN(?:[\s-]?(?:13|8))?|GTIN(?:[\s-]?(?:8|12|13|14))?|UPC|barcode|Strichcode)\b[^0-9\n]{0,20}((?:\d[ -]?){7,13}\d)/i;
const HS_RE =
  /\b(?:HS(?:[\s-]?code)?|tariff(?:\s+(?:code|number|no\.?))?|customs\s+tariff(?:\s+(?:code|number|no\.?))?|commodity\s+code|Zolltarif(?:nummer)?|Warentarifnummer|TARIC|CN[\s-]?code)\b[^0-9\n]{0,15}(\d[\d .]{4,14}\d)/i;
const URL_RE = /\b(?:https?:\/\/|www\.)[^\s<>"'()\]]+/i;
const MANUFACTURER_RE = /\b(manufacturer|hersteller|fabricant|fabricante|fabbricante|website|web|internet)\b/i;

export function documentFindings(doc: DocSource, wanted: Set<ResearchField>): Finding[] {
  const out: Finding[] = [];
  doc.pages.forEach((page, i) => {
    for (const rawLine of page.split('\n')) {
      const line = rawLine.trim();
      if (!line) continue;
      const at = { source_url: docUrl(doc.id, i + 1), source_snippet: clip(line) };
      if (wanted.has('ean')) {
        const m = EAN_RE.exec(line);
        const ean = m ? validEan(m[1]) : null;
        if (ean)
          out.push({
            field: 'ean',
            suggested_value: ean,
            confidence: 0.85,
            ...at,
            reasoning: `Labelled GTIN/EAN with a valid check digit in ${doc.filename}, page ${i + 1}.`,
          });
      }
      if (wanted.has('hs_code')) {
        const m = HS_RE.exec(line);
        const hs = m ? validHs(m[1]) : null;
        if (hs)
          out.push({
            field: 'hs_code',
            suggested_value: hs,
            confidence: 0.8,
            ...at,
            reasoning: `Customs tariff number stated in ${doc.filename}, page ${i + 1}.`,
          });
      }
      if (wanted.has('manufacturer_website')) {
        const m = URL_RE.exec(line);
        const site = m ? websiteOf(m[0]) : null;
        if (site)
          out.push({
            field: 'manufacturer_website',
            suggested_value: site,
            confidence: MANUFACTURER_RE.test(line) ? 0.75 : 0.5,
            ...at,
            reasoning: `Web address given in ${doc.filename}, page ${i + 1}.`,
          });
      }
    }
  });
  return out;
}
