import { useMemo } from 'react';
import { useLanguage, useT } from '../../components/use-t';
import type { CoherenceFlag } from '../../core/deployment/coherence';
import type { TcoEvaluation } from '../../core/tco/evaluate';
import { makeFmt } from '../../lib/format/fmt';
import { useAppStore } from '../../state/store';
import { tcoMessages } from './messages';
import { useTcoKeys, useTcoMonteCarlo, useTcoTornado } from './use-tco';

/**
 * What a report's reader needs right after the decision: the money over the planning horizon
 * and the two or three main risks, from the uncertainty analysis the TCO page shows (the
 * Monte Carlo's probability, the input that swings the result most) and the deployment's flags.
 */
export function TcoReportLead(props: { tco: TcoEvaluation; flags: readonly CoherenceFlag[] }) {
  const { tco, flags } = props;
  const t = useT(tcoMessages);
  const language = useLanguage();
  const currency = useAppStore((s) => s.currency);
  const scenario = useAppStore((s) => s.scenario);
  const fmt = useMemo(() => makeFmt(language, currency, scenario.fx), [language, currency, scenario.fx]);
  const keys = useTcoKeys(scenario);
  const tornado = useTcoTornado(keys.uncertain).data?.value;
  const mc = useTcoMonteCarlo(keys.uncertain).data?.value;

  const h = tco.horizon;
  const end = h.points[h.points.length - 1];
  const money: string[] = [];
  if (end) {
    money.push(
      t('lead.horizon', {
        months: h.months,
        api: fmt.money(end.cumulativeApiUsd),
        self: end.cumulativeSelfUsd === null ? t('lead.cannotServe') : fmt.money(end.cumulativeSelfUsd),
        hybrid: fmt.money(end.cumulativeHybridUsd),
      }),
    );
    const best = tco.verdict.best;
    const blocked = flags.some((f) => f.code === 'does-not-fit');
    if (!blocked && best === 'api' && end.cumulativeSelfUsd !== null)
      money.push(t('lead.apiSaves', { months: h.months, saving: fmt.money(end.cumulativeSelfUsd - end.cumulativeApiUsd) }));
    if (!blocked && best === 'self-hosted' && h.savingAtEndUsd.selfHosted !== null) {
      money.push(
        t('lead.optionSaves', {
          option: t('option.self-hosted'),
          months: h.months,
          saving: fmt.money(h.savingAtEndUsd.selfHosted),
          npv: fmt.money(h.npvUsd.selfHosted),
          wacc: fmt.percent(h.waccYearly, 1),
        }),
      );
    }
    if (!blocked && h.npvUsd.selfHosted !== null) {
      const p = h.payback.selfHosted;
      const cross = h.crossingMonth.selfHosted;
      const crossing = cross === null ? t('lead.noCrossing') : t('lead.crossing', { month: cross });
      // The NPV is in the sentence above when self-hosting is the verdict; else it says it here.
      const npv = best === 'self-hosted' ? '' : ` ${t('lead.selfNpv', { npv: fmt.money(h.npvUsd.selfHosted) })}`;
      if (p.cashMonth === null) money.push(t('lead.noPayback', { months: h.months, crossing }) + npv);
      else {
        const discounted = p.discountedMonth === null ? t('lead.notDiscounted') : t('lead.discounted', { month: p.discountedMonth });
        money.push(t('lead.payback', { cash: p.cashMonth, discounted, crossing }) + npv);
      }
    }
    if (!blocked && best === 'hybrid') {
      money.push(
        t('lead.optionSaves', {
          option: t('option.hybrid'),
          months: h.months,
          saving: fmt.money(h.savingAtEndUsd.hybrid),
          npv: fmt.money(h.npvUsd.hybrid),
          wacc: fmt.percent(h.waccYearly, 1),
        }),
      );
    }
  }

  const risks: string[] = [];
  const blockers = flags.filter((f) => f.severity === 'blocker').length;
  const warnings = flags.length - blockers;
  if (flags.length > 0) risks.push(t('lead.flags', { blockers, warnings }));
  if (mc) risks.push(t('lead.mc', { p: fmt.percent(mc.probabilitySelfCheaper, 0), samples: fmt.number(mc.samples, 0) }));
  const top = tornado?.bySaving[0];
  if (tornado && top && top.savingSwing > 0) {
    const end = (v: number | null) => (v === null ? t('lead.cannotServe') : fmt.money(v));
    risks.push(
      t('lead.driver', { input: t(`key.${top.key}`), option: t(`lead.option.${tornado.option}`), low: end(top.savingLow), high: end(top.savingHigh) }),
    );
  }
  if (tco.verdict.closeCall && tco.verdict.runnerUp) risks.push(t('lead.close', { runnerUp: t(`option.${tco.verdict.runnerUp}`) }));

  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2" data-testid="report-lead">
      <div>
        <dt className="text-xs font-medium uppercase tracking-wide text-muted">{t('lead.money')}</dt>
        {money.map((m) => (
          <dd key={m} className="mt-1" data-testid="report-money">
            {m}
          </dd>
        ))}
      </div>
      <div>
        <dt className="text-xs font-medium uppercase tracking-wide text-muted">{t('lead.risks')}</dt>
        {risks.length === 0 ? <dd className="mt-1 text-muted">{t('lead.computing')}</dd> : null}
        {risks.map((r) => (
          <dd key={r} className="mt-1" data-testid="report-risk">
            {r}
          </dd>
        ))}
      </div>
    </dl>
  );
}
