import { describe, expect, it } from 'vitest';
import { restoreScenario } from '../../core/scenario/restore';
import { rangeSchema } from '../../core/scenario/schema';
import { issueText } from './issues';

describe('issueText', () => {
  it('words size limits in German, with German number format and plural', () => {
    expect(issueText('de', { code: 'too_small', origin: 'number', minimum: 0, inclusive: true }, 'Too small: expected number to be >=0')).toBe(
      'muss mindestens 0 sein',
    );
    expect(issueText('de', { code: 'too_big', origin: 'number', maximum: 1, inclusive: true }, 'x')).toBe('darf höchstens 1 sein');
    // 10000.5 in German: "10.000,5".
    expect(issueText('de', { code: 'too_big', origin: 'number', maximum: 10000.5, inclusive: false }, 'x')).toBe('muss kleiner als 10.000,5 sein');
    expect(issueText('de', { code: 'too_small', origin: 'array', minimum: 1 }, 'x')).toBe('braucht mindestens 1 Eintrag');
    expect(issueText('de', { code: 'too_small', origin: 'array', minimum: 2 }, 'x')).toBe('braucht mindestens 2 Einträge');
    expect(issueText('en', { code: 'too_small', origin: 'array', minimum: 1 }, 'x')).toBe('must have at least 1 entry');
    expect(issueText('en', { code: 'too_big', origin: 'string', maximum: 200 }, 'x')).toBe('must be at most 200 characters long');
  });
  it('words types, allowed values and unknown fields in German', () => {
    expect(issueText('de', { code: 'invalid_type', expected: 'number' }, 'x')).toBe('muss eine Zahl sein');
    expect(issueText('de', { code: 'invalid_value', values: ['tokens', 'requests'] }, 'x')).toBe('muss einer dieser Werte sein: “tokens” oder “requests”');
    expect(issueText('de', { code: 'unrecognized_keys' }, 'Unknown field')).toBe('unbekanntes Feld');
    expect(issueText('de', { code: 'unrepairable' }, 'Could not be repaired')).toBe('ließ sich nicht reparieren');
  });
  it('keeps a refinement’s own message inside a German frame, and the validator’s text when there are no facts', () => {
    expect(issueText('de', { code: 'custom' }, 'Low must not exceed high')).toBe('ungültig: Low must not exceed high');
    expect(issueText('en', { code: 'custom' }, 'Low must not exceed high')).toBe('Low must not exceed high');
    expect(issueText('de', undefined, 'old notice')).toBe('old notice');
  });
  it('a restored link notice carries the facts: a share of 7 is worded "darf höchstens 1 sein"', () => {
    // workload.cacheHitShare is a share between 0 and 1 (the share-link browser test uses 7).
    const { notices } = restoreScenario({ workload: { cacheHitShare: 7 } });
    expect(notices).toHaveLength(1);
    const n = notices[0];
    expect(n?.path).toBe('workload.cacheHitShare');
    expect(issueText('de', n?.issue, n?.problem ?? '')).toBe('darf höchstens 1 sein');
    expect(issueText('en', n?.issue, n?.problem ?? '')).toBe('must be at most 1');
  });
});

describe('a limit the schema words itself', () => {
  it('keeps the schema’s explanation instead of a bare "at most 720,000"', () => {
    // rentPrice has one number limit (720,000, the node-hour cap) with its own text naming both units.
    // 10,000 USD per GPU-hour × 72 GPUs, the largest node = 720,000 USD per node-hour.
    const { notices } = restoreScenario({ selfHosted: { rentPrice: 1e308 } });
    expect(notices[0]?.issue).toEqual({ code: 'custom', rule: 'rent-limit', params: { perGpuHour: 10000, perNodeHour: 720000 } });
    expect(issueText('en', notices[0]?.issue, notices[0]?.problem ?? '')).toBe('Must be at most 10,000 USD per GPU-hour or 720,000 USD per node-hour');
  });

  it('words the rent limit in German, with German number format', () => {
    // Also when the GPU-hour price is above its own limit (20,000 > 10,000) but below the node-hour one.
    for (const rentPrice of [1e308, 20_000]) {
      const { notices } = restoreScenario({ selfHosted: { rentUnit: 'gpu-hour', rentPrice } });
      expect(notices.map((n) => n.path)).toEqual(['selfHosted.rentPrice']);
      expect(issueText('de', notices[0]?.issue, notices[0]?.problem ?? '')).toBe(
        'darf höchstens 10.000 USD pro GPU-Stunde oder 720.000 USD pro Knotenstunde betragen',
      );
    }
  });

  it('words the day-metric order in German: 130 accepted of 100 attempted tasks', () => {
    const day = { tasksAttempted: 100, tasksAccepted: 130 };
    const { notices } = restoreScenario({ pilot: { days: [{ day: 1, selfHosted: day }] } });
    const n = notices.find((x) => x.path.endsWith('tasksAccepted'));
    expect(n?.issue?.rule).toBe('day-order');
    expect(issueText('de', n?.issue, n?.problem ?? '')).toBe('tasksAccepted (130) darf tasksAttempted (100) nicht übersteigen');
    expect(issueText('en', n?.issue, n?.problem ?? '')).toBe('tasksAccepted (130) must not exceed tasksAttempted (100)');
  });

  it('words a range whose low end is above its high end in German', () => {
    const r = rangeSchema.safeParse({ low: 2, high: 1 });
    expect(r.success).toBe(false);
    const issue = r.error?.issues[0];
    expect(issue?.code === 'custom' ? issue.params : undefined).toEqual({ rule: 'range-order' });
    expect(issueText('de', { code: 'custom', rule: 'range-order' }, 'Low must not exceed high')).toBe('der untere Wert darf den oberen nicht übersteigen');
  });
});
