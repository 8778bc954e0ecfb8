import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../scenario/defaults';
import { deriveWorkload } from './aggregate';
import { cellValue, readCellNumber } from './decimal';
import { readUsageSource, readUsageText } from './reader';

const dir = new URL('../../../fixtures/usage/', import.meta.url);
const text = (name: string) => readFileSync(new URL(name, dir), 'utf8');
const derive = (r: ReturnType<typeof readUsageText>) => deriveWorkload(r.records, r.costs, { timeZone: 'UTC', current: DEFAULT_SCENARIO.workload });

/** The bytes of a fixture read as the CLI reads them: Node's Buffer decoder keeps a byte order mark in the text. */
async function readAsCli(name: string) {
  const bytes = new Uint8Array(readFileSync(new URL(name, dir)));
  const decoder = { decode: (b?: Uint8Array) => (b ? Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('utf8') : '') };
  const r = await readUsageSource({ name, size: bytes.length, read: async (o, n) => bytes.subarray(o, o + n) }, { decoder: () => decoder });
  if (r === null) throw new Error('cancelled');
  return r;
}

describe('a cell as a number under either decimal mark', () => {
  it.each([
    ['12', { kind: 'number', mark: null, value: 12 }],
    ['0,0076', { kind: 'number', mark: ',', value: 0.0076 }],
    ['0.0076', { kind: 'number', mark: '.', value: 0.0076 }],
    ['10.0', { kind: 'number', mark: '.', value: 10 }],
    ['1234,567', { kind: 'number', mark: ',', value: 1234.567 }],
    ['1.234,5', { kind: 'number', mark: ',', value: 1234.5 }],
    ['1,234.5', { kind: 'number', mark: '.', value: 1234.5 }],
    ['1.234.567', { kind: 'number', mark: ',', value: 1234567 }],
    ['1 234,5', { kind: 'number', mark: ',', value: 1234.5 }],
    ['2,25E-05', { kind: 'number', mark: ',', value: 0.0000225 }],
    // One mark once before exactly three digits: 1.5 with a decimal point, 1,500 with a decimal comma.
    ['1.500', { kind: 'ambiguous', asPoint: 1.5, asComma: 1500 }],
    ['1,500', { kind: 'ambiguous', asPoint: 1500, asComma: 1.5 }],
    ['', { kind: 'empty' }],
    ['0,25 $', { kind: 'unreadable' }],
    ['-3', { kind: 'unreadable' }],
    ['n/a', { kind: 'unreadable' }],
    ['1.234.56', { kind: 'unreadable' }],
  ] as const)('%s', (raw, expected) => {
    expect(readCellNumber(raw)).toEqual(expected);
  });
});

describe('numbers as the locales write them (Intl as the reference)', () => {
  it("read back to their value under the locale's decimal mark, grouped or not", () => {
    const locales = [
      { locale: 'de-DE', mark: ',' as const },
      { locale: 'en-US', mark: '.' as const },
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        fc.constantFrom(...locales),
        (n, digits, grouping, { locale, mark }) => {
          const value = n / 10 ** digits;
          const written = new Intl.NumberFormat(locale, { maximumFractionDigits: 6, useGrouping: grouping }).format(value);
          const cell = readCellNumber(written);
          expect(cell.kind === 'number' || cell.kind === 'ambiguous').toBe(true);
          expect(cellValue(cell, mark)).toBeCloseTo(value, 9);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

/**
 * GERMAN_EXCEL_*.csv: real export layouts as German Excel saves them again (`;` between cells,
 * decimal commas, a byte order mark; scripts/usage-german-excel.ts, provenance in
 * fixtures/usage/SOURCES.md).
 */
describe('German Excel re-saves', () => {
  it('the hourly aggregate with its cost in decimal commas: every row with a cost is read, the bad one named', async () => {
    const r = await readAsCli('GERMAN_EXCEL_hourly_aggregate.csv');
    // Line 4 has `bad` requests on purpose (as in SCHEMA_hourly_aggregate.csv); lines 2 and 3 are read.
    expect(r.status).toBe('partial');
    expect(r.rows).toEqual({ read: 3, skipped: 1, duplicates: 0 });
    expect(r.issues).toContainEqual({ severity: 'warning', code: 'field-invalid', line: 4, field: 'requests', detail: 'bad' });
    expect(r.issues).toContainEqual({ severity: 'info', code: 'decimal-comma', line: 2, field: 'cost_usd', detail: '0,25' });
    const d = derive(r);
    // 100 + 300 = 400 ok, 2 + 4 = 6 failed: retry 6 / 400 = 0.015; cached 200,000 / 800,000 = 0.25;
    // bill 0,25 + 0,75 = $1.00 (the same figures as the English file).
    expect(d.total.requests).toBe(400);
    expect(d.workload.retryRateApi).toBeCloseTo(0.015, 12);
    expect(d.workload.cacheHitShare).toBe(0.25);
    expect(d.total.billUsd).toBe(1);
  });

  it('the real OpenAI cost export: six days, 0,895874 + 0,56177125 + 0,569788 + 0,5455665 + 0,3409 + 0,072054 = $2.98595375', async () => {
    const r = await readAsCli('GERMAN_EXCEL_openai_cost_export.csv');
    expect(r.status).toBe('ok');
    expect(r.costs).toHaveLength(6);
    expect(r.costs[0]).toEqual({ start: 1759622400, bucketS: 86_400, model: null, usd: 0.895874 });
    expect(r.costs.reduce((a, c) => a + c.usd, 0)).toBeCloseTo(2.98595375, 12);
  });

  it('the real OpenAI usage export: the same 53 requests and tokens as the tab-separated original', async () => {
    const r = await readAsCli('GERMAN_EXCEL_openai_usage_export_completions.csv');
    expect(r.status).toBe('ok');
    // As in formats.test.ts: 10 + 8 + 1 + 21 + 11 + 2 = 53 requests, input 339,711 of which
    // 13,952 cached, output 549,459.
    expect(derive(r).total).toMatchObject({ requests: 53, tokens: { input: 339_711, cached: 13_952, output: 549_459 } });
  });
});

describe('an optional column that cannot be read is dropped with a note; the rows stay', () => {
  const hourly = text('GERMAN_EXCEL_hourly_aggregate.csv');

  it('a cost in Excel\'s currency format ("0,25 $")', () => {
    const r = readUsageText('kosten.csv', hourly.replace(';0,25\r', ';0,25 $\r').replace(';0,75\r', ';0,75 $\r'));
    expect(r.issues).toContainEqual({ severity: 'warning', code: 'column-dropped', line: 2, field: 'cost_usd', detail: '0,25 $' });
    expect(r.rows).toEqual({ read: 3, skipped: 1, duplicates: 0 });
    const d = derive(r);
    // The usage is all there (400 ok, 6 failed); the files carry no bill now.
    expect(d.total.requests).toBe(400);
    expect(d.workload.retryRateApi).toBeCloseTo(0.015, 12);
    expect(d.total.billUsd).toBeNull();
  });

  it('an unreadable cell after readable ones drops the whole column, not just the cell', () => {
    const r = readUsageText('kosten.csv', hourly.replace(';0,75\r', ';n/a\r'));
    expect(r.issues).toContainEqual({ severity: 'warning', code: 'column-dropped', line: 3, field: 'cost_usd', detail: 'n/a' });
    // Not $0.25 (line 2 alone): a bill of some rows is no bill.
    expect(derive(r).total.billUsd).toBeNull();
  });

  it('a reasoning column dropped at its second row gives the output back its reasoning', () => {
    const csv = 'ts,model,status,in_tok,out_tok,reasoning_tokens\n2026-01-05T10:00:00Z,m,ok,100,50,20\n2026-01-05T10:01:00Z,m,ok,200,80,-\n';
    const r = readUsageText('log.csv', csv);
    expect(r.issues).toContainEqual({ severity: 'warning', code: 'column-dropped', line: 3, field: 'reasoning_tokens', detail: '-' });
    const d = derive(r);
    // Output 50 and 80 with no reasoning separated: mean 65, median 65, p90 50 + 0.9 × 30 = 77
    // (keeping line 2's 20 reasoning tokens out would give 30 and 80: median 55).
    expect(d.total.perRequest?.output).toEqual({ mean: 65, median: 65, p90: 77 });
    expect(d.total.perRequest?.reasoning).toBeNull();
    expect(d.workload.reasoningMode).toBe('none');
  });
});

describe('the decimal mark is decided per column', () => {
  const head = 'hour;model;requests;input_tokens;output_tokens;cost_usd\n';
  it('a cell that reads either way waits for one of its column that decides', () => {
    const r = readUsageText('a.csv', `${head}2026-01-05T08:00:00Z;m;1;10;1;1,500\n2026-01-05T09:00:00Z;m;1;10;1;0,25\n`);
    // Line 3's 0,25 shows the decimal comma: 1,500 is 1.5, and 1.5 + 0.25 = 1.75.
    expect(derive(r).total.billUsd).toBe(1.75);
    // The same cells with a decimal point in a comma-separated file: "1,500" groups thousands.
    const en = readUsageText(
      'b.csv',
      'hour,model,requests,input_tokens,output_tokens,cost_usd\n2026-01-05T08:00:00Z,m,1,10,1,"1,500"\n2026-01-05T09:00:00Z,m,1,10,1,0.25\n',
    );
    expect(derive(en).total.billUsd).toBe(1500.25);
  });

  it("without a cell that decides, the file's separator does, and the reading is said", () => {
    const r = readUsageText('c.csv', `${head}2026-01-05T08:00:00Z;m;1;10;1;1.500\n`);
    // A `;` file writes decimal commas: the point groups thousands, 1.500 = 1500.
    expect(r.issues).toContainEqual({ severity: 'warning', code: 'decimal-mark-assumed', line: 2, field: 'cost_usd', detail: '1.500 = 1500' });
    expect(derive(r).total.billUsd).toBe(1500);
  });

  it('a cell with the other mark than its column shows is unreadable: in a required column its row is skipped', () => {
    const r = readUsageText('d.csv', `${head}2026-01-05T08:00:00Z;m;1;10,5;1;0\n2026-01-05T09:00:00Z;m;1;20.5;1;0\n`);
    expect(r.issues).toContainEqual({ severity: 'warning', code: 'field-invalid', line: 3, field: 'input_tokens', detail: '20.5' });
    expect(derive(r).total.tokens.input).toBe(10.5);
  });
});
