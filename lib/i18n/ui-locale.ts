import { cookies, headers } from 'next/headers';
import { pickLocale } from './pick-locale';
import {
  UI_LOCALE_COOKIE,
  UI_LOCALES,
  isUiLocale,
  translator,
  type Dictionary,
  type Messages,
  type T,
  type UiLocale,
} from './ui';

/** The UI language of this request: the user's choice (cookie), else the browser's Accept-Language, else English. */
export async function uiLocale(): Promise<UiLocale> {
  const chosen = (await cookies()).get(UI_LOCALE_COOKIE)?.value;
  if (isUiLocale(chosen)) return chosen;
  return pickLocale((await headers()).get('accept-language'), UI_LOCALES, 'en');
}

/** `t` for a server component: `const t = await getT(skuMessages)`. */
export async function getT<E extends Dictionary>(messages: Messages<E>): Promise<T<E>> {
  return translator(messages, await uiLocale());
}
