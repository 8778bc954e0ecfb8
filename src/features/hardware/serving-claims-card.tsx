import { countIn } from '../../lib/i18n/count';
import { hardwareMessages } from './messages';
import { Card } from '../../components/card';
import { SourceBadge } from '../../components/source-badge';
import { useLanguage, useT } from '../../components/use-t';
import { findGpu } from '../../core/catalog/catalog';
import type { ServingClaimCheck, ServingClaimStatus } from '../../core/hardware/serving-claims';
import type { Language, Scenario } from '../../core/scenario/schema';
import { formatInteger, formatNumber } from '../../lib/format/format';
import { defineMessages } from '../../lib/i18n/define';
import { layoutName } from '../../components/layout-name';
import { gb, tokens } from './format-hardware';
import { useServingClaims } from './use-hardware';

const messages = defineMessages(
  'hardware-serving-claims',
  {
    title: 'Published serving facts',
    hint: "Official recipes, deployment guides and model cards for this model, each against our estimate at this page's overheads, at the setup the statement refers to (one sequence of its context).",
    'status.agrees': 'agrees',
    'status.we-say-not-fit': 'we say it does not fit',
    'status.we-need-fewer': 'we say fewer GPUs fit',
    'status.formula': 'the claim is a formula',
    'kind.official-minimum': 'official minimum',
    'kind.fits': 'fits statement',
    'kind.formula': 'rule of thumb',
    ours: 'Ours on {gpus} × {gpu} at {context} tokens, {kv} KV, utilisation {util}: {verdict} with {layout}, {free} per GPU {freeWord}; our minimum {min}.',
    oursFormula:
      "Our checkpoint: {weights} of weights ({formula} GB is the recipe's rule of thumb: parameters × bytes × 1.2, including headroom for KV; not a measurement).",
    fits: 'fits',
    notFits: 'does not fit',
    free: 'free',
    short: 'short',
    none: 'none up to 1,024',
  },
  {
    title: 'Veröffentlichte Betriebsangaben',
    hint: 'Offizielle Rezepte, Deployment-Anleitungen und Model Cards zu diesem Modell, jeweils gegen unsere Schätzung mit den Overheads dieser Seite, im Setup, auf das sich die Aussage bezieht (eine Sequenz ihres Kontexts).',
    'status.agrees': 'stimmt überein',
    'status.we-say-not-fit': 'passt laut uns nicht',
    'status.we-need-fewer': 'laut uns passen weniger GPUs',
    'status.formula': 'die Angabe ist eine Formel',
    'kind.official-minimum': 'offizielles Minimum',
    'kind.fits': 'Passt-Aussage',
    'kind.formula': 'Faustregel',
    ours: 'Unsere Rechnung auf {gpus} × {gpu} bei {context} Token, {kv}-KV, Auslastung {util}: {verdict} mit {layout}, {free} je GPU {freeWord}; unser Minimum {min}.',
    oursFormula:
      'Unser Checkpoint: {weights} Gewichte ({formula} GB ist die Faustregel des Rezepts: Parameter × Bytes × 1,2, einschließlich Reserve für KV; keine Messung).',
    fits: 'passt',
    notFits: 'passt nicht',
    free: 'frei',
    short: 'fehlen',
    none: 'keins bis 1.024',
  },
);

const TONE: Record<ServingClaimStatus, string> = {
  agrees: 'bg-ok-bg text-ok',
  'we-say-not-fit': 'bg-bad-bg text-bad',
  'we-need-fewer': 'bg-warn-bg text-warn',
  formula: 'bg-surface-2 text-muted',
};

/** Each published serving fact of the chosen model next to our estimate for the same setup. */
export function ServingClaimsCard(props: { scenario: Scenario }) {
  const t = useT(messages);
  const language = useLanguage();
  const q = useServingClaims(props.scenario);
  const checks = q.data ?? [];
  if (checks.length === 0) return null;
  return (
    <Card title={t('title')} testId="hw-serving-claims">
      <p className="mb-3 text-xs text-muted">{t('hint')}</p>
      <ul className="grid gap-3">
        {checks.map((c) => (
          <li key={c.claim.id} className="rounded-md border border-border p-3" data-testid={`serving-claim-${c.claim.id}`}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <blockquote className="m-0 max-w-prose border-l-2 border-border pl-2 text-sm italic">{c.claim.text[language]}</blockquote>
              <span
                className={`shrink-0 rounded px-2 py-0.5 text-xs font-semibold ${TONE[c.status]}`}
                data-testid="serving-claim-status"
                data-status={c.status}
              >
                {t(`status.${c.status}`)}
              </span>
            </div>
            <p className="figures mt-1 text-xs">
              <span className="text-muted">{t(`kind.${c.claim.kind}`)} · </span>
              {oursText(t, language, c)}
            </p>
            <div className="mt-1 text-xs">
              <SourceBadge source={c.claim.source} />
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

type T = (key: keyof (typeof messages)['en'], params?: Readonly<Record<string, string | number>>) => string;

function oursText(t: T, language: Language, c: ServingClaimCheck): string {
  if (c.status === 'formula' || c.layout === null || c.headroomPerGpu === null || c.fits === null) {
    return t('oursFormula', { weights: gb(language, c.ourWeightsBytes), formula: formatInteger(language, c.claim.vramMinimumGB ?? 0) });
  }
  const gpu = findGpu(c.claim.gpuId ?? '');
  return t('ours', {
    gpus: formatInteger(language, c.claim.count ?? 1),
    gpu: gpu?.name ?? c.claim.gpuId ?? '',
    context: tokens(language, c.claim.setup.contextLength),
    kv: c.claim.setup.kvFormat.toUpperCase(),
    util: formatNumber(language, c.claim.setup.memoryUtilisation, 2),
    verdict: c.fits ? t('fits') : t('notFits'),
    layout: layoutName(language, c.layout.kind, c.layout),
    free: gb(language, Math.abs(c.headroomPerGpu)),
    freeWord: c.headroomPerGpu >= 0 ? t('free') : t('short'),
    min: c.ourMinimum === null ? t('none') : countIn(hardwareMessages, language, 'gpus', c.ourMinimum),
  });
}
