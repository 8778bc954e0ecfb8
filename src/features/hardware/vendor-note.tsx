import { countIn } from '../../lib/i18n/count';
import { hardwareMessages } from './messages';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { SourceBadge } from '../../components/source-badge';
import { useLanguage } from '../../components/use-t';
import type { HardwareReport } from '../../core/hardware/report';
import { formatInteger, formatNumber } from '../../lib/format/format';
import { useAppStore } from '../../state/store';
import { type HardwareT } from './messages';
import { gb, gib } from './format-hardware';

/**
 * The model vendor's own fit statement next to this page's overheads. gpt-oss-120b "fits one
 * 80 GB GPU" (81,559 MiB as nvidia-smi reports it) only while activations + runtime stay under
 * about 2.6 GiB once vLLM's MXFP4 kernel layout is counted; the engine profile estimates about
 * 8.8 GiB on an H100. Saying under which overheads the statement holds keeps the claim and our
 * verdict from looking contradictory.
 */
export function VendorNote(props: { report: HardwareReport; t: HardwareT }) {
  const { report, t } = props;
  const language = useLanguage();
  const updateSection = useAppStore((s) => s.updateSection);
  const gibText = (v: number) => `${formatNumber(language, v, 2)}\u00a0GiB`;
  return (
    <>
      {report.vendorStatements.map((c) => {
        if (c.kind !== 'checked') return null;
        const overheads = (o: { runtimeOverheadGiB: number; activationGiB: number }) => ({
          runtime: gibText(o.runtimeOverheadGiB),
          activation: gibText(o.activationGiB),
        });
        const pageIsExample =
          c.page.source === 'entered' && c.page.runtimeOverheadGiB === c.example.runtimeOverheadGiB && c.page.activationGiB === c.example.activationGiB;
        return (
          <Card key={c.id} title={t('vendorTitle')} testId="hw-vendor-note">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <blockquote className="m-0 max-w-prose border-l-2 border-border pl-2 text-sm italic">{c.text[language]}</blockquote>
              <SourceBadge source={c.source} />
            </div>
            <div className="figures mt-2 grid gap-1 text-sm">
              <p data-testid="hw-vendor-room">
                {t('vendorRoom', {
                  gpu: c.gpuName,
                  context: formatInteger(language, c.setup.hardware.contextLength),
                  seqs: countIn(hardwareMessages, language, 'sequences', c.setup.hardware.concurrentSequences),
                  weights: gb(language, c.weightsPerGpu),
                  kv: gb(language, c.kvPerGpu),
                  budget: gb(language, c.budgetPerGpu),
                  room: gb(language, Math.max(0, c.overheadRoomPerGpu)),
                  roomGib: gib(language, Math.max(0, c.overheadRoomPerGpu)),
                })}
              </p>
              <p data-testid="hw-vendor-example">
                {c.example.fits
                  ? t('vendorExampleFits', { ...overheads(c.example), headroom: gb(language, c.example.headroomPerGpu) })
                  : t('vendorExampleNot', { ...overheads(c.example), short: gb(language, -c.example.headroomPerGpu) })}
              </p>
              <p data-testid="hw-vendor-page" className={c.page.fits ? 'text-ok' : 'font-medium text-warn'}>
                {c.page.fits
                  ? t('vendorPageFits', { ...overheads(c.page), headroom: gb(language, c.page.headroomPerGpu) })
                  : t('vendorPageNot', { ...overheads(c.page), short: gb(language, -c.page.headroomPerGpu) })}
              </p>
            </div>
            <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {!pageIsExample ? (
                <Button
                  variant="textLink"
                  onClick={() =>
                    updateSection('hardware', {
                      overheadSource: 'entered',
                      runtimeOverheadGiB: c.example.runtimeOverheadGiB,
                      activationGiB: c.example.activationGiB,
                    })
                  }
                  data-testid="hw-vendor-use-example"
                >
                  {t('vendorUseExample', overheads(c.example))}
                </Button>
              ) : null}
              <Button
                variant="textLink"
                onClick={() => {
                  updateSection('selfHosted', c.setup.selfHosted);
                  updateSection('hardware', { ...c.setup.hardware, layout: { choice: 'pinned' } });
                }}
                data-testid="hw-vendor-load"
              >
                {t('vendorLoad')}
              </Button>
            </div>
          </Card>
        );
      })}
    </>
  );
}
