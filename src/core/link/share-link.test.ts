import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, defaultScenario } from '../scenario/defaults';
import { catalogDrift } from '../catalog/drift';
import { SCENARIO_TYPE, SCENARIO_VERSION } from '../scenario/schema';
import { evaluateTco } from '../tco/evaluate';
import { MAX_DECODED_BYTES, MAX_LINK_CHARS, decodeLinkPayload, encodeLinkPayload } from './codec';
import golden from './fixtures/golden-links-v1.json';
import { LINK_DICTIONARY_V1 } from './link-dictionary';
import { decodeOk as ok, goldenLinkChecks, type GoldenExpected } from '../../testing/golden-links';
import { buildHash, decodeScenario, encodeScenario, parseHash } from './share-link';

function b64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The expected document of each golden link, written by hand (see `about` in each file). */
const EXPECTED = import.meta.glob<GoldenExpected>('./fixtures/golden-v1/*.json', { eager: true, import: 'default' });

describe('golden links of version 1', () => {
  const names = Object.keys(golden.links) as (keyof typeof golden.links)[];
  goldenLinkChecks(1, golden.links, EXPECTED);

  it.each(names)('%s: keeps the monthly GPU and power cost the v2 formulas give (billing on demand, as v2 billed)', (name) => {
    const sh = ok(golden.links[name]).scenario.selfHosted;
    expect(sh.billing.mode).toBe('on-demand');
    const e = evaluateTco(ok(golden.links[name]).scenario).selfHosted;
    const replicas = e.replicasServing + e.spareReplicas;
    // v2: hours = 730 always on, else hours/day × days/week × 730 / 168; rent = units × price × hours;
    // bought = (GPUs × capex × (1 + overhead) − GPUs × capex × residual) / months, power = GPUs × W × PUE × h / 1000 × $/kWh.
    const hours = sh.hoursMode === 'always' ? 730 : (sh.scheduleHoursPerDay * sh.scheduleDaysPerWeek * 730) / 168;
    const g = sh.gpusPerReplica;
    const units = sh.rentUnit === 'gpu-hour' ? g : Math.ceil(g / sh.gpusPerNode);
    const gpu =
      sh.costMode === 'rent' ? units * sh.rentPrice * hours : (g * sh.capexPerGpu * (1 + sh.infraOverheadShare - sh.residualShare)) / sh.amortisationMonths;
    const power = sh.costMode === 'rent' ? 0 : ((g * sh.powerWattsPerGpu * sh.pue * hours) / 1000) * sh.pricePerKwh;
    expect(e.gpuUsd).toBeCloseTo(replicas * gpu, 6);
    expect(e.powerUsd).toBeCloseTo(replicas * power, 6);
  });

  it('the default link is the example scenario, with the layout it was computed with pinned', () => {
    // v1 and v2 computed the scenario's own TP, MLA mode and DCP size; v3's example compares
    // layouts (hardware.layout.choice 'best-fit'), so an old link pins its layout. v5's example
    // estimates the overheads; an old link keeps its entered 4 + 3 GiB.
    const expected = structuredClone(DEFAULT_SCENARIO);
    expected.hardware.layout = { choice: 'pinned' };
    expected.hardware.overheadSource = 'entered';
    expect(ok(golden.links.default).scenario).toEqual(expected);
  });
});

describe("golden links and today's catalog", () => {
  const figures = (name: keyof typeof golden.links) =>
    catalogDrift(ok(golden.links[name]).scenario).map((d) => `${d.path}: ${d.before} → ${d.after} (${d.recordId}, ${d.checked})`);

  it("the catalog-drift link keeps its own figures and lists each against today's catalog", () => {
    // The link carries 0.6 / 0.15 / 2.5 USD per 1M, 600 W and 3.5 USD/GPU-h (see its expected file);
    // today: Moonshot K2.6 0.95 / 0.16 / 4 (checked 2026-05-22), H200 700 W (2026-08-15),
    // Crusoe H200 on-demand 4.29 USD/GPU-h (2026-08-01).
    const s = ok(golden.links['catalog-drift']).scenario;
    expect([s.api.priceInputPerM, s.api.priceOutputPerM, s.selfHosted.rentPrice]).toEqual([0.6, 2.5, 3.5]);
    expect(figures('catalog-drift')).toEqual([
      'api.priceInputPerM: 0.6 → 0.95 (moonshot-kimi-k2.6, 2026-05-22)',
      'api.priceCachedInputPerM: 0.15 → 0.16 (moonshot-kimi-k2.6, 2026-05-22)',
      'api.priceOutputPerM: 2.5 → 4 (moonshot-kimi-k2.6, 2026-05-22)',
      'selfHosted.powerWattsPerGpu: 600 → 700 (h200-sxm, 2026-08-15)',
      'selfHosted.rentPrice: 3.5 → 4.29 (h200-crusoe-on-demand, 2026-08-01)',
    ]);
  });

  it("link B's edited output price still names the Moonshot offer; its H200 rent record does not fit its H100", () => {
    expect(figures('h100-cheaper-output')).toEqual(['api.priceOutputPerM: 2.5 → 4 (moonshot-kimi-k2.6, 2026-05-22)']);
    expect(figures('default')).toEqual([]);
    expect(figures('bought-pilot-german')).toEqual([]);
  });
});

describe('encodeScenario', () => {
  it('keeps the default link short', () => {
    expect(encodeScenario(defaultScenario()).length).toBeLessThan(100);
  });
  it('round-trips non-ASCII names and edited values', () => {
    const s = defaultScenario();
    s.name = 'Kosten für 8× H200 — 中文';
    s.workload.cacheHitShare = 0.75;
    expect(ok(encodeScenario(s)).scenario).toEqual(s);
  });
  it('carries where a workload taken from usage files came from', () => {
    const s = defaultScenario();
    s.workload.requestsPerDay = 70.43;
    s.usage.source = {
      files: ['usage.jsonl', 'costs.json'],
      firstDay: '2026-01-05',
      lastDay: '2026-02-01',
      timeZone: 'Europe/Berlin',
      models: ['kimi-k2'],
      profile: 'busiest',
    };
    const link = encodeScenario(s);
    expect(ok(link).scenario.usage.source).toEqual(s.usage.source);
    expect(ok(link).scenario).toEqual(s);
  });
});

describe('broken links', () => {
  it('garbage is malformed', () => {
    expect(decodeScenario('hello world')).toEqual({ ok: false, error: { kind: 'malformed', detail: 'not of the form <version>.<base64url>' } });
    expect(decodeScenario('1.$$$')).toMatchObject({ ok: false, error: { kind: 'malformed' } });
  });

  it('a cut-off link is reported as truncated, at every cut point', () => {
    const full = golden.links['bought-pilot-german'];
    for (let cut = 3; cut < full.length - 1; cut += 7) {
      const r = decodeScenario(full.slice(0, cut));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(['truncated', 'corrupt']).toContain(r.error.kind);
    }
    const r = decodeScenario(full.slice(0, Math.floor(full.length / 2)));
    expect(r).toEqual({ ok: false, error: { kind: 'truncated' } });
  });

  it('a tampered character is caught by the checksum or the inflater, never accepted silently', () => {
    const full = golden.links['h100-cheaper-output'];
    let rejected = 0;
    for (let i = 6; i < full.length; i++) {
      const ch = full[i] === 'A' ? 'B' : 'A';
      const r = decodeScenario(full.slice(0, i) + ch + full.slice(i + 1));
      if (!r.ok) rejected++;
      else expect(r.value.scenario).not.toEqual(ok(full).scenario);
    }
    // A flipped base64 character changes 6 bits of the deflate stream; Adler-32 catches them.
    expect(rejected).toBe(full.length - 6);
  });

  it('a link from a newer format or a newer scenario version is refused by name', () => {
    expect(decodeScenario('2.ePmHfcpzI6HLVQsAZHEPuQ')).toEqual({
      ok: false,
      error: { kind: 'future-format', version: 2, supported: 1 },
    });
    const newer = encodeLinkPayload(JSON.stringify({ type: SCENARIO_TYPE, version: 9 }));
    expect(decodeScenario(newer)).toEqual({ ok: false, error: { kind: 'too-new', version: 9, supported: SCENARIO_VERSION } });
  });

  it('valid compression of non-JSON or a foreign document is refused', () => {
    expect(decodeScenario(encodeLinkPayload('not json {'))).toEqual({ ok: false, error: { kind: 'not-json' } });
    // zlib data made without the link dictionary is not a link of this format.
    const plain = `1.${b64url(zlibSync(new TextEncoder().encode('{}')))}`;
    expect(decodeScenario(plain)).toEqual({ ok: false, error: { kind: 'corrupt', detail: 'no dictionary' } });
    expect(decodeScenario(encodeLinkPayload('{"type":"other","version":1}'))).toEqual({
      ok: false,
      error: { kind: 'wrong-type', found: 'other' },
    });
  });

  it('one invalid field costs that field and is named', () => {
    const payload = encodeLinkPayload(JSON.stringify({ type: SCENARIO_TYPE, version: 1, workload: { cacheHitShare: 3, requestsPerDay: 777 } }));
    const v = ok(payload);
    expect(v.scenario.workload.requestsPerDay).toBe(777);
    expect(v.scenario.workload.cacheHitShare).toBe(DEFAULT_SCENARIO.workload.cacheHitShare);
    expect(v.notices.map((n) => n.path)).toEqual(['workload.cacheHitShare']);
  });

  it('rejects an over-long link before decoding it', () => {
    const r = decodeLinkPayload(`1.${'A'.repeat(MAX_LINK_CHARS)}`);
    expect(r).toEqual({ ok: false, error: { kind: 'too-long', length: MAX_LINK_CHARS + 2, max: MAX_LINK_CHARS } });
  });

  it('stops a decompression bomb at the cap', () => {
    // 8 MB of spaces compress to ~8 KB: a small link that would expand far beyond the cap.
    const bomb = zlibSync(new Uint8Array(8 * 1024 * 1024).fill(32), { level: 9, dictionary: new TextEncoder().encode(LINK_DICTIONARY_V1) });
    const payload = `1.${b64url(bomb)}`;
    expect(payload.length).toBeLessThan(MAX_LINK_CHARS);
    expect(decodeLinkPayload(payload)).toEqual({ ok: false, error: { kind: 'too-large', max: MAX_DECODED_BYTES } });
  });

  it('refuses a 66-character link nested 3,000 levels deep, naming where (it used to overflow the stack)', () => {
    const payload = '1.ePmHfcpz7dcxDQAACMAwoQQpeIcDAZwcrYll9-WaiuxFBQAA8F4CAADvVQMjZ39G';
    expect(payload.length).toBe(66);
    expect(decodeScenario(payload)).toEqual({ ok: false, error: { kind: 'too-deep', depth: 3000, max: 64, path: 'notes' } });
  });

  // How long such a refusal takes is a bench figure (npm run bench -- hostile), not a unit test's.
  it('refuses links nested 100,000 levels deep, of arrays or of objects, naming where', () => {
    const arrays = `{"type":"${SCENARIO_TYPE}","version":${SCENARIO_VERSION},"notes":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const objects = `{"type":"${SCENARIO_TYPE}","version":${SCENARIO_VERSION},"api":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`;
    for (const [text, path, depth] of [
      [arrays, 'notes', 100_000],
      [objects, 'api.a.a.a', 100_000],
    ] as const) {
      const payload = encodeLinkPayload(text);
      expect(payload.length).toBeLessThan(MAX_LINK_CHARS);
      expect(decodeScenario(payload)).toEqual({ ok: false, error: { kind: 'too-deep', depth, max: 64, path } });
    }
  });
});

describe('hash', () => {
  it('parses area and payload and tolerates junk', () => {
    expect(parseHash('#/tco?s=1.abc')).toEqual({ area: 'tco', payload: '1.abc' });
    expect(parseHash('#/hardware')).toEqual({ area: 'hardware', payload: null });
    expect(parseHash('')).toEqual({ area: '', payload: null });
    expect(parseHash('#/pilot?x=1&s=1.a%2Eb')).toEqual({ area: 'pilot', payload: '1.a.b' });
    expect(parseHash(buildHash('report', '1.xyz'))).toEqual({ area: 'report', payload: '1.xyz' });
  });
});
