/**
 * Every export template has a German name and description in the UI dictionary, and no German text is left
 * without a template.
 */
import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '@/lib/exports/templates';
import { TEMPLATE_TEXT_DE } from '@/lib/exports/templates/german';

describe('export templates in the German UI', () => {
  it('every template has a German name and description, and no German text is left without a template', () => {
    const ids = new Set(TEMPLATES.map((t) => t.id));
    for (const t of TEMPLATES) {
      const de = TEMPLATE_TEXT_DE[t.id];
      expect(de, t.id).toBeDefined();
      expect(de.name.trim()).not.toBe('');
      expect(de.description).not.toBe(t.description);
    }
    expect(Object.keys(TEMPLATE_TEXT_DE).filter((id) => !ids.has(id))).toEqual([]);
  });
});
