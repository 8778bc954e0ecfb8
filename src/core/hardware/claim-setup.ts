import type { Scenario } from '../scenario/schema';

/**
 * The setup a hardware statement implies (an article's claim or a vendor's fit statement):
 * model, GPU and node layout plus the memory inputs it names. Shared by `claims.ts` and
 * `vendor-statements.ts`, so neither imports the other (and neither forms a cycle through
 * `report.ts`).
 */
export interface ClaimSetup {
  selfHosted: Pick<Scenario['selfHosted'], 'modelId' | 'gpuId' | 'gpusPerReplica' | 'gpusPerNode'>;
  hardware: Pick<
    Scenario['hardware'],
    'weightFormat' | 'kvFormat' | 'contextLength' | 'concurrentSequences' | 'tensorParallel' | 'mlaKvMode' | 'dcpSize' | 'memoryUtilisation'
  >;
}

/**
 * The base scenario with a statement's setup laid over it; `hardware` overrides the setup in
 * turn (a vendor statement's own overheads, say). Everything the setup does not name keeps the
 * base scenario's value. The setup's TP and MLA mode are the statement's own launch flags, so its
 * layout is pinned rather than chosen by best fit.
 */
export function applyClaimSetup<S extends Pick<Scenario, 'selfHosted' | 'hardware'>>(
  base: S,
  setup: ClaimSetup,
  hardware: Partial<Scenario['hardware']> = {},
): S {
  return {
    ...base,
    selfHosted: { ...base.selfHosted, ...setup.selfHosted },
    hardware: { ...base.hardware, ...setup.hardware, layout: { choice: 'pinned' }, ...hardware },
  };
}
