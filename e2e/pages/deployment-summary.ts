import type { Locator } from '@playwright/test';

/**
 * The deployment summary the TCO, hardware and report pages share: what is self-hosted on
 * what, its cost and throughput, and the flags where the pages disagree, each with its fix.
 */
export class DeploymentSummary {
  constructor(readonly root: Locator) {}

  /** One row: "self" (model and GPUs), "fit", "cost", "throughput" (`data-kind` says measured, entered or estimated). */
  row(name: 'self' | 'fit' | 'cost' | 'throughput'): Locator {
    return this.root.getByTestId(`deployment-${name}`);
  }

  /** Every flag where the pages disagree. */
  flags(): Locator {
    return this.root.getByTestId('coherence-flag');
  }

  /** A flag by its code ("does-not-fit", "throughput-gpu"). */
  flag(code: string): Locator {
    return this.root.locator(`[data-testid="coherence-flag"][data-code="${code}"]`);
  }

  /** Whatever in the summary carries this code. */
  withCode(code: string): Locator {
    return this.root.locator(`[data-code="${code}"]`);
  }

  /** The codes of the flags shown, sorted. */
  async flagCodes(): Promise<string[]> {
    return (await this.flags().evaluateAll((els) => els.map((e) => e.getAttribute('data-code') ?? ''))).sort();
  }

  /** Applies a flag's fix, by its button's name ("Use 16 GPUs per replica"). */
  async fix(code: string, name: string): Promise<void> {
    await this.flag(code).getByRole('button', { name }).click();
  }
}
