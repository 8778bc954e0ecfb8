import { readScenarioDocument } from '../core/scenario/document';
import { isPlainObject } from '../core/scenario/json';
import type { RestoreNotice } from '../core/scenario/restore';
import type { Scenario } from '../core/scenario/schema';
import { json, type CliIo } from './command';
import { checkNotices } from './notices';

/**
 * Reads a scenario document from a file: the JSON, the envelope and every field, each problem
 * named on stderr with the file and the path. Null when the command should exit 1.
 */
export async function readScenarioFile(
  file: string,
  io: CliIo,
  options: { lenient: boolean },
): Promise<{ scenario: Scenario; notices: RestoreNotice[] } | null> {
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(await io.readFile(file)));
  } catch (e) {
    io.err(`${file}: not readable JSON (${e instanceof Error ? e.message : String(e)})`);
    return null;
  }
  if (!isPlainObject(raw)) {
    io.err(`${file}: expected a JSON object (a scenario document)`);
    return null;
  }
  const result = readScenarioDocument(raw, false);
  if (!result.ok) {
    io.err(`${file}: ${json(result.error)}`);
    return null;
  }
  if (!checkNotices(file, result.value.notices, io, options)) return null;
  return { scenario: result.value.scenario, notices: result.value.notices };
}
