import type { LayoutKind } from '../../core/hardware/layouts';
import type { Language } from '../../core/scenario/schema';
import { formatInteger } from '../../lib/format/format';
import { defineMessages, translate } from '../../lib/i18n/define';

/** Texts of the layout choice, the layout comparison and the layout names in the verdict and the GPU table. */
export const layoutMessages = defineMessages(
  'hardware-layouts',
  {
    choice: 'Parallel layout',
    choiceBest: 'Best fitting layout (see the layout comparison)',
    choicePinned: 'Pinned: TP, MLA mode and DCP as set below',
    choiceHelp: 'Best fit compares TP, TP + EP, DP-attention, DCP and (for few KV heads) TP × PP inside the node at this GPU count and uses the one with the most KV room.',
    'name.tp': 'TP{tp}',
    'name.tp-ep': 'TP{tp} + EP{ep}',
    'name.dcp': 'TP{tp} + DCP{dcp}',
    'name.dp-attention': 'DP-attention {tp} + EP{ep}',
    'name.pp': '{name} × PP{pp}',
    'short.tp': 'TP',
    'short.tp-ep': 'TP + EP',
    'short.dcp': 'DCP',
    'short.dp-attention': 'DP-attention',
    'short.tp-pp': 'TP × PP in the node',
    verdictBest: 'With {layout}, the best fitting of {n} layouts on {gpus}.',
    verdictBestNone: 'No layout fits on {gpus}; closest: {layout}.',
    verdictPinned: 'With the pinned layout {layout}.',
    otherNeeds: '{kind} would need {gpus}.',
    otherFits: '{kind} fits too ({room} of room).',
    otherNever: '{kind} does not fit on any count up to {max}.',
    title: 'Layouts on {gpus}',
    hint: 'Each layout at the scenario\'s context and concurrency. KV room: sequences of this context that fit beside the weights and overheads. TP and TP + EP hold the same bytes per GPU; expert parallelism changes the all-to-all traffic, not the memory.',
    colLayout: 'Layout',
    colFits: 'Fits',
    colWeights: 'Weights / GPU',
    colKv: 'KV / GPU',
    colHeadroom: 'Free / GPU',
    colRoom: 'KV room',
    colNeeds: 'Needs',
    yes: 'yes',
    no: 'no',
    chosen: 'used',
    pin: 'Pin',
    pinLabel: 'Pin the layout {layout}',
    room: '{n} × {context}',
    none: 'none',
    colRoomTable: 'KV room at {context}',
    caption: 'Layouts compared for {model} on {gpus}',
  },
  {
    choice: 'Parallele Aufteilung',
    choiceBest: 'Beste passende Aufteilung (siehe Vergleich der Aufteilungen)',
    choicePinned: 'Festgelegt: TP, MLA-Verteilung und DCP wie unten',
    choiceHelp: 'Beste Passung vergleicht TP, TP + EP, DP-Attention, DCP und (bei wenigen KV-Köpfen) TP × PP im Knoten bei dieser GPU-Zahl und nimmt die mit dem meisten KV-Platz.',
    'name.tp': 'TP{tp}',
    'name.tp-ep': 'TP{tp} + EP{ep}',
    'name.dcp': 'TP{tp} + DCP{dcp}',
    'name.dp-attention': 'DP-Attention {tp} + EP{ep}',
    'name.pp': '{name} × PP{pp}',
    'short.tp': 'TP',
    'short.tp-ep': 'TP + EP',
    'short.dcp': 'DCP',
    'short.dp-attention': 'DP-Attention',
    'short.tp-pp': 'TP × PP im Knoten',
    verdictBest: 'Mit {layout}, der am besten passenden von {n} Aufteilungen auf {gpus}.',
    verdictBestNone: 'Keine Aufteilung passt auf {gpus}; am nächsten: {layout}.',
    verdictPinned: 'Mit der festgelegten Aufteilung {layout}.',
    otherNeeds: '{kind} bräuchte {gpus}.',
    otherFits: '{kind} passt auch ({room} Platz).',
    otherNever: '{kind} passt bei keiner Anzahl bis {max}.',
    title: 'Aufteilungen auf {gpus}',
    hint: 'Jede Aufteilung bei Kontext und Parallelität des Szenarios. KV-Platz: Sequenzen dieses Kontexts, die neben Gewichten und Overheads passen. TP und TP + EP belegen je GPU gleich viele Bytes; Expert-Parallelität ändert den All-to-all-Verkehr, nicht den Speicher.',
    colLayout: 'Aufteilung',
    colFits: 'Passt',
    colWeights: 'Gewichte / GPU',
    colKv: 'KV / GPU',
    colHeadroom: 'Frei / GPU',
    colRoom: 'KV-Platz',
    colNeeds: 'Braucht',
    yes: 'ja',
    no: 'nein',
    chosen: 'verwendet',
    pin: 'Festlegen',
    pinLabel: 'Aufteilung {layout} festlegen',
    room: '{n} × {context}',
    none: 'keiner',
    colRoomTable: 'KV-Platz bei {context}',
    caption: 'Verglichene Aufteilungen für {model} auf {gpus}',
  },
);

export type LayoutT = (key: keyof (typeof layoutMessages)['en'], params?: Readonly<Record<string, string | number>>) => string;

/** "TP8 + DCP8", "DP-attention 8 + EP8 × PP2". */
export function layoutName(language: Language, kind: LayoutKind, l: { tp: number; pp: number; dcp: number; ep: number }): string {
  // Pipeline stages inside the node are named as plain TP (+ EP) × PP.
  const base = kind === 'tp-pp' ? (l.ep > 1 ? 'tp-ep' : 'tp') : kind;
  const name = translate(layoutMessages, language, `name.${base}`, { tp: l.tp, ep: l.ep, dcp: l.dcp });
  return l.pp > 1 ? translate(layoutMessages, language, 'name.pp', { name, pp: formatInteger(language, l.pp) }) : name;
}
