import { describe, expect, it } from 'vitest';
import { assumptionRows } from '../../core/export/assumptions';
import { defaultScenario } from '../../core/scenario/defaults';
import { fieldLabels, isFieldPath } from '../../lib/i18n/fields';
import { reportMessages } from './messages';

/**
 * The appendix labels each row by its scenario path: from the field glossary when other areas
 * label the field too, else from the report's own words. A row with neither would show its raw
 * path, so every row of scenarios that between them reach every branch must find a label.
 */
function variants() {
  const tokens = defaultScenario();
  tokens.workload.mode = 'tokens';
  tokens.workload.reasoningMode = 'multiplier';
  const owned = defaultScenario();
  owned.selfHosted.costMode = 'buy';
  owned.selfHosted.powerDraw.mode = 'utilisation';
  owned.selfHosted.scaling.minOnCallFte = 1;
  owned.selfHosted.scaling.otherPerNodeMonthly = 100;
  const reserved = defaultScenario();
  reserved.selfHosted.costMode = 'rent';
  reserved.selfHosted.billing.mode = 'reserved';
  const scaleToZero = defaultScenario();
  scaleToZero.selfHosted.costMode = 'rent';
  scaleToZero.selfHosted.billing.mode = 'scale-to-zero';
  return [defaultScenario(), tokens, owned, reserved, scaleToZero];
}

describe('assumption row labels', () => {
  it('every row of the appendix has a label in English and German', () => {
    const keys = new Set(variants().flatMap((s) => assumptionRows(s).map((r) => r.key)));
    // Branches above reach the rows only one of them shows (counted from assumptionRows).
    for (const key of [
      'workload.inputTokensPerMonth',
      'workload.reasoningMultiplier',
      'selfHosted.capexPerGpu',
      'selfHosted.powerDraw.idleWattsPerGpu',
      'selfHosted.billing.reservedPrice',
      'selfHosted.billing.coldStartSeconds',
    ])
      expect(keys, key).toContain(key);
    const report = reportMessages.en as Readonly<Record<string, string>>;
    const missing = [...keys].filter((k) => !isFieldPath(k) && !(k in report));
    expect(missing).toEqual([]);
  });

  it('a field several areas label is worded by the glossary, not by the report', () => {
    expect(isFieldPath('workload.inputTokensPerMonth')).toBe(true);
    expect(fieldLabels.en['workload.inputTokensPerMonth']).toBe('Input tokens per month');
    expect(fieldLabels.de['workload.inputTokensPerMonth']).toBe('Eingabe-Tokens pro Monat');
    expect('workload.inputTokensPerMonth' in reportMessages.en).toBe(false);
    // The report words the demand shape its own way ("Peak-to-average demand"): not a glossary field.
    expect(isFieldPath('workload.peakToAverage')).toBe(false);
    expect(isFieldPath('toString')).toBe(false);
  });
});
