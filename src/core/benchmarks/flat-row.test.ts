import { describe, expect, it } from 'vitest';
import { platformHost } from '../../platform/host';
import { encodeUtf8 } from '../text/utf8';
import { createRandom } from '../tco/random';
import type { FileContext, ValueParser } from './common';
import { FlatRowReader } from './flat-row';
import { isoSecondsOfBytes, parseTimestamp, REQUEST_LOG_ROW_FIELDS, requestLogParser } from './formats/request-log';
import { lineFeeder } from './import-stream';
import { IssueLog } from './issues';

/** A seeded generator (the Monte Carlo's), so a failure can be replayed. */
function random(seed: number): () => number {
  const r = createRandom(seed);
  return () => r.next();
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
const digits = (r: () => number, n: number) => Array.from({ length: n }, () => String(Math.floor(r() * 10))).join('');

function reader(): FlatRowReader {
  return new FlatRowReader(REQUEST_LOG_ROW_FIELDS, isoSecondsOfBytes);
}

function read(flat: FlatRowReader, line: string): boolean {
  const bytes = encodeUtf8(line);
  return flat.read(bytes, 0, bytes.length);
}

describe('FlatRowReader', () => {
  it('reads a line up to its line feed, or declines it and leaves the search for the line feed to the caller', () => {
    const flat = reader();
    const at = (text: string, start = 0, limit?: number) => {
      const bytes = encodeUtf8(text);
      return flat.readLine(bytes, start, limit ?? bytes.length);
    };
    // The index of the line feed: after the closing brace, spaces and tabs, and an optional CR.
    expect(at('{"ttft_ms":5}\n{"ttft_ms":6}\n')).toBe(13);
    expect(flat.row.ttft_ms).toBe(5);
    expect(at('{"ttft_ms":5}\n{"ttft_ms":6}\n', 14)).toBe(27);
    expect(flat.row.ttft_ms).toBe(6);
    expect(at('{"ttft_ms":7} \t\r\n')).toBe(16);
    expect(flat.row.ttft_ms).toBe(7);
    expect(at('{}\n')).toBe(2);
    expect(flat.row.ttft_ms).toBeUndefined();
    // Declined: no line feed before the limit (a line cut at a chunk's end), a CR not right before
    // the line feed, other bytes after the object, a line broken inside the object, an empty line.
    expect(at('{"ttft_ms":5}')).toBe(-1);
    expect(at('{"ttft_ms":5}\n', 0, 13)).toBe(-1);
    expect(at('{"ttft_ms":5}\r')).toBe(-1);
    expect(at('{"ttft_ms":5}\r \n')).toBe(-1);
    expect(at('{"ttft_ms":5} x\n')).toBe(-1);
    expect(at('{"ttft_ms":5\n}\n')).toBe(-1);
    expect(at('{"model":"a\nb"}\n')).toBe(-1);
    expect(at('\n{"ttft_ms":5}\n')).toBe(-1);
  });

  it('reads a number as JSON.parse does, to the bit, or declines it', () => {
    const r = random(7);
    const flat = reader();
    let accepted = 0;
    const invalid = ['01', '1.', '.5', '-', '+1', '1e', '1e5', '2E-3', 'Infinity', 'NaN', '0x10', '1.5.2', '--1', '00', '-01.5', '1_000'];
    for (let k = 0; k < 20_000; k++) {
      let literal: string;
      if (k % 10 === 0) literal = pick(r, invalid);
      else {
        const int = r() < 0.2 ? '0' : String(1 + Math.floor(r() * 9)) + digits(r, Math.floor(r() * 17));
        const frac = r() < 0.6 ? `.${digits(r, 1 + Math.floor(r() * 24))}` : '';
        literal = `${r() < 0.2 ? '-' : ''}${int}${frac}`;
      }
      const line = `{"ttft_ms":${literal}}`;
      let expected: unknown;
      let valid = true;
      try {
        expected = (JSON.parse(line) as { ttft_ms: unknown }).ttft_ms;
      } catch {
        valid = false;
      }
      const ok = read(flat, line);
      if (!valid) expect(ok, line).toBe(false);
      if (ok) {
        accepted += 1;
        expect(Object.is(flat.row.ttft_ms, expected), `${line}: ${String(flat.row.ttft_ms)} vs ${String(expected)}`).toBe(true);
      }
    }
    // Most numbers of a log are short decimals: they are read here, not declined.
    expect(accepted).toBeGreaterThan(10_000);
  });

  it('reads -0, 0.0 and the largest exact forms', () => {
    const flat = reader();
    for (const [literal, value] of [
      ['-0', -0],
      ['0.0', 0],
      ['-0.000', -0],
      ['999999999999999', 999999999999999],
      ['0.0000000000000000000001', 1e-22],
      ['123456789.012345', 123456789.012345],
    ] as const) {
      expect(read(flat, `{"duration_ms":${literal}}`), literal).toBe(true);
      expect(Object.is(flat.row.duration_ms, value), literal).toBe(true);
    }
    // 16 significant digits, or a 23rd decimal place: one division is no longer exact.
    expect(read(flat, '{"duration_ms":1234567890123456}')).toBe(false);
    expect(read(flat, '{"duration_ms":0.1234567890123456}')).toBe(false);
    expect(read(flat, '{"duration_ms":0.00000000000000000000001}')).toBe(false);
  });

  it('declines every line it cannot read exactly', () => {
    const flat = reader();
    for (const line of [
      '',
      '{',
      '[1]',
      '"row"',
      '{"ttft_ms":1,}',
      '{"ttft_ms":1} x',
      '{"ttft_ms" 1}',
      '{"ttft_ms":1 "out_tok":2}',
      '{"model":"kimi\\u002dk2"}',
      '{"mo\\u0064el":"kimi"}',
      '{"model":"Kimi—K2"}',
      '{"model":"a\tb"}',
      '{"extra":{"nested":1}}',
      '{"extra":[1,2]}',
      '{"extra":"a\\"b"}',
      '{"ttft_ms":"12.5"}',
      '{"ts":"2026-01-15 10:00:00"}',
      '{"ts":"2026-01-15T10:00:00+02:00"}',
      '{"ok":tru}',
      '{"ok":nul}',
      '{"ttft_ms":1}\r',
      '\u00a0{"ttft_ms":1}',
    ]) {
      expect(read(flat, line), JSON.stringify(line)).toBe(false);
    }
  });

  it('reads spaces, tabs, unknown keys, repeated keys and literals as JSON.parse does', () => {
    const flat = reader();
    expect(read(flat, ' {\t"model" : "kimi-k2" ,"extra": "Grüße", "n": -1.5, "f": false, "z": null, "ttft_ms": 1, "ttft_ms": 2.5, "ok": true } ')).toBe(true);
    expect(flat.row.model).toBe('kimi-k2');
    expect(flat.row.ttft_ms).toBe(2.5);
    expect(flat.row.ok).toBe(true);
    expect(flat.row.error).toBeUndefined();
    expect(read(flat, '{"error":null,"status":"error"}')).toBe(true);
    expect(flat.row.error).toBeNull();
    expect(flat.row.status).toBe('error');
    // The fields of the row before are gone.
    expect(flat.row.model).toBeUndefined();
    expect(flat.row.ttft_ms).toBeUndefined();
    expect(read(flat, '{}')).toBe(true);
    expect(read(flat, '{ }')).toBe(true);
    expect(flat.row.status).toBeUndefined();
    expect(Object.keys(flat.row).sort()).toEqual(Object.keys(REQUEST_LOG_ROW_FIELDS).sort());
  });

  it('reads an ISO time as parseTimestamp does, and an epoch number as it is', () => {
    const flat = reader();
    expect(read(flat, '{"ts":"2026-01-15T10:00:00.015Z"}')).toBe(true);
    // 2026-01-15 is day 20,468 since 1970-01-01: 20,468 × 86,400 + 10 × 3,600 s, plus 0.015 s.
    expect(flat.row.ts).toBe(1_768_471_200 + 0.015);
    expect(read(flat, '{"timestamp":1768471200.5}')).toBe(true);
    expect(flat.row.timestamp).toBe(1_768_471_200.5);
  });
});

describe('isoSecondsOfBytes', () => {
  it('gives the seconds parseTimestamp gives, to the bit, or declines', () => {
    const r = random(11);
    const odd = ['/', ':', 'a', 'Z', 'T', '-', '.', ' ', '9', '0', '5'];
    let accepted = 0;
    for (let k = 0; k < 30_000; k++) {
      const year = 1960 + Math.floor(r() * 100);
      const fields = [year, 1 + Math.floor(r() * 13), 1 + Math.floor(r() * 32), Math.floor(r() * 25), Math.floor(r() * 61), Math.floor(r() * 62)].map((v, i) =>
        String(v).padStart(i === 0 ? 4 : 2, '0'),
      );
      let s = `${fields[0]}-${fields[1]}-${fields[2]}T${fields[3]}:${fields[4]}:${fields[5]}${r() < 0.7 ? `.${digits(r, Math.floor(r() * 10))}` : ''}Z`;
      // Now and then a character replaced: the fast path's arithmetic must go wrong the same way.
      if (r() < 0.3) {
        const at = Math.floor(r() * s.length);
        s = s.slice(0, at) + pick(r, odd) + s.slice(at + 1);
      }
      const bytes = encodeUtf8(s);
      const got = isoSecondsOfBytes(bytes, 0, bytes.length);
      if (Number.isNaN(got)) continue;
      accepted += 1;
      expect(Object.is(got, parseTimestamp(s)), s).toBe(true);
    }
    expect(accepted).toBeGreaterThan(5_000);
  });
});

/** A generated request log with the forms real logs have, and lines the reader must decline. */
function messyLog(seed: number, lines: number): string {
  const r = random(seed);
  const out: string[] = [];
  const models = ['kimi-k2', 'deepseek-v3', 'glm-4.6', 'Kimi—K2 (ü)'];
  let t = Date.UTC(2026, 0, 15, 23, 59, 0);
  for (let i = 0; i < lines; i++) {
    t += Math.floor(r() * 900);
    const ts = new Date(t).toISOString();
    const pairs: string[] = [];
    const kind = r();
    const model = pick(r, models);
    const ok = r() < 0.85;
    const ttft = (r() * 2000).toFixed(Math.floor(r() * 4));
    const dur = (Number(ttft) + r() * 20_000).toFixed(1);
    pairs.push(`"ts":${r() < 0.05 ? (t / 1000).toFixed(3) : r() < 0.05 ? `"${ts.replace('T', ' ')}"` : `"${ts}"`}`);
    pairs.push(`"model":"${model}"`);
    pairs.push(
      ok
        ? `"status":"${pick(r, ['ok', 'ok', 'ok', 'success', 'OK'])}"`
        : `"status":"error","http_status":${pick(r, [429, 500, 503])},"error":${pick(r, ['"rate_limit_exceeded"', 'null', '"upstream \\"timeout\\""'])}`,
    );
    pairs.push(`"ttft_ms":${ok ? (r() < 0.03 ? `"${ttft}"` : ttft) : 'null'}`);
    pairs.push(`"duration_ms":${r() < 0.02 ? '-5' : dur}`);
    pairs.push(`"in_tok":${Math.floor(r() * 8000)}`, `"out_tok":${Math.floor(r() * 1000)}`);
    if (r() < 0.5) pairs.push(`"cost_usd":${(r() * 0.01).toFixed(7)}`);
    if (r() < 0.2) pairs.push(`"cached_tok":${Math.floor(r() * 500)}`, `"reasoning_tok":${Math.floor(r() * 300)}`);
    if (r() < 0.1) pairs.push(`"tpot_ms":${(r() * 40).toFixed(2)}`);
    if (r() < 0.1) pairs.push(`"base_url":"https://api.example.com/v1"`);
    if (r() < 0.1) pairs.push(`"meta":{"region":"eu","tags":["a","b"]}`);
    if (r() < 0.1) pairs.push(`"note":"plain text"`);
    if (r() < 0.05) pairs.push(`"ttft_ms":${(r() * 100).toFixed(1)}`);
    if (r() < 0.05) pairs.push(`"cost_usd":1e-7`);
    if (r() < 0.3) pairs.reverse();
    let line = r() < 0.2 ? `{ ${pairs.join(', ').replaceAll('":', '": ')} }` : `{${pairs.join(',')}}`;
    if (kind < 0.01) line = '';
    else if (kind < 0.02) line = line.slice(0, Math.floor(line.length / 2));
    else if (kind < 0.03) line = `[${line}]`;
    else if (kind < 0.04) line += '\r';
    else if (kind < 0.045) line = `\ufeff${line}`;
    out.push(line);
  }
  return out.join('\n');
}

interface Read {
  runs: unknown;
  issues: unknown;
  lines: number;
  rows: number;
  fast: number;
}

function readLog(text: string, asBytes: boolean, chunk: number): Read {
  const issues = new IssueLog();
  const ctx: FileContext = { name: 'log.jsonl', size: text.length, hash: '', issues, rowRate: 1 };
  const parser = requestLogParser(ctx);
  let fast = 0;
  const flat = parser.rowBytes as FlatRowReader;
  const readRow = flat.read.bind(flat);
  flat.read = (b, s, e) => {
    const ok = readRow(b, s, e);
    if (ok) fast += 1;
    return ok;
  };
  const readLine = flat.readLine.bind(flat);
  flat.readLine = (b, s, limit) => {
    const end = readLine(b, s, limit);
    if (end >= 0) fast += 1;
    return end;
  };
  const sink = {
    parser: parser as ValueParser,
    dispatch: (value: unknown, line: number) => {
      issues.rowsRead += 1;
      parser.value(value, line, null);
    },
  };
  const feeder = lineFeeder(issues, sink, () => undefined, platformHost().decoder());
  if (asBytes) {
    expect(feeder.bytes(() => null)).toBe(true);
    const bytes = encodeUtf8(text);
    for (let at = 0; at < bytes.length; at += chunk) feeder.feedBytes(bytes.subarray(at, Math.min(bytes.length, at + chunk)), false);
    feeder.feed('', true);
  } else feeder.feed(text, true);
  return { runs: parser.finish(), issues: issues.save(), lines: feeder.lines, rows: issues.rowsRead, fast };
}

describe('a request log read as bytes', () => {
  it('gives what JSON.parse gives, field for field, whatever the chunk size', () => {
    for (const seed of [1, 2, 3]) {
      const text = messyLog(seed, 4000);
      const asText = readLog(text, false, 0);
      expect(asText.fast).toBe(0);
      for (const chunk of [7, 1000, 1 << 20]) {
        const asBytes = readLog(text, true, chunk);
        expect(asBytes.runs).toEqual(asText.runs);
        expect(asBytes.issues).toEqual(asText.issues);
        expect(asBytes.lines).toBe(asText.lines);
        expect(asBytes.rows).toBe(asText.rows);
        // The reader took most rows itself (a quarter name a model outside ASCII, a tenth carry a nested field) and declined the odd ones.
        expect(asBytes.fast).toBeGreaterThan(asBytes.rows / 2);
        expect(asBytes.fast).toBeLessThan(asBytes.rows);
      }
    }
  });
});
