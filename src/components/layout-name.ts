import type { LayoutKind } from '../core/hardware/layouts';
import type { Language } from '../core/scenario/schema';
import { formatInteger } from '../lib/format/format';
import { defineMessages, translate } from '../lib/i18n/define';

/**
 * A parallel layout's name as the hardware page, the deployment summary and the report write
 * it: "TP8 + DCP8", "DP-attention 8 + EP8 × PP2".
 */
const messages = defineMessages(
  'layout-names',
  {
    'name.tp': 'TP{tp}',
    'name.tp-ep': 'TP{tp} + EP{ep}',
    'name.dcp': 'TP{tp} + DCP{dcp}',
    'name.dp-attention': 'DP-attention {tp} + EP{ep}',
    'name.pp': '{name} × PP{pp}',
  },
  {
    'name.tp': 'TP{tp}',
    'name.tp-ep': 'TP{tp} + EP{ep}',
    'name.dcp': 'TP{tp} + DCP{dcp}',
    'name.dp-attention': 'DP-Attention {tp} + EP{ep}',
    'name.pp': '{name} × PP{pp}',
  },
);

export function layoutName(language: Language, kind: LayoutKind, l: { tp: number; pp: number; dcp: number; ep: number }): string {
  // Pipeline stages inside the node are named as plain TP (+ EP) × PP.
  const base = kind === 'tp-pp' ? (l.ep > 1 ? 'tp-ep' : 'tp') : kind;
  const name = translate(messages, language, `name.${base}`, { tp: l.tp, ep: l.ep, dcp: l.dcp });
  return l.pp > 1 ? translate(messages, language, 'name.pp', { name, pp: formatInteger(language, l.pp) }) : name;
}
