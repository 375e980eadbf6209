export { renderDossierPdf } from './render';
export type * from './types';
