import { hybridPoint, optimiseHybrid } from './hybrid';
import { apiPerTaskTotal, replicasUsed, selfHostedTotal, type TcoModel } from './model';

/**
 * The option the uncertainty views test (docs/tco.md §7): the hybrid when it is the cheapest
 * option and really mixes (it keeps replicas and still sends work to the API), otherwise
 * self-hosting — the API is the baseline every saving is measured against. Ties go to the
 * simpler option, as in the verdict.
 */
export type TestedOption = 'self-hosted' | 'hybrid';

const tolerance = (u: number) => 1e-9 * Math.max(1, Math.abs(u));

export function testedOption(model: TcoModel): TestedOption {
  const tasks = model.tasks;
  if (tasks <= 0 || model.acceptanceApi <= 0) return 'self-hosted';
  const api = apiPerTaskTotal(model) * tasks;
  const used = replicasUsed(model, tasks);
  const self = used === null ? Number.POSITIVE_INFINITY : selfHostedTotal(model, used, tasks);
  const h = optimiseHybrid(model, tasks).best;
  const pure = h.replicas === 0 || h.selfShare >= 1 - 1e-12;
  if (pure) return 'self-hosted';
  return h.totalUsd < api - tolerance(api) && h.totalUsd < self - tolerance(self) ? 'hybrid' : 'self-hosted';
}

/**
 * The owned replicas the hybrid keeps in the uncertainty views: the base scenario's cheapest
 * split, decided once before any sample or swing, as a team decides it before it knows the
 * outcome. Re-optimised per sample with hindsight, the hybrid could never save less than 0.
 * 0 when the tested option is self-hosting.
 */
export function decidedHybridReplicas(model: TcoModel, option: TestedOption): number {
  return option === 'hybrid' ? optimiseHybrid(model, model.tasks).best.replicas : 0;
}

/**
 * Monthly saving of the option against the API at the model's volume: API − self-hosted (null
 * when self-hosting cannot serve it), or API − the hybrid with its decided owned replicas.
 */
export function optionSaving(model: TcoModel, option: TestedOption, hybridReplicas: number): number | null {
  const api = apiPerTaskTotal(model) * model.tasks;
  if (option === 'hybrid') return api - hybridPoint(model, model.tasks, hybridReplicas).totalUsd;
  const used = replicasUsed(model, model.tasks);
  return used === null ? null : api - selfHostedTotal(model, used, model.tasks);
}
