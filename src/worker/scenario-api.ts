import { readScenarioDocument, type DocumentResult } from '../core/scenario/document';
import type { ScenarioFileAnswer } from './contract';

/**
 * A dropped scenario file read here rather than on the page: parsing, measuring, migrating and
 * restoring a 1 MB document with 60,000 unknown fields takes a few hundred milliseconds, which
 * on the main thread would freeze the page for as long.
 */
export const scenarioApi = {
  readScenarioFile(text: string): ScenarioFileAnswer {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return { kind: 'not-json' };
    }
    const result: DocumentResult = readScenarioDocument(raw, false);
    return { kind: 'document', result };
  },
};
