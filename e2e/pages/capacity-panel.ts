import type { Locator } from '@playwright/test';
import { fieldAlert } from './parts';

/** The chart of cost per 1M tokens against tokens/s per user, with its operating point. */
export class CapacityCostChart {
  constructor(readonly root: Locator) {}

  plot(): Locator {
    return this.root.locator('svg[data-plot]');
  }

  /** The chart's download button of a format, by its full name ("…: PNG"). */
  download(name: string): Locator {
    return this.root.getByRole('button', { name });
  }

  /** The ring drawn round the operating point. */
  ring(): Locator {
    return this.root.getByTestId('capacity-chosen-ring');
  }

  /** The read-out that follows the pointer. */
  tip(): Locator {
    return this.root.getByTestId('chart-tip');
  }
}

/**
 * The TCO page's capacity panel: where the throughput comes from (the single figure or a
 * throughput–latency series), the latency target, and the operating point it picks.
 */
export class CapacityPanel {
  constructor(readonly root: Locator) {}

  source(): Locator {
    return this.root.getByRole('combobox', { name: 'Throughput comes from' });
  }

  /** The series in use, as its option reads. */
  chosenSource(): Locator {
    return this.source().locator('option:checked');
  }

  async chooseSource(label: string): Promise<void> {
    await this.source().selectOption({ label });
  }

  /** A latency limit of the target ("TTFT p95", "TPOT p99"). */
  sloLimit(label: string): Locator {
    return this.root.getByRole('textbox', { name: label, exact: true });
  }

  async setSlo(label: string, value: string): Promise<void> {
    await this.sloLimit(label).fill(value);
  }

  /** The message under a limit that is refused. */
  sloError(label: string): Locator {
    return fieldAlert(this.root, label);
  }

  allowInterpolation(): Locator {
    return this.root.getByRole('checkbox', { name: 'Allow a labelled point between two measured loads' });
  }

  /** "Operating point: request rate 20/s, 1,922 output tok/s per replica." */
  chosen(): Locator {
    return this.root.getByTestId('capacity-chosen');
  }

  /** No point meets the target: the nearest one and its failing limit. */
  none(): Locator {
    return this.root.getByTestId('capacity-none');
  }

  /** Why a point between two loads was not taken. */
  interpolation(): Locator {
    return this.root.getByTestId('capacity-interpolation');
  }

  /** A warning about the curve, by its code ("fails-below-pass"). */
  warning(code: string): Locator {
    return this.root.getByTestId('capacity-warnings').locator(`[data-code="${code}"]`);
  }

  /** A note on the series itself, by its code ("latency-falls"). */
  seriesNote(code: string): Locator {
    return this.root.getByTestId('capacity-series-notes').locator(`[data-code="${code}"]`);
  }

  /** The workload's request lengths against the series' own. */
  lengths(): Locator {
    return this.root.getByTestId('capacity-lengths');
  }

  /** The link to the Benchmarks page when no sweep is imported yet. */
  noImported(): Locator {
    return this.root.getByTestId('capacity-no-imported');
  }

  async followBenchmarksLink(): Promise<void> {
    await this.noImported().getByRole('link', { name: 'Benchmarks page' }).click();
  }

  /** Splits one run off the series, by its label as the regrouping list names it. */
  async splitOff(run: string): Promise<void> {
    const regroup = this.root.getByTestId('capacity-regroup');
    await regroup.getByRole('checkbox', { name: run }).check();
    await regroup.getByRole('button', { name: 'Split off' }).click();
  }

  costChart(): CapacityCostChart {
    return new CapacityCostChart(this.root.page().getByTestId('chart-capacity-cost'));
  }
}
