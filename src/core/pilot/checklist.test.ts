import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaults';
import { CHECKS, CHECK_IDS, summarizeChecklist } from './checklist';

describe('day checklists', () => {
  it('have unique, stable ids that fit the stored key length', () => {
    expect(new Set(CHECK_IDS).size).toBe(CHECK_IDS.length);
    for (const id of CHECK_IDS) expect(id.length).toBeLessThanOrEqual(60);
    // The article's day-1 table has five fields plus the code-task group; images only if used.
    expect(CHECKS.filter((c) => c.phase === 'day-1' && c.role === 'required').map((c) => c.id)).toEqual([
      'd1.messages-exact',
      'd1.reasoning-history',
      'd1.tool-schema',
      'd1.context-not-truncated',
      'd1.sampling-identical',
      'd1.code-patches',
    ]);
  });

  it('compatibility is incomplete until every required day-1 check passed; optional ones only count when failed', () => {
    const p = defaultScenario().pilot;
    expect(summarizeChecklist(p).compatibility).toBe('incomplete');
    for (const c of CHECKS) if (c.phase === 'day-1' && c.role === 'required') p.checks[c.id] = { status: 'passed', note: '' };
    expect(summarizeChecklist(p).compatibility).toBe('passed');
    p.checks['d1.visual-inputs'] = { status: 'failed', note: 'image role dropped' };
    const s = summarizeChecklist(p);
    expect(s.compatibility).toBe('failed');
    expect(s.compatibilityFailedIds).toEqual(['d1.visual-inputs']);
    expect(s.phases[0]).toMatchObject({ phase: 'day-1', passed: 6, failed: 1, notTested: 0 });
  });

  it('ignores stored entries for ids it does not know', () => {
    const p = defaultScenario().pilot;
    p.checks['retired.check'] = { status: 'failed', note: '' };
    const s = summarizeChecklist(p);
    expect(s.phases.reduce((a, x) => a + x.failed, 0)).toBe(0);
  });
});
