import { describe, expect, it } from 'vitest';
import { restoreScenario } from '../../core/scenario/restore';
import { issueText } from './issues';

describe('issueText', () => {
  it('words size limits in German, with German number format and plural', () => {
    expect(issueText('de', { code: 'too_small', origin: 'number', minimum: 0, inclusive: true }, 'Too small: expected number to be >=0')).toBe('muss mindestens 0 sein');
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
    const { notices } = restoreScenario({ selfHosted: { rentPrice: 1e308 } });
    expect(notices[0]?.issue).toEqual({ code: 'custom' });
    expect(issueText('de', notices[0]?.issue, notices[0]?.problem ?? '')).toBe('ungültig: Must be at most 10,000 USD per GPU-hour or 720,000 USD per node-hour');
  });
});
