/**
 * Starts a module worker under the policy of the page (or worker) that starts it, whatever the
 * host sends. A worker's Content-Security-Policy comes from the response headers of its own
 * script: on a static host that sends none, a worker loaded from its URL has no policy at all
 * (a string `setTimeout` or `eval` runs there), and the page's meta-tag policy does not reach
 * it. A worker started from a blob: URL inherits the policy of its creator (CSP 3, policy
 * container), so the worker started is a one-line blob that imports the real script: the
 * page's policy applies in the worker and in the helpers it starts. Where the host does send
 * the headers, the page's policy is the header's and the meta tag's, and so is the worker's.
 */
export function startModuleWorker(scriptUrl: string, name: string): Worker {
  const script = new URL(scriptUrl, import.meta.url).href;
  const bootstrap = URL.createObjectURL(new Blob([`import ${JSON.stringify(script)};\n`], { type: 'text/javascript' }));
  try {
    return new Worker(bootstrap, { type: 'module', name });
  } finally {
    // The worker has resolved the URL when constructed; the blob is no longer needed.
    URL.revokeObjectURL(bootstrap);
  }
}

/**
 * Test build only (VITE_E2E_HOOKS=1): whether code given as a string runs in this thread
 * (a string timer, `eval`). Under the page's policy neither may; the browser tests ask the
 * compute worker and one of its helpers on a host without headers.
 */
export type EvalProbe = { kind: 'e2e-eval-probe' };

export function stringCodeRuns(): Promise<{ timer: boolean; eval: boolean }> {
  const scope = globalThis as unknown as { e2eStringTimerRan?: boolean };
  scope.e2eStringTimerRan = false;
  const evalRan = (() => {
    try {
      // eslint-disable-next-line no-eval -- the probe: under the page's policy this must throw
      return (0, eval)('1 + 1') === 2;
    } catch {
      return false;
    }
  })();
  // eslint-disable-next-line no-implied-eval -- the probe: under the page's policy this must not run
  setTimeout('globalThis.e2eStringTimerRan = true', 0);
  return new Promise((resolve) => setTimeout(() => resolve({ timer: scope.e2eStringTimerRan === true, eval: evalRan }), 200));
}
