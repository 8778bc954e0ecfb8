import { evaluatePilot } from '../../core/pilot/evaluate';
import type { CostPerTask } from '../../core/pilot/cost';
import { readScenarioDocument } from '../../core/scenario/document';
import { EMPTY_DAY } from '../../core/scenario/defaults';
import { isPlainObject } from '../../core/scenario/json';
import { SCENARIO_TYPE, SCENARIO_VERSION } from '../../core/scenario/schema';
import { json, parseFlags, type CliCommand } from '../command';
import { checkNotices } from '../notices';

/**
 * `pilot <scorecard.json>`: the seven-day pilot's decision and its rule trace as JSON.
 *
 * The file is a scenario document, or a document with only a `pilot` section (and optionally
 * the `selfHosted` / `api` / `workload` sections used to price costs). Days may be given in
 * part: fewer than seven days are padded with unmeasured days and missing fields of a day
 * count as not measured (null), never as zero. More than seven days is an error.
 *
 * Output fields: `decision` (continue | hybrid | return, or undecided while the self-hosted side
 * has no evidence at all), `status` (final | provisional | no-evidence),
 * `example` (true while the pilot is one of the built-in invented weeks),
 * `daysElapsed`, `deciding` (criterion ids), `criteria` (id, value, threshold, comparator,
 * verdict, note, the sides' figures, days), `rules` (each decision's conditions and whether
 * they are met), `flips` (for every other decision, the smallest set of changes that reaches
 * it), `costPerAcceptedTask` per side (USD, or `undefined` with a reason), `warnings`.
 * Rates and shares are fractions (0.6 = 60 %), gaps in percentage points, money in USD.
 *
 * Exit codes: 0 ok; 1 unreadable file, an unknown field anywhere (a misspelt name) or a pilot
 * field outside sense (each named with its path on stderr; `--lenient` ignores unknown fields,
 * drops rejected ones and decides anyway); 2 usage error.
 */
function completeDays(days: unknown): { ok: true; days: unknown } | { ok: false; message: string } {
  if (!Array.isArray(days)) return { ok: true, days };
  if (days.length > 7) {
    return { ok: false, message: `pilot.days has ${days.length} entries; a pilot has 7 days (day ${days.length} is outside the pilot)` };
  }
  const padded = [...days, ...Array.from({ length: 7 - days.length }, () => ({}))];
  return {
    ok: true,
    days: padded.map((d: unknown) => {
      if (!isPlainObject(d)) return d;
      const side = (v: unknown) => (isPlainObject(v) ? { ...EMPTY_DAY, ...v } : v === undefined ? { ...EMPTY_DAY } : v);
      return { ...d, api: side(d.api), selfHosted: side(d.selfHosted) };
    }),
  };
}

function costSummary(c: CostPerTask) {
  const base = {
    totalUsd: c.totalUsd,
    billUsd: c.billUsd,
    staffUsd: c.staffUsd,
    staffHours: c.staffHours,
    acceptedTasks: c.acceptedTasks,
    days: c.days.map((d) => d.day),
    skippedDays: c.skippedDays,
    staffRecorded: c.staffRecorded,
  };
  return c.kind === 'defined' ? { usdPerAcceptedTask: c.usdPerAcceptedTask, ...base } : { usdPerAcceptedTask: 'undefined' as const, reason: c.reason, ...base };
}

export const pilotCommand: CliCommand = {
  name: 'pilot',
  summary: 'Decide a seven-day pilot (continue / hybrid / return) and print the rule trace as JSON',
  usage: 'pilot <scorecard.json> [--lenient]',
  async run(args, io) {
    const { flags, positional } = parseFlags(args);
    const file = positional[0];
    if (!file) {
      io.err(`Usage: ${this.usage}`);
      return 2;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(new TextDecoder().decode(await io.readFile(file)));
    } catch (e) {
      io.err(`${file}: not readable JSON (${e instanceof Error ? e.message : String(e)})`);
      return 1;
    }
    if (!isPlainObject(raw)) {
      io.err(`${file}: expected a JSON object (a scenario document or { "pilot": { … } })`);
      return 1;
    }
    // A bare pilot section: give it the scenario envelope.
    const doc: Record<string, unknown> =
      raw.type === undefined && isPlainObject(raw.pilot) ? { type: SCENARIO_TYPE, version: SCENARIO_VERSION, ...raw } : { ...raw };
    if (isPlainObject(doc.pilot)) {
      const days = completeDays(doc.pilot.days);
      if (!days.ok) {
        io.err(`${file}: ${days.message}`);
        return 1;
      }
      doc.pilot = { ...doc.pilot, days: days.days };
    }
    const result = readScenarioDocument(doc, false);
    if (!result.ok) {
      io.err(`${file}: ${json(result.error)}`);
      return 1;
    }
    const { scenario, notices } = result.value;
    const lenient = flags.get('lenient') === true;
    // Rejected fields outside the pilot do not change its decision; unknown fields anywhere stop it.
    if (!checkNotices(file, notices, io, { lenient, blocking: (n) => n.path === 'pilot' || n.path.startsWith('pilot.') })) return 1;
    const e = evaluatePilot(scenario);
    io.out(
      json({
        decision: e.decision,
        status: e.status,
        example: e.example,
        daysElapsed: e.daysElapsed,
        deciding: e.deciding,
        criteria: e.criteria,
        rules: e.rules,
        flips: e.flips,
        costPerAcceptedTask: {
          api: costSummary(e.cost.api),
          selfHosted: costSummary(e.cost.selfHosted),
          staffUsdPerHour: e.cost.staffUsdPerHour,
          selfHostedClusterUsdPerDay: e.cost.clusterDay.usd,
        },
        incidents: e.incidents,
        checklist: { compatibility: e.checklist.compatibility, failed: e.checklist.compatibilityFailedIds, open: e.checklist.compatibilityOpenIds },
        warnings: e.warnings,
        notices,
      }),
    );
    return 0;
  },
};
