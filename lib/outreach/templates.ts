import type { RequestItem } from '@/lib/db/schema';
import { formatDate, type Locale } from '@/lib/i18n';
import { itemLine } from './why-needed';

/**
 * The outreach mail in the supplier's language, from fixed templates: the same SKU, items and
 * locale always give the same text. The upload link is a placeholder in the draft ({upload_link}),
 * filled in when the request is sent (the token exists only then).
 */

export const UPLOAD_LINK_PLACEHOLDER = '{upload_link}';

interface Copy {
  subject: string;
  greeting: (name: string | null) => string;
  intro: string;
  items: string;
  upload: string;
  due: string;
  reply: string;
  closing: string;
  reminderSubject: string;
  /** One mail for several SKUs of one supplier: each product with its items and its own upload link. */
  groupSubject: string;
  groupIntro: string;
  groupUpload: string;
  groupReminderSubject: string;
}

const COPY: Record<Locale, Copy> = {
  en: {
    subject: 'Compliance documents needed for {product} ({code})',
    greeting: (n) => (n ? `Dear ${n} team,` : 'Hello,'),
    intro:
      'To keep selling {product} (our reference {code}{gtin}) in the EU under the General Product Safety Regulation (EU) 2023/988, we need the following from you:',
    items: 'What we need:',
    upload: 'Please upload the documents here (no account needed): {link}',
    due: 'We would be grateful to receive them by {date}.',
    reply: 'You can also reply to this email with the files attached.',
    closing: 'Thank you and kind regards,',
    reminderSubject: 'Reminder: compliance documents needed for {product} ({code})',
    groupSubject: 'Compliance documents needed for {count} products',
    groupIntro:
      'To keep selling the products below in the EU under the General Product Safety Regulation (EU) 2023/988, we need the following from you for each of them:',
    groupUpload: 'Upload for this product (no account needed): {link}',
    groupReminderSubject: 'Reminder: compliance documents needed for {count} products',
  },
  de: {
    subject: 'Benötigte Konformitätsunterlagen für {product} ({code})',
    greeting: (n) => (n ? `Sehr geehrtes Team von ${n},` : 'Guten Tag,'),
    intro:
      'Damit wir {product} (unsere Referenz {code}{gtin}) gemäß der Verordnung (EU) 2023/988 über die allgemeine Produktsicherheit weiterhin in der EU verkaufen können, benötigen wir Folgendes von Ihnen:',
    items: 'Was wir benötigen:',
    upload: 'Bitte laden Sie die Unterlagen hier hoch (kein Konto nötig): {link}',
    due: 'Wir wären Ihnen dankbar, sie bis zum {date} zu erhalten.',
    reply: 'Sie können auch auf diese E-Mail antworten und die Dateien anhängen.',
    closing: 'Vielen Dank und freundliche Grüße',
    reminderSubject: 'Erinnerung: Benötigte Konformitätsunterlagen für {product} ({code})',
    groupSubject: 'Benötigte Konformitätsunterlagen für {count} Produkte',
    groupIntro:
      'Damit wir die folgenden Produkte gemäß der Verordnung (EU) 2023/988 über die allgemeine Produktsicherheit weiterhin in der EU verkaufen können, benötigen wir für jedes davon Folgendes von Ihnen:',
    groupUpload: 'Hochladen für dieses Produkt (kein Konto nötig): {link}',
    groupReminderSubject: 'Erinnerung: Benötigte Konformitätsunterlagen für {count} Produkte',
  },
  fr: {
    subject: 'Documents de conformité nécessaires pour {product} ({code})',
    greeting: (n) => (n ? `Chère équipe ${n},` : 'Bonjour,'),
    intro:
      'Pour continuer à vendre {product} (notre référence {code}{gtin}) dans l’UE conformément au règlement (UE) 2023/988 relatif à la sécurité générale des produits, nous avons besoin des éléments suivants :',
    items: 'Ce dont nous avons besoin :',
    upload: 'Merci de déposer les documents ici (aucun compte nécessaire) : {link}',
    due: 'Nous vous serions reconnaissants de nous les transmettre avant le {date}.',
    reply: 'Vous pouvez aussi répondre à cet e-mail en joignant les fichiers.',
    closing: 'Merci et cordialement,',
    reminderSubject: 'Rappel : documents de conformité nécessaires pour {product} ({code})',
    groupSubject: 'Documents de conformité nécessaires pour {count} produits',
    groupIntro:
      'Pour continuer à vendre les produits ci-dessous dans l’UE conformément au règlement (UE) 2023/988 relatif à la sécurité générale des produits, nous avons besoin des éléments suivants pour chacun d’eux :',
    groupUpload: 'Dépôt pour ce produit (aucun compte nécessaire) : {link}',
    groupReminderSubject: 'Rappel : documents de conformité nécessaires pour {count} produits',
  },
  es: {
    subject: 'Documentos de conformidad necesarios para {product} ({code})',
    greeting: (n) => (n ? `Estimado equipo de ${n}:` : 'Hola:'),
    intro:
      'Para seguir vendiendo {product} (nuestra referencia {code}{gtin}) en la UE conforme al Reglamento (UE) 2023/988 relativo a la seguridad general de los productos, necesitamos lo siguiente:',
    items: 'Lo que necesitamos:',
    upload: 'Por favor, suba los documentos aquí (no necesita cuenta): {link}',
    due: 'Le agradeceríamos recibirlos antes del {date}.',
    reply: 'También puede responder a este correo adjuntando los archivos.',
    closing: 'Gracias y un cordial saludo,',
    reminderSubject: 'Recordatorio: documentos de conformidad necesarios para {product} ({code})',
    groupSubject: 'Documentos de conformidad necesarios para {count} productos',
    groupIntro:
      'Para seguir vendiendo los productos siguientes en la UE conforme al Reglamento (UE) 2023/988 relativo a la seguridad general de los productos, necesitamos lo siguiente para cada uno de ellos:',
    groupUpload: 'Subida para este producto (no necesita cuenta): {link}',
    groupReminderSubject: 'Recordatorio: documentos de conformidad necesarios para {count} productos',
  },
  it: {
    subject: 'Documenti di conformità necessari per {product} ({code})',
    greeting: (n) => (n ? `Gentile team di ${n},` : 'Buongiorno,'),
    intro:
      'Per continuare a vendere {product} (nostro riferimento {code}{gtin}) nell’UE ai sensi del regolamento (UE) 2023/988 sulla sicurezza generale dei prodotti, abbiamo bisogno di quanto segue:',
    items: 'Cosa ci serve:',
    upload: 'Carichi i documenti qui (nessun account necessario): {link}',
    due: 'Le saremmo grati di riceverli entro il {date}.',
    reply: 'Può anche rispondere a questa e-mail allegando i file.',
    closing: 'Grazie e cordiali saluti,',
    reminderSubject: 'Promemoria: documenti di conformità necessari per {product} ({code})',
    groupSubject: 'Documenti di conformità necessari per {count} prodotti',
    groupIntro:
      'Per continuare a vendere i prodotti seguenti nell’UE ai sensi del regolamento (UE) 2023/988 sulla sicurezza generale dei prodotti, abbiamo bisogno di quanto segue per ciascuno di essi:',
    groupUpload: 'Caricamento per questo prodotto (nessun account necessario): {link}',
    groupReminderSubject: 'Promemoria: documenti di conformità necessari per {count} prodotti',
  },
};

const fill = (s: string, p: Record<string, string>) =>
  s.replace(/\{(\w+)\}/g, (all, k: string) => (k in p ? p[k] : all));

export interface DraftInput {
  locale: Locale;
  productName: string;
  skuCode: string;
  gtin: string | null;
  supplierName: string | null;
  senderName: string | null;
  items: RequestItem[];
  dueDate: string | null;
}

export function renderDraft(d: DraftInput): { subject: string; body: string } {
  const c = COPY[d.locale];
  const p = { product: d.productName, code: d.skuCode, gtin: d.gtin ? `, GTIN ${d.gtin}` : '' };
  const lines = [
    c.greeting(d.supplierName),
    '',
    fill(c.intro, p),
    '',
    ...d.items.map((i) => `- ${itemLine(i, d.locale)}`),
    '',
    fill(c.upload, { link: UPLOAD_LINK_PLACEHOLDER }),
    ...(d.dueDate ? [fill(c.due, { date: formatDate(d.dueDate, d.locale) })] : []),
    c.reply,
    '',
    c.closing,
    ...(d.senderName ? [d.senderName] : []),
  ];
  return { subject: fill(c.subject, p), body: lines.join('\n') };
}

/** "We would be grateful to receive them by {date}." in the mail's language. */
export const dueSentence = (date: string, locale: Locale) => fill(COPY[locale].due, { date: formatDate(date, locale) });

export interface GroupDraftInput {
  locale: Locale;
  supplierName: string | null;
  senderName: string | null;
  products: { productName: string; skuCode: string; gtin: string | null; items: RequestItem[]; link: string }[];
  dueDate: string | null;
}

/** The one mail to a supplier for several SKUs: a section per product, each with its own upload link. */
export function renderGroupMail(d: GroupDraftInput): { subject: string; body: string } {
  const c = COPY[d.locale];
  const lines = [c.greeting(d.supplierName), '', c.groupIntro];
  for (const p of d.products) {
    lines.push('', `${p.productName} (${p.skuCode}${p.gtin ? `, GTIN ${p.gtin}` : ''})`);
    lines.push(...p.items.map((i) => `- ${itemLine(i, d.locale)}`));
    lines.push(fill(c.groupUpload, { link: p.link }));
  }
  lines.push('', ...(d.dueDate ? [fill(c.due, { date: formatDate(d.dueDate, d.locale) })] : []), c.reply, '');
  lines.push(c.closing, ...(d.senderName ? [d.senderName] : []));
  return { subject: fill(c.groupSubject, { count: String(d.products.length) }), body: lines.join('\n') };
}

/** The reminder's own words: what is still needed (and why), what was not accepted (and why), until when. */
interface FollowUpCopy {
  intro: string;
  groupIntro: string;
  stillNeeded: string;
  rejected: string;
  rejectedFiles: string;
  received: string;
  upload: string;
  expires: string;
}

const FOLLOW_UP: Record<Locale, FollowUpCopy> = {
  en: {
    groupIntro: 'A friendly reminder of our request for the products below. Thank you for what you have sent so far.',
    intro: 'A friendly reminder of our request for {product} ({code}). Thank you for what you have sent so far.',
    stillNeeded: 'What we still need:',
    rejected: 'not accepted: {reason}',
    rejectedFiles: 'Files we could not accept:',
    received: 'Already received, no need to send again: {n} item(s).',
    upload: 'Please send it here (no account needed): {link}',
    expires: 'The link is open until {date}.',
  },
  de: {
    groupIntro:
      'Wir möchten freundlich an unsere Anfrage zu den folgenden Produkten erinnern. Vielen Dank für das, was Sie bereits geschickt haben.',
    intro:
      'Wir möchten freundlich an unsere Anfrage zu {product} ({code}) erinnern. Vielen Dank für das, was Sie bereits geschickt haben.',
    stillNeeded: 'Was uns noch fehlt:',
    rejected: 'nicht angenommen: {reason}',
    rejectedFiles: 'Dateien, die wir nicht annehmen konnten:',
    received: 'Bereits erhalten, bitte nicht erneut senden: {n} Punkt(e).',
    upload: 'Bitte senden Sie es hier (kein Konto nötig): {link}',
    expires: 'Der Link ist bis zum {date} offen.',
  },
  fr: {
    groupIntro:
      'Nous nous permettons de vous rappeler notre demande concernant les produits ci-dessous. Merci pour ce que vous avez déjà envoyé.',
    intro:
      'Nous nous permettons de vous rappeler notre demande concernant {product} ({code}). Merci pour ce que vous avez déjà envoyé.',
    stillNeeded: 'Ce qui nous manque encore :',
    rejected: 'non accepté : {reason}',
    rejectedFiles: 'Fichiers que nous n’avons pas pu accepter :',
    received: 'Déjà reçu, inutile de renvoyer : {n} élément(s).',
    upload: 'Merci de l’envoyer ici (aucun compte nécessaire) : {link}',
    expires: 'Le lien est ouvert jusqu’au {date}.',
  },
  es: {
    groupIntro:
      'Le recordamos amablemente nuestra solicitud sobre los productos siguientes. Gracias por lo que ya nos ha enviado.',
    intro:
      'Le recordamos amablemente nuestra solicitud sobre {product} ({code}). Gracias por lo que ya nos ha enviado.',
    stillNeeded: 'Lo que aún necesitamos:',
    rejected: 'no aceptado: {reason}',
    rejectedFiles: 'Archivos que no pudimos aceptar:',
    received: 'Ya recibido, no hace falta reenviar: {n} elemento(s).',
    upload: 'Envíelo aquí (no necesita cuenta): {link}',
    expires: 'El enlace está abierto hasta el {date}.',
  },
  it: {
    groupIntro:
      'Le ricordiamo cortesemente la nostra richiesta relativa ai prodotti seguenti. Grazie per quanto ci ha già inviato.',
    intro:
      'Le ricordiamo cortesemente la nostra richiesta relativa a {product} ({code}). Grazie per quanto ci ha già inviato.',
    stillNeeded: 'Cosa ci manca ancora:',
    rejected: 'non accettato: {reason}',
    rejectedFiles: 'File che non abbiamo potuto accettare:',
    received: 'Già ricevuto, non serve reinviare: {n} voce/i.',
    upload: 'Lo invii qui (nessun account necessario): {link}',
    expires: 'Il link è aperto fino al {date}.',
  },
};

export interface FollowUpProduct {
  productName: string;
  skuCode: string;
  /** Only the items still asked (open or rejected). */
  items: {
    label: string;
    kind: 'document' | 'field';
    document_types?: string[];
    state: string;
    reason: string | null;
    legal_basis: string | null;
  }[];
  rejectedFiles: { filename: string; reason: string | null }[];
  receivedCount: number;
  link: string;
  linkExpiresAt: Date;
}

/**
 * The reminder: rebuilt from the items' states each time, so it asks only for what is still open or was
 * rejected (with the reason), says why each is needed (in plain words, then the legal reference), the due date and until when the link is open.
 */
export function renderFollowUp(d: {
  locale: Locale;
  supplierName: string | null;
  senderName: string | null;
  dueDate: string | null;
  products: FollowUpProduct[];
}): { subject: string; body: string } {
  const c = COPY[d.locale];
  const f = FOLLOW_UP[d.locale];
  const many = d.products.length > 1;
  const first = d.products[0];
  const lines = [c.greeting(d.supplierName), ''];
  lines.push(many ? f.groupIntro : fill(f.intro, { product: first.productName, code: first.skuCode }));
  for (const p of d.products) {
    lines.push('');
    if (many) lines.push(`${p.productName} (${p.skuCode})`);
    lines.push(f.stillNeeded);
    for (const i of p.items) {
      const rejected = i.state === 'rejected' ? ` – ${fill(f.rejected, { reason: i.reason ?? '' })}` : '';
      lines.push(`- ${itemLine(i, d.locale)}${rejected}`);
    }
    if (p.rejectedFiles.length) {
      lines.push('', f.rejectedFiles);
      for (const r of p.rejectedFiles) lines.push(`- ${r.filename || '…'}${r.reason ? `: ${r.reason}` : ''}`);
    }
    if (p.receivedCount) lines.push('', fill(f.received, { n: String(p.receivedCount) }));
    lines.push('', fill(f.upload, { link: p.link }), fill(f.expires, { date: formatDate(p.linkExpiresAt, d.locale) }));
  }
  lines.push('', ...(d.dueDate ? [fill(c.due, { date: formatDate(d.dueDate, d.locale) })] : []), c.reply, '');
  lines.push(c.closing, ...(d.senderName ? [d.senderName] : []));
  const subject = many
    ? fill(c.groupReminderSubject, { count: String(d.products.length) })
    : fill(c.reminderSubject, { product: first.productName, code: first.skuCode });
  return { subject, body: lines.join('\n') };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The HTML part from the text: escaped, links clickable, "- " lines as a list. */
export function textToHtml(text: string): string {
  const blocks = text.split(/\n{2,}/);
  const linkify = (s: string) => escapeHtml(s).replace(/https?:\/\/[^\s<>"']+/g, (u) => `<a href="${u}">${u}</a>`);
  const html = blocks.map((b) => {
    const lines = b.split('\n');
    if (lines.every((l) => l.startsWith('- ')))
      return `<ul>${lines.map((l) => `<li>${linkify(l.slice(2))}</li>`).join('')}</ul>`;
    return `<p>${lines.map(linkify).join('<br>')}</p>`;
  });
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${html.join('\n')}</body></html>`;
}

/** The supplier's language from the country of its address; English otherwise. */
export function localeForCountry(country: string | null | undefined): Locale {
  const c = (country ?? '').toUpperCase();
  if (['DE', 'AT', 'CH', 'LI', 'LU'].includes(c)) return 'de';
  if (['FR', 'BE', 'MC'].includes(c)) return 'fr';
  if (['ES', 'MX', 'AR', 'CO', 'CL', 'PE'].includes(c)) return 'es';
  if (['IT', 'SM', 'VA'].includes(c)) return 'it';
  return 'en';
}
