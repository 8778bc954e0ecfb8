/**
 * JSON for committed fixtures, readable in a diff: two-space indentation, but arrays of plain
 * values and small flat objects on one line. Parses back to exactly the same value.
 */
export function formatJson(value: unknown): string {
  return `${format(value, '')}\n`;
}

const MAX_INLINE = 110;

function isScalar(v: unknown): boolean {
  return v === null || typeof v !== 'object';
}

function format(value: unknown, indent: string): string {
  if (isScalar(value)) return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every(isScalar)) return `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
    return `[\n${value.map((v) => inner + format(v, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  if (entries.every(([, v]) => isScalar(v))) {
    const line = `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')} }`;
    if (line.length + indent.length <= MAX_INLINE) return line;
  }
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${format(v, inner)}`).join(',\n')}\n${indent}}`;
}
