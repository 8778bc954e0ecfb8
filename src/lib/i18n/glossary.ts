import { defineMessages, type Params } from './define';

/**
 * Terms several areas use, worded once: the pilot decision (pilot page, report), the three
 * options, where a figure comes from, and the jargon the pages and the report explain (layouts,
 * KV cache, cost per accepted task…). Areas read these instead of keeping their own copy. The
 * labels of scenario fields ("GPUs per node") are in `fields.ts`, keyed by scenario path; a term
 * here may name a field by that label.
 */
export const glossary = defineMessages(
  'glossary',
  {
    'decision.continue': 'Continue: expand self-hosting in a controlled way',
    'decision.return': 'Return to the API',
    'decision.hybrid': 'Hybrid: route between self-hosted and API',
    'decision.undecided': 'No decision yet: no self-hosted evidence',
    'option.api': 'API',
    'option.self-hosted': 'Self-hosted',
    'option.hybrid': 'Hybrid',
    'source.measured': 'measured',
    'source.published': 'published',
    'source.estimated': 'estimated',
    'source.entered': 'entered',
    'term.replica': 'Replica: one copy of the model on its own GPUs that serves requests by itself; more replicas carry more load.',
    'term.kv-cache':
      'KV cache: the attention keys and values of every token a sequence holds, kept in GPU memory so they are not computed again; it grows with the context length times the sequences served at once.',
    'term.gpu-memory-utilization':
      'gpu_memory_utilization: the share of each GPU’s memory the serving engine (vLLM’s setting) may fill with weights, activations and the KV cache; the rest stays free.',
    'term.per-accepted-task':
      'Cost per accepted task: the month’s cost divided by the tasks that pass quality review, so an option whose work is rejected more often is not counted as cheaper.',
    'term.tp': 'TP (tensor parallelism): each layer’s weights split over N GPUs that work on every token together; TP8 is eight GPUs.',
    'term.ep':
      'EP (expert parallelism): the experts of a mixture-of-experts model spread over the GPUs; each token’s expert work goes to the GPU that holds the expert.',
    'term.dcp': 'DCP (decode context parallelism): the KV cache of an MLA model split over the tensor-parallel GPUs instead of copied to each.',
    'term.dp-attention':
      'DP-attention: attention runs data-parallel (each GPU has its own sequences and their KV cache) while the experts run expert-parallel.',
    'term.break-even': 'Break-even: the monthly volume at which self-hosting costs as much as the API; above it, self-hosting is cheaper.',
    'term.npv':
      'NPV (net present value): the cash saved against the API over the horizon, each month discounted at the cost of capital to today (the cash-flow statement, with the terminal value at the end).',
  },
  {
    'decision.continue': 'Weiterbetreiben: Self-Hosting kontrolliert ausweiten',
    'decision.return': 'Zurück zur API',
    'decision.hybrid': 'Dualbetrieb mit Routing zwischen Eigenbetrieb und API',
    'decision.undecided': 'Noch keine Entscheidung: keine Belege zum Eigenbetrieb',
    'option.api': 'API',
    'option.self-hosted': 'Eigenbetrieb',
    'option.hybrid': 'Hybrid',
    'source.measured': 'gemessen',
    'source.published': 'veröffentlicht',
    'source.estimated': 'geschätzt',
    'source.entered': 'eingegeben',
    'term.replica': 'Replikat: eine Kopie des Modells auf eigenen GPUs, die Anfragen selbstständig bedient; mehr Replikate tragen mehr Last.',
    'term.kv-cache':
      'KV-Cache: die Attention-Keys und -Values aller Tokens einer Sequenz, im GPU-Speicher gehalten, damit sie nicht neu berechnet werden; er wächst mit Kontextlänge mal gleichzeitig bedienten Sequenzen.',
    'term.gpu-memory-utilization':
      'gpu_memory_utilization: der Anteil des GPU-Speichers, den die Serving-Engine (Einstellung von vLLM) mit Gewichten, Aktivierungen und KV-Cache füllen darf; der Rest bleibt frei.',
    'term.per-accepted-task':
      'Kosten je akzeptierter Aufgabe: die Monatskosten geteilt durch die Aufgaben, die die Qualitätsprüfung bestehen; eine Option, deren Arbeit öfter verworfen wird, gilt so nicht als günstiger.',
    'term.tp': 'TP (Tensor-Parallelität): die Gewichte jeder Schicht auf N GPUs verteilt, die gemeinsam an jedem Token rechnen; TP8 sind acht GPUs.',
    'term.ep':
      'EP (Expert-Parallelität): die Experten eines Mixture-of-Experts-Modells auf die GPUs verteilt; die Expertenarbeit eines Tokens geht an die GPU, die den Experten hält.',
    'term.dcp': 'DCP (Decode-Context-Parallelität): der KV-Cache eines MLA-Modells auf die tensor-parallelen GPUs aufgeteilt statt auf jede kopiert.',
    'term.dp-attention': 'DP-Attention: Attention läuft datenparallel (jede GPU hat eigene Sequenzen und deren KV-Cache), die Experten expertenparallel.',
    'term.break-even': 'Break-even: das Monatsvolumen, bei dem Eigenbetrieb so viel kostet wie die API; darüber ist Eigenbetrieb günstiger.',
    'term.npv':
      'Kapitalwert (NPV): die Barersparnis gegenüber der API über den Zeitraum, jeder Monat mit den Kapitalkosten auf heute abgezinst (die Zahlungsreihe, mit dem Restwert am Ende).',
  },
);

export type GlossaryKey = keyof (typeof glossary)['en'];

/** The terms the report explains in its glossary, in reading order. */
export const GLOSSARY_TERMS = [
  'term.replica',
  'term.kv-cache',
  'term.gpu-memory-utilization',
  'term.per-accepted-task',
  'term.tp',
  'term.ep',
  'term.dcp',
  'term.dp-attention',
  'term.break-even',
  'term.npv',
] as const satisfies readonly GlossaryKey[];
export type GlossaryT = (key: GlossaryKey, params?: Params) => string;
