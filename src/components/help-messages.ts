import { defineMessages } from '../lib/i18n/define';

/** In-app explanations of the metrics and formulas, linked from labels with <Help topic=… />. */
export const helpMessages = defineMessages(
  'help',
  {
    what: 'What is {title}?',
    'costPerAcceptedTask.title': 'Cost per accepted task',
    'costPerAcceptedTask.body':
      'All monthly cost of one option divided by the tasks that passed quality review. Failed, retried and rejected attempts are paid for but do not count as output, so a cheaper option with a lower acceptance rate can cost more per useful result. Both sides are compared on this unit.',
    'breakEven.title': 'Break-even volume',
    'breakEven.body':
      'The monthly volume above which self-hosting costs less than the API. It is found numerically over the real cost curve, which rises in steps because replicas come whole. It is "never" when the deployment runs out of capacity before it becomes cheaper, or when its cost per token at full utilisation is still above the API price.',
    'breakEvenNever.title': 'Why break-even can be "never"',
    'breakEvenNever.body':
      'Self-hosting has a fixed monthly cost and a capacity limit. If even a fully used replica costs more per token than the API, more volume only adds replicas at the same loss. The explanation names the price or throughput at which it would flip.',
    'throughputSource.title': 'Estimated vs measured throughput',
    'throughputSource.body':
      'Estimated throughput comes from the hardware-fit roofline: the physics upper bound scaled by efficiency factors. Measured throughput comes from an imported load-test run at a latency target. Measured values win when they exist; estimates are always labelled as such.',
    'utilisation.title': 'Productive utilisation',
    'utilisation.body':
      'Cluster hours spent on accepted work divided by the hours you pay for. Rented or owned GPUs cost the same whether busy or idle, so low utilisation raises the cost of every useful token.',
    'hybrid.title': 'Hybrid routing',
    'hybrid.body':
      'Owned capacity serves demand up to its limit in each hour of the load profile; whatever exceeds it goes to the API. The dashboard tries every replica count from 0 to 64 and keeps the cheapest.',
    'monteCarlo.title': 'Monte Carlo',
    'monteCarlo.body':
      'Inputs given as low/high ranges are sampled many times (triangular around the base value). The histogram shows the spread of the monthly saving of the recommended option (the hybrid when it wins, else self-hosting); the probability is the share of samples in which it is cheaper than the API. Below: the spread of the NPV over the horizon and of the cash payback month, how often another replica is needed, and the spread of the break-even. The hybrid keeps the owned replicas decided on the base figures in every sample. Inputs this scenario does not read are not sampled (the single throughput figure, for one, while a throughput–latency series sizes the replicas).',
    'fit.title': 'Does it fit?',
    'fit.body':
      'Per GPU: weights + KV cache + activations and runtime overhead must stay below the GPU memory times gpu_memory_utilization. MLA models keep one latent per token; under tensor parallelism that cache is copied on every rank unless DP-attention or decode context parallelism is used.',
    'goodput.title': 'Goodput',
    'goodput.body':
      'The share of requests (and of output tokens) that met every latency limit you set (TTFT, TPOT, end-to-end). Throughput that misses the service level is not productive.',
    'pilotDecision.title': 'Pilot decision',
    'pilotDecision.body':
      'After seven days the criteria are combined as in the pilot method: quality stable and utilisation durably high → continue; fluctuating demand, missing staff or API cheaper once staff is counted → return to the API; mixed requirements → hybrid with routing. Each criterion shows its value, threshold and what would flip it.',
  },
  {
    what: 'Was ist {title}?',
    'costPerAcceptedTask.title': 'Kosten je akzeptierter Aufgabe',
    'costPerAcceptedTask.body':
      'Alle Monatskosten einer Option geteilt durch die Aufgaben, die die Qualitätsprüfung bestanden haben. Fehlgeschlagene, wiederholte und abgelehnte Versuche werden bezahlt, zählen aber nicht als Ergebnis; eine billigere Option mit geringerer Akzeptanz kann daher je brauchbarem Ergebnis teurer sein. Beide Seiten werden in dieser Einheit verglichen.',
    'breakEven.title': 'Break-even-Volumen',
    'breakEven.body':
      'Das Monatsvolumen, ab dem Eigenbetrieb günstiger ist als die API. Es wird numerisch über die echte Kostenkurve bestimmt, die in Stufen steigt, weil Replikate nur ganz zu haben sind. Es ist „nie“, wenn die Kapazität vorher ausgeht oder die Kosten je Token bei voller Auslastung noch über dem API-Preis liegen.',
    'breakEvenNever.title': 'Warum Break-even „nie“ sein kann',
    'breakEvenNever.body':
      'Eigenbetrieb hat feste Monatskosten und eine Kapazitätsgrenze. Kostet selbst ein voll ausgelastetes Replikat je Token mehr als die API, fügt mehr Volumen nur weitere Replikate mit demselben Verlust hinzu. Die Erklärung nennt Preis oder Durchsatz, bei dem es kippen würde.',
    'throughputSource.title': 'Geschätzter vs. gemessener Durchsatz',
    'throughputSource.body':
      'Geschätzter Durchsatz stammt aus der Roofline des Hardware-Fits: die physikalische Obergrenze mal Effizienzfaktoren. Gemessener Durchsatz stammt aus einem importierten Lasttest bei einem Latenzziel. Gemessene Werte haben Vorrang; Schätzungen sind immer als solche gekennzeichnet.',
    'utilisation.title': 'Produktive Auslastung',
    'utilisation.body':
      'Clusterstunden für akzeptierte Arbeit geteilt durch die bezahlten Stunden. Gemietete oder eigene GPUs kosten gleich viel, ob ausgelastet oder nicht; geringe Auslastung verteuert jedes nützliche Token.',
    'hybrid.title': 'Hybrides Routing',
    'hybrid.body':
      'Eigene Kapazität bedient die Last jeder Stunde des Lastprofils bis zu ihrer Grenze; der Überschuss geht an die API. Das Dashboard probiert jede Replikatzahl von 0 bis 64 und behält die günstigste.',
    'monteCarlo.title': 'Monte-Carlo',
    'monteCarlo.body':
      'Als Spanne (niedrig/hoch) angegebene Eingaben werden viele Male gezogen (dreiecksverteilt um den Basiswert). Das Histogramm zeigt die Streuung der monatlichen Ersparnis der empfohlenen Option (hybrid, wenn er gewinnt, sonst Eigenbetrieb); die Wahrscheinlichkeit ist der Anteil der Ziehungen, in denen sie günstiger als die API ist. Darunter: die Streuung des Kapitalwerts über den Zeitraum und des Amortisationsmonats, wie oft ein weiteres Replikat nötig ist und die Streuung des Break-even. Der Hybridbetrieb behält in jeder Ziehung die auf den Basiswerten entschiedenen eigenen Replikate. Eingaben, die dieses Szenario nicht liest, werden nicht gezogen (etwa der einzelne Durchsatzwert, solange eine Durchsatz-Latenz-Reihe die Replikate bemisst).',
    'fit.title': 'Passt es?',
    'fit.body':
      'Je GPU müssen Gewichte + KV-Cache + Aktivierungen und Laufzeit-Overhead unter GPU-Speicher mal gpu_memory_utilization bleiben. MLA-Modelle speichern ein latentes Element je Token; bei Tensor-Parallelität wird dieser Cache auf jedem Rang kopiert, außer mit DP-Attention oder Decode-Context-Parallelität.',
    'goodput.title': 'Goodput',
    'goodput.body':
      'Der Anteil der Anfragen (und der Ausgabe-Tokens), der alle gesetzten Latenzgrenzen einhielt (TTFT, TPOT, Ende-zu-Ende). Durchsatz, der das Service-Level verfehlt, ist nicht produktiv.',
    'pilotDecision.title': 'Pilot-Entscheidung',
    'pilotDecision.body':
      'Nach sieben Tagen werden die Kriterien wie in der Pilot-Methode kombiniert: Qualität stabil und Auslastung dauerhaft hoch → weiter; schwankender Bedarf, fehlendes Personal oder API inklusive Personal günstiger → zurück zur API; gemischte Anforderungen → hybrid mit Routing. Jedes Kriterium zeigt Wert, Schwelle und was es kippen würde.',
  },
);

export type HelpTopic =
  'costPerAcceptedTask' | 'breakEven' | 'breakEvenNever' | 'throughputSource' | 'utilisation' | 'hybrid' | 'monteCarlo' | 'fit' | 'goodput' | 'pilotDecision';
