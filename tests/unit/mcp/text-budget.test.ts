/**
 * Every MCP tool's text answer keeps to the budget: capText (applied by the server to each tool's text)
 * cuts a long answer at a line, shortens a single over-long line, says where the rest is, and leaves
 * answers within the budget (including budgetText's own "more" line) as they are.
 */
import { describe, expect, it } from 'vitest';
import { TEXT_BUDGET, budgetText, capText } from '@/lib/mcp/views';

describe('capText', () => {
  it('leaves a short answer and a budgetText answer with its note unchanged', () => {
    expect(capText('a\nb')).toBe('a\nb');
    const paged = budgetText(Array.from({ length: 400 }, (_, i) => `line ${i} ${'x'.repeat(40)}`));
    expect(paged.length).toBeGreaterThan(TEXT_BUDGET);
    expect(capText(paged)).toBe(paged);
  });

  it('cuts a long answer at a line and says the whole answer is in structuredContent', () => {
    const long = Array.from({ length: 500 }, (_, i) => `rule ${i}: ${'y'.repeat(60)}`).join('\n');
    const out = capText(long);
    expect(out.length).toBeLessThanOrEqual(TEXT_BUDGET + 200);
    const lines = out.split('\n');
    expect(lines.slice(0, -1).every((l) => /^rule \d+: y{60}$/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/^… \d+ more line\(s\) not shown .*structuredContent/);
  });

  it('shortens one line longer than the budget', () => {
    const out = capText('z'.repeat(TEXT_BUDGET * 3));
    expect(out.length).toBeLessThanOrEqual(TEXT_BUDGET);
    expect(out.endsWith('…')).toBe(true);
  });
});
