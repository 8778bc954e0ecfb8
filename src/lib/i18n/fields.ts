import type { Scenario } from '../../core/scenario/schema';
import { defineMessages } from './define';

/**
 * Scenario field labels, worded once and keyed by the field's path in the scenario
 * (`workload.inputTokensPerMonth`, `selfHosted.gpusPerNode`…): the TCO inputs, the hardware
 * page, the usage page and the report's assumptions table all label a field with the same
 * words, and a wording changed here changes everywhere. Only labels that more than one area
 * shows live here; a label one area alone shows stays in that area's messages, and so does a
 * shorter or longer wording of a field (the tornado's "Peak-to-average" beside the report's
 * "Peak-to-average demand"). The jargon glossary (`glossary.ts`) explains terms; this names fields.
 */
export const fieldLabels = defineMessages(
  'fields',
  {
    'workload.mode': 'Volume given as',
    'workload.requestsPerDay': 'Requests per day',
    'workload.daysPerMonth': 'Days per month',
    'workload.inputTokensPerMonth': 'Input tokens per month',
    'workload.outputTokensPerMonth': 'Output tokens per month',
    'workload.inputTokensPerRequest': 'Input tokens per request',
    'workload.outputTokensPerRequest': 'Output tokens per request',
    'workload.cacheHitShare': 'Cache-hit share of input',
    'workload.reasoningTokensPerRequest': 'Reasoning tokens per request',
    'workload.retryRateApi': 'Retries, API',
    'workload.retryRateSelfHosted': 'Retries, self-hosted',
    'workload.acceptanceApi': 'Acceptance, API',
    'workload.acceptanceSelfHosted': 'Acceptance, self-hosted',
    'selfHosted.modelId': 'Model',
    'selfHosted.gpuId': 'GPU',
    'selfHosted.gpusPerReplica': 'GPUs per replica',
    'selfHosted.gpusPerNode': 'GPUs per node',
    'selfHosted.redundancy': 'Redundancy',
    'selfHosted.capexPerGpu': 'Purchase price per GPU',
    'selfHosted.amortisationMonths': 'Amortisation',
    'selfHosted.residualShare': 'Residual value',
    'selfHosted.powerWattsPerGpu': 'Power per GPU',
    'selfHosted.pue': 'PUE',
    'selfHosted.staffFte': 'Staff',
    'selfHosted.throughput': 'Throughput per replica',
    'selfHosted.billing.mode': 'Billing',
    'selfHosted.billing.coldStartSeconds': 'Cold start',
    'selfHosted.billing.reservedPrice': 'Reserved price',
    'selfHosted.billing.upfrontShare': 'Paid upfront',
    'selfHosted.powerDraw.mode': 'Power draw',
    'selfHosted.powerDraw.idleWattsPerGpu': 'Idle power per GPU',
    'selfHosted.powerDraw.serverWattsPerNode': 'Rest of the server per node',
    'selfHosted.scaling.minOnCallFte': 'On-call minimum',
    'selfHosted.scaling.otherPerNodeMonthly': 'Fixed cost per node',
    'selfHosted.oneTimeUsd': 'One-time set-up and burn-in',
    'selfHosted.horizonMonths': 'Planning horizon',
    'hardware.concurrentSequences': 'Concurrent sequences',
    'hardware.memoryUtilisation': 'gpu_memory_utilization',
    'hardware.weightFormat': 'Weight precision',
    'hardware.kvFormat': 'KV-cache precision',
  },
  {
    'workload.mode': 'Volumen angegeben als',
    'workload.requestsPerDay': 'Anfragen pro Tag',
    'workload.daysPerMonth': 'Tage pro Monat',
    'workload.inputTokensPerMonth': 'Eingabe-Tokens pro Monat',
    'workload.outputTokensPerMonth': 'Ausgabe-Tokens pro Monat',
    'workload.inputTokensPerRequest': 'Eingabe-Tokens je Anfrage',
    'workload.outputTokensPerRequest': 'Ausgabe-Tokens je Anfrage',
    'workload.cacheHitShare': 'Cache-Trefferanteil der Eingabe',
    'workload.reasoningTokensPerRequest': 'Reasoning-Tokens je Anfrage',
    'workload.retryRateApi': 'Wiederholungen, API',
    'workload.retryRateSelfHosted': 'Wiederholungen, Eigenbetrieb',
    'workload.acceptanceApi': 'Akzeptanz, API',
    'workload.acceptanceSelfHosted': 'Akzeptanz, Eigenbetrieb',
    'selfHosted.modelId': 'Modell',
    'selfHosted.gpuId': 'GPU',
    'selfHosted.gpusPerReplica': 'GPUs je Replikat',
    'selfHosted.gpusPerNode': 'GPUs je Knoten',
    'selfHosted.redundancy': 'Redundanz',
    'selfHosted.capexPerGpu': 'Kaufpreis je GPU',
    'selfHosted.amortisationMonths': 'Abschreibung',
    'selfHosted.residualShare': 'Restwert',
    'selfHosted.powerWattsPerGpu': 'Leistung je GPU',
    'selfHosted.pue': 'PUE',
    'selfHosted.staffFte': 'Personal',
    'selfHosted.throughput': 'Durchsatz je Replikat',
    'selfHosted.billing.mode': 'Abrechnung',
    'selfHosted.billing.coldStartSeconds': 'Kaltstart',
    'selfHosted.billing.reservedPrice': 'Reservierter Preis',
    'selfHosted.billing.upfrontShare': 'Im Voraus bezahlt',
    'selfHosted.powerDraw.mode': 'Stromaufnahme',
    'selfHosted.powerDraw.idleWattsPerGpu': 'Leerlaufleistung je GPU',
    'selfHosted.powerDraw.serverWattsPerNode': 'Übriger Server je Knoten',
    'selfHosted.scaling.minOnCallFte': 'Mindestbesetzung Bereitschaft',
    'selfHosted.scaling.otherPerNodeMonthly': 'Fixkosten je Knoten',
    'selfHosted.oneTimeUsd': 'Einmalige Einrichtung und Einlaufphase',
    'selfHosted.horizonMonths': 'Planungszeitraum',
    'hardware.concurrentSequences': 'Gleichzeitige Sequenzen',
    'hardware.memoryUtilisation': 'gpu_memory_utilization',
    'hardware.weightFormat': 'Gewichtsgenauigkeit',
    'hardware.kvFormat': 'KV-Cache-Genauigkeit',
  },
);

/** Dotted paths into an object, three levels deep (the scenario nests no deeper for a field label). */
type Paths<T, Depth extends unknown[] = []> = Depth['length'] extends 3
  ? never
  : { [K in keyof T & string]: T[K] extends readonly unknown[] ? K : T[K] extends object ? K | `${K}.${Paths<T[K], [...Depth, unknown]>}` : K }[keyof T &
      string];

export type ScenarioPath = Paths<Scenario>;
export type FieldPath = keyof (typeof fieldLabels)['en'];

// Every key is a path of the scenario: a renamed or removed field fails to compile here, naming the key.
type NotAPath = Exclude<FieldPath, ScenarioPath>;
export const _everyKeyIsAPath: [NotAPath] extends [never] ? true : NotAPath = true;

/** Whether a scenario path (a report row's key, say) has its label in this catalogue. */
export function isFieldPath(path: string): path is FieldPath {
  return Object.hasOwn(fieldLabels.en, path);
}
