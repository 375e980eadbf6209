import type { Metadata } from 'next';
import { DocumentDetail } from '@/components/documents/document-detail';
import { requireSession } from '@/lib/workspace/session';
import { documentTitle } from '@/lib/workspace/page-titles';
import { FIELD_CATALOGUE } from '@/lib/model/catalogue';
import { uiLocale } from '@/lib/i18n/ui-locale';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return documentTitle((await params).id);
}

export default async function DocumentPage({ params }: { params: Promise<{ id: string }> }) {
  await requireSession();
  const { id } = await params;
  // Labels of the dossier fields that extracted facts fill, taken from the catalogue on the server so the
  // browser does not load the catalogue's validators.
  const locale = await uiLocale();
  const fieldLabels = Object.fromEntries(FIELD_CATALOGUE.map((f) => [f.key, f.labels[locale]]));
  return <DocumentDetail id={id} fieldLabels={fieldLabels} />;
}
