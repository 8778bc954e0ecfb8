import { defineMessages } from '../../lib/i18n/define';

export const tcoMessages = defineMessages(
  {
    inputs: 'Inputs from this scenario',
    requestsPerDay: 'Requests per day',
    cacheHit: 'Cache-hit share of input',
    priceOut: 'API price, output',
    gpuPrice: 'GPU price',
    next: 'Coming next',
    nextBody: 'Monthly cost of API, self-hosted and hybrid, cost per accepted task, break-even volume, capacity check, sensitivity and Monte Carlo, built on these inputs.',
  },
  {
    inputs: 'Eingaben aus diesem Szenario',
    requestsPerDay: 'Anfragen pro Tag',
    cacheHit: 'Cache-Trefferanteil der Eingabe',
    priceOut: 'API-Preis, Ausgabe',
    gpuPrice: 'GPU-Preis',
    next: 'Als Nächstes',
    nextBody: 'Monatskosten für API, Eigenbetrieb und Hybrid, Kosten je akzeptierter Aufgabe, Break-even-Volumen, Kapazitätsprüfung, Sensitivität und Monte-Carlo auf Basis dieser Eingaben.',
  },
);
