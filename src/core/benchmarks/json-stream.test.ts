import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isUnfinished, JsonValueStream, parseTolerant } from './json-stream';

function readAll(text: string, chunkSize: number, maxStringLength?: number) {
  const values: { value: unknown; line: number }[] = [];
  const stream = new JsonValueStream({ onValue: (value, line) => values.push({ value, line }), maxStringLength });
  for (let i = 0; i < text.length; i += chunkSize) stream.push(text.slice(i, i + chunkSize));
  return { values, end: stream.end() };
}

describe('JsonValueStream', () => {
  it('reads one document the same as JSON.parse, whatever the chunk size', () => {
    const doc = { a: [1, 2.5, -3e2, { b: 'x\\"y', c: null, d: true, e: false }], 'k "q"': 'é\u00fc\n', n: [] as unknown[], o: {} };
    const text = JSON.stringify(doc, null, 2);
    for (const size of [1, 2, 3, 7, 64, 10_000]) {
      const { values, end } = readAll(text, size);
      expect(end.error).toBeNull();
      expect(end.truncated).toBe(false);
      expect(values).toHaveLength(1);
      expect(values[0]?.value).toEqual(doc);
    }
  });

  it('reads Python tokens Infinity, -Infinity and NaN as numbers', () => {
    const { values, end } = readAll('{"request_rate": Infinity, "low": -Infinity, "x": NaN, "s": "Infinity"}', 5);
    expect(end.error).toBeNull();
    const v = values[0]?.value as Record<string, unknown>;
    expect(v.request_rate).toBe(Number.POSITIVE_INFINITY);
    expect(v.low).toBe(Number.NEGATIVE_INFINITY);
    expect(Number.isNaN(v.x)).toBe(true);
    expect(v.s).toBe('Infinity');
  });

  it('emits each line of a JSON Lines text with its line number', () => {
    const { values, end } = readAll('{"a":1}\n{"a":2}\n\n{"a":3}\n', 4);
    expect(end.error).toBeNull();
    expect(values.map((v) => v.line)).toEqual([1, 2, 4]);
    expect(values.map((v) => (v.value as { a: number }).a)).toEqual([1, 2, 3]);
  });

  it('names line and column of a syntax error', () => {
    const { end } = readAll('{\n  "a": 1,\n  "b": tru\n}', 3);
    expect(end.error).toEqual({ line: 3, column: 8, problem: 'unexpected "tru\n}"' });
    const comma = readAll('[1,\n2,,3]', 2).end;
    expect(comma.error?.line).toBe(2);
    expect(comma.error?.column).toBe(3);
  });

  it('salvages a truncated array and marks the unfinished row', () => {
    const { values, end } = readAll('[{"a":1},{"a":2},{"a":', 4);
    expect(values).toHaveLength(0);
    expect(end.truncated).toBe(true);
    expect(end.error).toBeNull();
    const rows = end.salvaged as Record<string, unknown>[];
    expect(rows).toHaveLength(3);
    expect(isUnfinished(rows)).toBe(true);
    expect(isUnfinished(rows[0])).toBe(false);
    expect(isUnfinished(rows[2])).toBe(true);
    expect(rows[2]).toEqual({});
  });

  it('shortens very long strings and counts them', () => {
    const long = 'x'.repeat(5000);
    const { values, end } = readAll(JSON.stringify({ text: long, model: 'm' }), 333, 1000);
    const v = values[0]?.value as { text: string; model: string };
    expect(v.text.length).toBe(201);
    expect(v.model).toBe('m');
    expect(end.shortenedStrings).toBe(1);
  });

  it('never throws and always finishes on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.integer({ min: 1, max: 50 }), (text, size) => {
        const { end } = readAll(text, size);
        expect(end.values).toBeGreaterThanOrEqual(0);
      }),
      { seed: 42, numRuns: 500 },
    );
  });

  it('agrees with JSON.parse on generated JSON', () => {
    fc.assert(
      fc.property(fc.json(), fc.integer({ min: 1, max: 40 }), (text, size) => {
        const { values, end } = readAll(text, size, Number.MAX_SAFE_INTEGER);
        expect(end.error).toBeNull();
        expect(values[0]?.value).toEqual(JSON.parse(text));
      }),
      { seed: 7, numRuns: 500 },
    );
  });
});

describe('parseTolerant', () => {
  it('parses one value and rejects two', () => {
    expect(parseTolerant('{"a": NaN}').ok).toBe(true);
    expect(parseTolerant('1 2').ok).toBe(false);
    const cut = parseTolerant('{"a": [1, 2');
    expect(cut.ok).toBe(false);
    if (!cut.ok) expect(cut.truncated).toBe(true);
  });
});
