import type { Locator } from '@playwright/test';
import { either } from './parts';

/** The horizon card: the chart of cumulative costs, the cash flows and the facts under them (NPV, crossing, tax, …). */
export class HorizonCard {
  constructor(readonly root: Locator) {}

  /**
   * One fact, by its name: "npv", "crossing", "rate", "terminal", "tax", "ramp", "beyond",
   * "beyond-limit" (no figure past the replica limit), "undiscounted" (the WACC is 0).
   */
  fact(name: 'npv' | 'crossing' | 'rate' | 'terminal' | 'tax' | 'ramp' | 'beyond' | 'beyond-limit' | 'undiscounted'): Locator {
    return this.root.getByTestId(`tco-horizon-${name}`);
  }

  /** The drawing of the horizon chart. */
  chartDrawing(): Locator {
    return this.root.getByTestId('tco-horizon-chart').locator('svg');
  }

  /** A chart of the card, by its accessible name. */
  figure(name: RegExp): Locator {
    return this.root.getByRole('figure', { name });
  }

  /** Downloads the cash-flow statement; resolves to the file's path on disk. */
  async downloadCashFlow(): Promise<string> {
    const download = this.root.page().waitForEvent('download');
    await this.root.getByRole('button', { name: either('Cash-flow statement (CSV)', 'Zahlungsreihe (CSV)') }).click();
    return (await download).path();
  }
}

export type BillingFigure =
  | 'paid-hours'
  | 'billing-gpu-monthly'
  | 'billing-rate'
  | 'commitment-total'
  | 'mixed'
  | 'mixed-note'
  | 'fleet-hours'
  | 'fleet-range'
  | 'fleet-waiting'
  | 'spot-preemptions'
  | 'spot-cost'
  | 'spot-lost';

/** The card of how the GPUs are paid for: paid hours, the GPUs' month, rates, commitment, and the autoscaled, mixed and spot details. */
export class BillingCard {
  constructor(readonly root: Locator) {}

  /** One figure, by its name ("billing-gpu-monthly" is the GPUs' month). */
  figure(name: BillingFigure): Locator {
    return this.root.getByTestId(`tco-${name}`);
  }

  /** The autoscaled fleet's week: demand against capacity. */
  fleetWeekDrawing(): Locator {
    return this.root.getByTestId('tco-fleet-week-chart').locator('svg');
  }

  /** A chart of the card, by its accessible name. */
  chart(name: RegExp): Locator {
    return this.root.getByRole('figure', { name });
  }
}

/** The chart of the monthly cost against the monthly volume, with today's volume marked. */
export class CostChart {
  constructor(readonly root: Locator) {}

  /** The key of the inputs the chart last drew. */
  async drawnFor(): Promise<string | null> {
    return this.root.locator('..').getAttribute('data-for');
  }

  /** Where today's volume stands on the volume axis (0…1). */
  async todayShare(): Promise<number> {
    return Number(await this.root.page().getByTestId('tco-today-marker').getAttribute('data-share'));
  }

  yTicks(): Locator {
    return this.root.locator('.plot-y-ticks text');
  }

  plot(): Locator {
    return this.root.locator('svg[data-plot]');
  }
}
