/** Pieces several channel templates share: checks on operators, languages, public document URLs. */
import { isEuEstablished } from '@/lib/model/countries';
import { operatorOf, type ExportDocument, type ExportItem } from '../catalogue-data';
import type { ChannelCheck, RenderContext } from './types';

export const manufacturer = (i: ExportItem) => operatorOf(i, 'manufacturer');
/** The EU operator GPSR Art. 16 asks for: RP/authorised representative, else the importer. */
export const euOperator = (i: ExportItem) => operatorOf(i, 'responsible_person') ?? operatorOf(i, 'importer');
export const needsEuOperator = (i: ExportItem) => {
  const m = manufacturer(i);
  return !m || !isEuEstablished(m.country);
};

export const warningText = (i: ExportItem, lang: string) => i.fields[`safety_warnings_${lang}`] ?? null;

/** Checks every channel of this workspace's GPSR exports shares (Art. 19 (a), (b), (d)). */
export const CORE_CHECKS: ChannelCheck[] = [
  {
    kind: 'required',
    field: 'manufacturer_name',
    label: 'Manufacturer name',
    get: (i) => manufacturer(i)?.name,
    fix: 'Link a manufacturer on the Entities tab or fill "Manufacturer name".',
  },
  {
    kind: 'required',
    field: 'manufacturer_address',
    label: 'Manufacturer postal address',
    get: (i) => {
      const m = manufacturer(i);
      return m ? m.street : null;
    },
    fix: "Add the manufacturer's street, postcode and city.",
  },
  {
    kind: 'required',
    field: 'manufacturer_email',
    label: 'Manufacturer electronic address (email or website)',
    get: (i) => {
      const m = manufacturer(i);
      return m ? (m.email ?? m.contact_url) : null;
    },
    fix: "Add the manufacturer's email or contact page.",
  },
  {
    kind: 'required',
    field: 'responsible_person_name',
    label: 'EU responsible person (the manufacturer is not established in the EU)',
    get: (i) => (needsEuOperator(i) ? euOperator(i)?.name : 'not needed'),
    fix: 'Link an EU responsible person (or importer) on the Entities tab.',
  },
  {
    kind: 'languages',
    field: 'safety_warnings',
    label: 'Safety warnings',
    has: (i, l) => Boolean(warningText(i, l)),
    fix: 'Add the safety warnings in "{lang}".',
  },
];

/** The public URL of a document, when the SKU's safety page publishes it; channels need public URLs. */
export function publicDocumentUrl(
  ctx: Pick<RenderContext, 'publicBaseUrl'>,
  item: ExportItem,
  d: ExportDocument,
): string | null {
  if (!d.is_public || !item.sku.public_id || !ctx.publicBaseUrl) return null;
  return `${ctx.publicBaseUrl.replace(/\/+$/, '')}/p/${item.sku.public_id}/documents/${d.id}`;
}
