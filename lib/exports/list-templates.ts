import { serializeTemplate, TEMPLATES } from './templates';

export function listTemplates() {
  return TEMPLATES.map(serializeTemplate);
}
