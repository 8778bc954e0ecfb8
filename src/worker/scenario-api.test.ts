import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../core/scenario/defaults';
import { SCENARIO_TYPE, SCENARIO_VERSION } from '../core/scenario/schema';
import { scenarioApi } from './scenario-api';

describe('a scenario file read in the worker', () => {
  it('says when the text is not JSON at all', () => {
    expect(scenarioApi.readScenarioFile('{"type": ')).toEqual({ kind: 'not-json' });
  });

  it('reads a document: 60,000 unknown fields are 20 named notices and one "59,980 more", the rest of the scenario kept', () => {
    const keys = Array.from({ length: 60_000 }, (_, i) => `"unknown${i}":1`).join(',');
    const text = `{"type":"${SCENARIO_TYPE}","version":${SCENARIO_VERSION},"name":"Keys","workload":{"requestsPerDay":1234,${keys}}}`;
    const answer = scenarioApi.readScenarioFile(text);
    expect(answer.kind).toBe('document');
    if (answer.kind !== 'document' || !answer.result.ok) throw new Error('not read');
    const { scenario, notices } = answer.result.value;
    expect(scenario.name).toBe('Keys');
    expect(scenario.workload.requestsPerDay).toBe(1234);
    expect(scenario.workload.profileMode).toBe(defaultScenario().workload.profileMode);
    expect(notices).toHaveLength(21);
    expect(notices[0]?.path).toBe('workload.unknown0');
    expect(notices[20]?.more).toBe(59_980);
  });

  it('passes the document errors on: a file of another type', () => {
    const answer = scenarioApi.readScenarioFile('{"type":"something-else","version":1}');
    expect(answer).toEqual({ kind: 'document', result: { ok: false, error: { kind: 'wrong-type', found: 'something-else' } } });
  });
});
