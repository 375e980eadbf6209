import type { Line } from './lines';

/**
 * What kind of document the lines are when the caller does not know its type: a safety data sheet is
 * told by its section headings (at least three of the sixteen, in any of the languages below). The
 * readers use it to keep the sheet's protective-equipment standards (section 8: EN 166, EN 374…) out of
 * the product's standards and to read its supplier and product identifier.
 */
const SDS_HEADINGS = [
  /hazards? identification|gefahrenidentifizierung|mogliche gefahren|identification des dangers|identificacion de (?:los )?peligros|identificazione dei pericoli|identificatie van de gevaren|farliga egenskaper|identificacao (?:dos|de) perigos/,
  /first[- ]aid measures|erste-hilfe-massnahmen|premiers secours|primeros auxilios|misure di primo soccorso|eerstehulpmaatregelen|atgarder vid forsta hjalpen|primeiros socorros/,
  /exposure controls|begrenzung und uberwachung der exposition|controles de l'exposition|controles de (?:la )?exposicion|controllo dell'esposizione|maatregelen ter beheersing van blootstelling|begransning av exponeringen|controlo da exposicao/,
  /safety data sheet|sicherheitsdatenblatt|fiche de donnees de securite|ficha de datos de seguridad|scheda (?:di )?dati di sicurezza|veiligheidsinformatieblad|sakerhetsdatablad|ficha de dados de seguranca|material safety data sheet|karta charakterystyki/,
  /fire-?fighting measures|massnahmen zur brandbekampfung|mesures de lutte contre l'incendie|medidas de lucha contra incendios|misure antincendio|brandbestrijdingsmaatregelen/,
  /handling and storage|handhabung und lagerung|manipulation et stockage|manipulacion y almacenamiento|manipolazione e immagazzinamento|hantering och lagring/,
  /toxicological information|toxikologische angaben|informations toxicologiques|informacion toxicologica|informazioni tossicologiche|toxicologische informatie/,
];

export function looksLikeSds(lines: Line[], documentType: string | null | undefined): boolean {
  if (documentType === 'safety_data_sheet') return true;
  if (documentType) return false;
  let hits = 0;
  for (const re of SDS_HEADINGS) if (lines.some((l) => l.norm.length < 160 && re.test(l.norm))) hits++;
  return hits >= 3;
}
