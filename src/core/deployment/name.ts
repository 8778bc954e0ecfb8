import { findGpu, findModel } from '../catalog/catalog';
import type { Scenario } from '../scenario/schema';

/** "NVIDIA H200 SXM" → "H200", "AMD Instinct MI300X" → "MI300X", "NVIDIA B200 (HGX)" → "B200". */
export function shortGpuName(name: string): string {
  return name
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/^(NVIDIA|AMD)\s+/, '')
    .replace(/^(Instinct|GeForce)\s+/, '')
    .replace(/\s+SXM$/, '')
    .trim();
}

/** The self-hosted model's name: the catalog's, or the custom model's own. */
export function modelNameOf(s: Pick<Scenario, 'selfHosted' | 'hardware'>): string {
  if (s.selfHosted.modelId === 'custom') return s.hardware.customModel?.name ?? 'custom model';
  return findModel(s.selfHosted.modelId)?.name ?? s.selfHosted.modelId;
}

/**
 * The title a scenario gets from its deployment, "Kimi K2.6: 8× H200 vs Moonshot API" (the
 * example's). A title the user never edited follows the scenario: while the title is the one
 * made from the deployment before a change, it is made again after it.
 */
export function autoName(s: Pick<Scenario, 'selfHosted' | 'api' | 'hardware'>): string {
  const sh = s.selfHosted;
  const model = modelNameOf(s);
  const gpu = shortGpuName(findGpu(sh.gpuId)?.name ?? sh.gpuId);
  const provider = s.api.provider.replace(/\s+AI$/, '').trim() || s.api.model;
  return `${model}: ${sh.gpusPerReplica}× ${gpu} vs ${provider} API`.slice(0, 120);
}

/** The next scenario with its title made again when the previous title was made from the deployment. */
export function followName<S extends Pick<Scenario, 'name' | 'selfHosted' | 'api' | 'hardware'>>(prev: S, next: S): S {
  if (next.name !== prev.name || prev.name !== autoName(prev)) return next;
  const name = autoName(next);
  return name === next.name ? next : { ...next, name };
}
