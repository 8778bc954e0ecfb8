import type { CheckStatus, Pilot } from '../scenario/schema';

/**
 * The day checklists of the seven-day pilot, from article 002 ("Lohnt sich Kimi K3
 * Self-Hosting nach einer Woche?", updated 2026-08-04). Check ids are stable: they are the
 * keys of `scenario.pilot.checks` in saved scenarios and share links, so an id is never
 * renamed or reused; a retired check keeps its id out of this list and its stored entry is
 * simply ignored.
 *
 * Labels live in the UI message catalogue (English and German), keyed by the same id.
 */
export const checkPhases = ['day-1', 'days-2-3', 'days-4-5', 'days-6-7'] as const;
export type CheckPhase = (typeof checkPhases)[number];

export interface CheckDefinition {
  id: string;
  phase: CheckPhase;
  /**
   * Day-1 compatibility checks marked required must all pass before the self-hosted side can
   * be called equal to the API baseline; optional ones only count when they fail (visual
   * input is checked "sofern im Produkt benötigt", only if the product uses images).
   */
  role: 'required' | 'optional' | 'guidance';
}

export const CHECKS: readonly CheckDefinition[] = [
  // Day 1: compatibility before speed (the "Prüffeld am ersten Tag" table and the four groups).
  { id: 'd1.messages-exact', phase: 'day-1', role: 'required' },
  { id: 'd1.reasoning-history', phase: 'day-1', role: 'required' },
  { id: 'd1.tool-schema', phase: 'day-1', role: 'required' },
  { id: 'd1.context-not-truncated', phase: 'day-1', role: 'required' },
  { id: 'd1.sampling-identical', phase: 'day-1', role: 'required' },
  { id: 'd1.code-patches', phase: 'day-1', role: 'required' },
  { id: 'd1.visual-inputs', phase: 'day-1', role: 'optional' },
  // Days 2-3: load, measured under concurrency and quality-adjusted.
  { id: 'd23.ttft-under-load', phase: 'days-2-3', role: 'guidance' },
  { id: 'd23.queue-separated', phase: 'days-2-3', role: 'guidance' },
  { id: 'd23.tokens-per-second', phase: 'days-2-3', role: 'guidance' },
  { id: 'd23.long-context', phase: 'days-2-3', role: 'guidance' },
  { id: 'd23.single-vs-batch', phase: 'days-2-3', role: 'guidance' },
  { id: 'd23.abort-retry', phase: 'days-2-3', role: 'guidance' },
  { id: 'd23.prefix-cache', phase: 'days-2-3', role: 'guidance' },
  { id: 'd23.quality-adjusted', phase: 'days-2-3', role: 'guidance' },
  // Days 4-5: stability and staff.
  { id: 'd45.incidents-logged', phase: 'days-4-5', role: 'guidance' },
  { id: 'd45.restart-after-upgrade', phase: 'days-4-5', role: 'guidance' },
  { id: 'd45.out-of-hours', phase: 'days-4-5', role: 'guidance' },
  { id: 'd45.holiday-cover', phase: 'days-4-5', role: 'guidance' },
  { id: 'd45.licence', phase: 'days-4-5', role: 'guidance' },
  { id: 'd45.data-protection', phase: 'days-4-5', role: 'guidance' },
  { id: 'd45.supply-chain', phase: 'days-4-5', role: 'guidance' },
  // Days 6-7: decision.
  { id: 'd67.same-unit', phase: 'days-6-7', role: 'guidance' },
  { id: 'd67.no-vendor-cache-figures', phase: 'days-6-7', role: 'guidance' },
  { id: 'd67.fallback-route', phase: 'days-6-7', role: 'guidance' },
  { id: 'd67.router-normalised', phase: 'days-6-7', role: 'guidance' },
  { id: 'd67.evidence-saved', phase: 'days-6-7', role: 'guidance' },
];

export const CHECK_IDS: readonly string[] = CHECKS.map((c) => c.id);

export function checkStatus(pilot: Pilot, id: string): CheckStatus {
  return pilot.checks[id]?.status ?? 'not-tested';
}

export interface PhaseSummary {
  phase: CheckPhase;
  passed: number;
  failed: number;
  notTested: number;
  failedIds: string[];
}

export interface ChecklistSummary {
  phases: PhaseSummary[];
  /**
   * Day-1 compatibility: 'failed' as soon as any day-1 check failed (fix compatibility before
   * measuring speed), 'passed' when every required day-1 check passed, else 'incomplete'.
   */
  compatibility: 'passed' | 'failed' | 'incomplete';
  compatibilityFailedIds: string[];
  /** Required day-1 checks not yet marked passed or failed. */
  compatibilityOpenIds: string[];
}

export function summarizeChecklist(pilot: Pilot): ChecklistSummary {
  const phases = checkPhases.map((phase): PhaseSummary => {
    const defs = CHECKS.filter((c) => c.phase === phase);
    const statuses = defs.map((c) => ({ id: c.id, status: checkStatus(pilot, c.id) }));
    return {
      phase,
      passed: statuses.filter((s) => s.status === 'passed').length,
      failed: statuses.filter((s) => s.status === 'failed').length,
      notTested: statuses.filter((s) => s.status === 'not-tested').length,
      failedIds: statuses.filter((s) => s.status === 'failed').map((s) => s.id),
    };
  });
  const day1 = CHECKS.filter((c) => c.phase === 'day-1');
  const compatibilityFailedIds = day1.filter((c) => checkStatus(pilot, c.id) === 'failed').map((c) => c.id);
  const compatibilityOpenIds = day1.filter((c) => c.role === 'required' && checkStatus(pilot, c.id) === 'not-tested').map((c) => c.id);
  const compatibility = compatibilityFailedIds.length > 0 ? 'failed' : compatibilityOpenIds.length > 0 ? 'incomplete' : 'passed';
  return { phases, compatibility, compatibilityFailedIds, compatibilityOpenIds };
}
