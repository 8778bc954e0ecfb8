import type { ReactNode } from 'react';
import { PartBoundary } from './part-boundary';

export function Card(props: { title?: string; children: ReactNode; actions?: ReactNode; className?: string; testId?: string }) {
  const { title, children, actions, className, testId } = props;
  return (
    <section className={`rounded-lg border border-border bg-surface p-4 shadow-sm ${className ?? ''}`} data-testid={testId} aria-label={title}>
      {title || actions ? (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title ? <h2 className="text-base font-semibold">{title}</h2> : <span />}
          {actions}
        </div>
      ) : null}
      {/* A card whose content throws says so inside itself; the page around it stays. */}
      <PartBoundary kind="panel" {...(title ? { name: title } : {})}>
        {children}
      </PartBoundary>
    </section>
  );
}

export function Kpi(props: { label: string; value: string; sub?: string; tone?: 'ok' | 'warn' | 'bad' | 'neutral'; testId?: string }) {
  const { label, value, sub, tone = 'neutral', testId } = props;
  const toneClass = { ok: 'text-ok', warn: 'text-warn', bad: 'text-bad', neutral: 'text-text' }[tone];
  return (
    <div className="rounded-lg border border-border bg-surface p-3" data-testid={testId}>
      <div className="text-xs font-medium uppercase tracking-wide text-muted">{label}</div>
      <div className={`figures mt-1 text-2xl font-semibold ${toneClass}`} data-testid={testId ? `${testId}-value` : undefined}>
        {value}
      </div>
      {sub ? <div className="figures mt-0.5 text-xs text-muted">{sub}</div> : null}
    </div>
  );
}

export function Banner(props: { tone: 'info' | 'warn' | 'bad'; children: ReactNode; testId?: string; role?: 'alert' | 'status' }) {
  const { tone, children, testId, role = 'status' } = props;
  const cls = { info: 'border-accent/40 bg-surface-2', warn: 'border-warn/50 bg-warn-bg', bad: 'border-bad/50 bg-bad-bg' }[tone];
  return (
    <div role={role} className={`rounded-lg border px-4 py-3 text-sm ${cls}`} data-testid={testId}>
      {children}
    </div>
  );
}
