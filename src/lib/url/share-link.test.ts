import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, defaultScenario } from '../../core/scenario/defaults';
import { SCENARIO_TYPE, SCENARIO_VERSION } from '../../core/scenario/schema';
import { MAX_DECODED_BYTES, MAX_LINK_CHARS, decodeLinkPayload, encodeLinkPayload } from './codec';
import golden from './fixtures/golden-links-v1.json';
import { LINK_DICTIONARY_V1 } from './link-dictionary';
import { buildHash, decodeScenario, encodeScenario, parseHash } from './share-link';

function ok(payload: string) {
  const r = decodeScenario(payload);
  if (!r.ok) throw new Error(`expected a valid link, got ${JSON.stringify(r.error)}`);
  return r.value;
}

function b64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

describe('golden links of version 1', () => {
  it('the default link decodes to the default scenario', () => {
    const v = ok(golden.links.default);
    expect(v.scenario).toEqual(DEFAULT_SCENARIO);
    expect(v.notices).toEqual([]);
  });

  it('a link with a few changed fields keeps exactly those', () => {
    const s = ok(golden.links['h100-cheaper-output']).scenario;
    expect(s.name).toBe('Golden B');
    expect(s.workload.requestsPerDay).toBe(5000);
    expect(s.api.priceOutputPerM).toBe(2.5);
    expect(s.selfHosted.gpuId).toBe('h100-sxm');
    expect(s.selfHosted.rentPrice).toBe(4);
    expect(s.selfHosted.gpusPerReplica).toBe(8);
  });

  it('a link with a bought cluster, a pilot entry and shared view settings', () => {
    const s = ok(golden.links['bought-pilot-german']).scenario;
    expect(s.name).toBe('Golden C: Übergröße ✓');
    expect(s.selfHosted.costMode).toBe('buy');
    expect(s.selfHosted.capexPerGpu).toBe(32000);
    expect(s.hardware.mlaKvMode).toBe('replicated');
    expect(s.pilot.days[0]?.api.ttftP95Ms).toBe(1200);
    expect(s.pilot.days[1]?.api.ttftP95Ms).toBeNull();
    expect(s.pilot.incidents).toEqual([
      { day: 4, start: '02:15', recoveryMinutes: 95, cause: 'oom', affectedTasks: 12, countermeasure: 'max-num-seqs 32', outOfHours: true },
    ]);
    expect(s.view).toEqual({ language: 'de', currency: 'EUR' });
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
    const payload = encodeLinkPayload(
      JSON.stringify({ type: SCENARIO_TYPE, version: 1, workload: { cacheHitShare: 3, requestsPerDay: 777 } }),
    );
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
