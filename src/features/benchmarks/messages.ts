import { defineMessages } from '../../lib/i18n/define';

export const benchmarksMessages = defineMessages(
  {
    inputs: 'Inputs from this scenario',
    next: 'Coming next',
    nextBody: 'Drop result files of vLLM, SGLang, GuideLLM, llmperf, AIPerf and others; runs are normalised, compared and can feed the TCO page as measured throughput.',
  },
  {
    inputs: 'Eingaben aus diesem Szenario',
    next: 'Als Nächstes',
    nextBody: 'Ergebnisdateien von vLLM, SGLang, GuideLLM, llmperf, AIPerf und anderen ablegen; Läufe werden vereinheitlicht, verglichen und können als gemessener Durchsatz in die TCO-Seite fließen.',
  },
);
