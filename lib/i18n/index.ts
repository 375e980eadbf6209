/** Locales, label dictionaries and language negotiation for the PDF and the public safety page. */
export * from './locales';
export * from './languages';
export * from './messages';
export * from './pick-locale';
