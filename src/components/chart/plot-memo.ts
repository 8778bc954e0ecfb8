import { memo, type ComponentType } from 'react';

/**
 * Memoises a chart's drawing on the *values* of its props: functions (formatters, the
 * translator) by identity, everything else by content. A new worker result whose numbers for
 * this chart did not change then costs nothing, where it would otherwise redraw on every new
 * array reference. The props are small (a few hundred points at most).
 */
function sameProps(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) {
    const x = a[k];
    const y = b[k];
    if (x === y) continue;
    if (typeof x === 'function' || typeof y === 'function') return false;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    // Objects carrying functions (the formatter set) are compared by identity.
    if (!Array.isArray(x) && Object.values(x).some((v) => typeof v === 'function')) return false;
    if (JSON.stringify(x) !== JSON.stringify(y)) return false;
  }
  return true;
}

export function memoPlot<P extends object>(component: ComponentType<P>) {
  return memo(component, (a, b) => sameProps(a as Record<string, unknown>, b as Record<string, unknown>));
}
