import { Button } from '../../components/button';
import { useLanguage } from '../../components/use-t';
import type { HardwareReport } from '../../core/hardware/report';
import type { HardwareT } from './messages';
import { gb } from './format-hardware';

/**
 * The verdict in one line above the inputs, for widths where the results column sits below
 * them (a phone would otherwise scroll past ~1,300 px of inputs first). It stays at the top of
 * the screen while the inputs scroll on a phone, so every change shows its effect at once.
 * Hidden from the two-column width on, where the verdict card is in view beside the inputs.
 */
export function TopVerdict(props: { report: HardwareReport | null; invalid: boolean; t: HardwareT }) {
  const { report: r, invalid, t } = props;
  const language = useLanguage();
  if (!r && !invalid) return null;
  const fits = r?.memory.verdict.fits ?? false;
  const start = r?.memory.start;
  const tone = invalid ? 'border-warn/50 bg-warn-bg text-text' : fits ? 'border-ok/40 bg-ok-bg text-ok' : 'border-bad/40 bg-bad-bg text-bad';
  const text =
    invalid || !r
      ? t('topInvalid')
      : fits
        ? t('topFits', { perGpu: gb(language, r.memory.verdict.headroomPerGpu) })
        : start && !start.starts
          ? t('topNoStart', { perGpu: gb(language, start.neededBytes - start.availableBytes) })
          : t('topNotFits', { perGpu: gb(language, -r.memory.verdict.headroomPerGpu) });
  return (
    <div
      className={`sticky top-0 z-30 flex items-center justify-between gap-3 rounded-lg border px-3 py-2 shadow-sm sm:static lg:hidden ${tone}`}
      data-testid="hw-top-verdict"
      data-fits={invalid ? 'invalid' : fits ? 'yes' : 'no'}
    >
      <p className="figures m-0 text-sm font-semibold" role="status">
        {text}
      </p>
      {!invalid && r ? (
        <Button
          variant="link"
          size="xs"
          className="shrink-0 text-accent"
          onClick={() => document.querySelector('[data-testid="hw-verdict-card"]')?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
        >
          {t('topJump')}
        </Button>
      ) : null}
    </div>
  );
}
