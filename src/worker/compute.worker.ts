/// <reference lib="webworker" />
import { expose } from 'comlink';
import { computeApi } from './api';
import partWorkerUrl from './part.worker.ts?worker&url';
import { startModuleWorker, stringCodeRuns, type EvalProbe } from './spawn';

expose(computeApi);

// Test build only (VITE_E2E_HOOKS=1, dropped from a plain build): answers whether string code
// runs here and in a helper worker started the way imports start them (client.probeForTest).
if (import.meta.env.VITE_E2E_HOOKS === '1') {
  self.addEventListener('message', (e: MessageEvent<EvalProbe>) => {
    const port = e.ports[0];
    if (e.data?.kind !== 'e2e-eval-probe' || !port) return;
    const helper = startModuleWorker(partWorkerUrl, 'import-part');
    const inHelper = new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (m) => resolve(m.data);
      helper.postMessage({ kind: 'e2e-eval-probe' } satisfies EvalProbe, [channel.port2]);
    });
    void Promise.all([stringCodeRuns(), inHelper]).then(([compute, part]) => {
      helper.terminate();
      port.postMessage({ compute, part });
    });
  });
}
