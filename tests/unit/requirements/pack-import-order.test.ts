// Holds true: the packs load whichever module is imported first. A regime pack imported before the pack
// list (lib/exports/execute-run.ts imports packs/epr.ts for the EPR columns) once made packs.ts build the list
// while epr.ts's constants did not exist yet: "Cannot access 'NATIONAL' before initialization" (the
// export bench's worker died on it). The imports below are in that order on purpose.
import { describe, expect, it } from 'vitest';
import { EPR_REGISTRATION_FIELDS } from '@/lib/requirements/packs/epr';
import { ppePack } from '@/lib/requirements/packs/ppe';
import { CURRENT_PACKS, REGIME_PACKS } from '@/lib/requirements/pack-registry';

describe('pack registry', () => {
  it('loads after a pack module was imported first, with every pack', () => {
    expect(EPR_REGISTRATION_FIELDS.length).toBeGreaterThan(0);
    expect(REGIME_PACKS.map((p) => p.id)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^epr-weee@/), expect.stringMatching(/^epr-batteries@/)]),
    );
    expect(CURRENT_PACKS.some((p) => p.id === ppePack().id)).toBe(true);
  });
});
