import { headers } from 'next/headers';
import { pageText, uiLocaleFor } from '@/lib/publish/public-page';
import { StatusNotice } from './safety-page';

export default async function PublicPageNotFound() {
  const text = pageText(uiLocaleFor((await headers()).get('accept-language')));
  return <StatusNotice title={text.not_found_title} body={text.not_found_body} />;
}
