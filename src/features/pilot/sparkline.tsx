/**
 * A week's trend in a few pixels: one line over the seven days, broken where a day was not
 * measured. Plain SVG (34 of them sit in the grid); the values are in its accessible label.
 */
export function Sparkline(props: { values: readonly (number | null)[]; color: string; label: string }) {
  const { values, color, label } = props;
  const w = 84;
  const h = 22;
  const pad = 3;
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return <span className="text-xs text-muted">–</span>;
  const min = Math.min(...known);
  const max = Math.max(...known);
  const x = (i: number) => pad + (i * (w - 2 * pad)) / Math.max(1, values.length - 1);
  const y = (v: number) => (max === min ? h / 2 : h - pad - ((v - min) * (h - 2 * pad)) / (max - min));
  const segments: string[][] = [];
  let current: string[] = [];
  values.forEach((v, i) => {
    if (v === null) {
      if (current.length) segments.push(current);
      current = [];
    } else current.push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  });
  if (current.length) segments.push(current);
  return (
    <svg width={w} height={h} viewBox={`0 0 ${w} ${h}`} role="img" aria-label={label} className="block">
      {segments.map((s, i) =>
        s.length === 1 ? (
          <circle key={i} cx={s[0]!.split(',')[0]} cy={s[0]!.split(',')[1]} r={1.8} fill={color} />
        ) : (
          <polyline key={i} points={s.join(' ')} fill="none" stroke={color} strokeWidth={1.6} strokeLinejoin="round" strokeLinecap="round" />
        ),
      )}
    </svg>
  );
}
