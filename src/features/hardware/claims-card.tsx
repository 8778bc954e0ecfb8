import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { SourceBadge } from '../../components/source-badge';
import { useLanguage } from '../../components/use-t';
import type { ClaimCheck } from '../../core/hardware/claims';
import type { Scenario } from '../../core/scenario/schema';
import { formatPercent } from '../../lib/format/format';
import { useAppStore } from '../../state/store';
import type { HardwareT } from './messages';
import { gb } from './format-hardware';
import { useHardwareClaims } from './use-hardware';

/** The articles' hardware statements next to what the memory model says about them. */
export function ClaimsCard(props: { scenario: Scenario; t: HardwareT }) {
  const { scenario, t } = props;
  const language = useLanguage();
  const updateSection = useAppStore((s) => s.updateSection);
  const claims = useHardwareClaims(scenario);
  const load = (c: ClaimCheck) => {
    updateSection('selfHosted', c.setup.selfHosted);
    updateSection('hardware', { ...c.setup.hardware, layout: { choice: 'pinned' } });
  };
  return (
    <Card title={t('claimsTitle')} testId="hw-claims">
      <p className="mb-3 text-xs text-muted">{t('claimsHint')}</p>
      {claims.data ? (
        <ul className="grid gap-3">
          {claims.data.map((c) => {
            const res = c.result;
            return (
              <li key={c.id} className="rounded-md border border-border p-3" data-testid={`claim-${c.id}`}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <blockquote className="m-0 max-w-prose border-l-2 border-border pl-2 text-sm italic">“{c.text[language]}”</blockquote>
                  {res.kind === 'checked' ? (
                    <span
                      className={`shrink-0 rounded px-2 py-0.5 text-xs font-semibold ${res.fits ? 'bg-ok-bg text-ok' : 'bg-bad-bg text-bad'}`}
                      data-testid="claim-verdict"
                      data-fits={res.fits ? 'yes' : 'no'}
                    >
                      {res.fits ? t('claimFits') : t('claimNotFits')}
                    </span>
                  ) : null}
                </div>
                <div className="mt-1">
                  <SourceBadge source={c.source} />
                </div>
                {res.kind === 'checked' ? (
                  <div className="figures mt-2 grid gap-1 text-xs">
                    {res.reason ? (
                      <p className="font-medium text-bad">
                        {t(`reason.${res.reason}`, {
                          weights: gb(language, res.weightsPerGpu),
                          physical: gb(language, res.physicalPerGpu),
                          budget: gb(language, res.budgetPerGpu),
                          util: formatPercent(language, res.budgetShare, 0),
                          overhead: gb(language, res.overheadPerGpu),
                          kv: gb(language, res.kvPerGpu),
                          available: gb(language, res.kvRoomPerGpu),
                        })}
                      </p>
                    ) : null}
                    <p className="text-muted">
                      {t('claimLine', {
                        weights: gb(language, res.weightsPerGpu),
                        kv: gb(language, res.kvPerGpu),
                        used: gb(language, res.usedPerGpu),
                        budget: gb(language, res.budgetPerGpu),
                        physical: gb(language, res.physicalPerGpu),
                      })}
                    </p>
                    {c.stated?.weightsBytes ? (
                      <p className="text-muted">
                        {t('claimStated', { weights: gb(language, c.stated.weightsBytes), actual: gb(language, res.weightsTotalBytes) })}
                      </p>
                    ) : null}
                    <p className="text-muted">{c.setupNote[language]}</p>
                  </div>
                ) : null}
                <Button variant="textLink" size="sm" className="mt-2" onClick={() => load(c)} data-testid="claim-load">
                  {t('loadSetup')}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted">{t('computing')}</p>
      )}
    </Card>
  );
}
