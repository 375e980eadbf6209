/**
 * An act named as the one another replaces is mentioned, not declared (a scanned declaration read
 * "RED (2014/53/EU) replacing outdated R&TTE directive (1999/5/EC)" and offered 1999/5/EC at 0.85). The
 * lines are written here for the family; the act that replaces it stays declared.
 */
import { describe, expect, it } from 'vitest';
import { legislationIn } from '@/lib/extract/facts/references';

const norm = (s: string) => s.toLowerCase();

describe('acts named as replaced', () => {
  it.each([
    ['RED (2014/53/EU) replacing outdated R&TTE directive (1999/5/EC)', ['2014/53/EU'], ['1999/5/EC']],
    ['Low Voltage Directive 2014/35/EU, which repealed Directive 2006/95/EC', ['2014/35/EU'], ['2006/95/EC']],
    ['EMV-Richtlinie 2014/30/EU (ersetzt 2004/108/EG)', ['2014/30/EU'], ['2004/108/EG', '2004/108/EC']],
  ])('%s', (line, declared, mentioned) => {
    const acts = legislationIn(norm(line)).join(' | ');
    for (const d of declared) expect(acts).toContain(d.split('/')[0]);
    for (const m of mentioned) expect(acts).not.toContain(m.split('/')[0] + '/' + m.split('/')[1]);
  });

  it('an act after "replacing" is not dropped when it is the one declared in a list', () => {
    const acts = legislationIn(norm('Directive 2011/65/EU and Directive (EU) 2015/863'));
    expect(acts.join(' ')).toMatch(/2011\/65/);
  });
});
