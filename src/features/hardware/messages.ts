import { defineMessages } from '../../lib/i18n/define';

export const hardwareMessages = defineMessages(
  {
    inputs: 'Inputs from this scenario',
    next: 'Coming next',
    nextBody: 'Memory per GPU for every attention kind, minimum GPUs per catalog GPU, frontier of context vs concurrency, and a roofline throughput estimate for this deployment.',
  },
  {
    inputs: 'Eingaben aus diesem Szenario',
    next: 'Als Nächstes',
    nextBody: 'Speicher je GPU für jede Attention-Art, minimale GPU-Zahl je Katalog-GPU, Grenze von Kontext und Parallelität sowie eine Roofline-Durchsatzschätzung für dieses Deployment.',
  },
);
