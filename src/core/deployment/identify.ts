import { GPUS } from '../catalog/gpus';
import { MODELS } from '../catalog/models';

/**
 * Catalog records named by free text, as result files and usage exports name them
 * ("moonshotai/Kimi-K2.6", "Kimi-K2.5-NVFP4", "8xH200", "NVIDIA H100 80GB HBM3"). A name that
 * matches no record, or two equally well, is unknown (null): a mismatch is only ever flagged
 * between two names that are both known.
 */

/** Lower case, letters and digits only: "moonshotai/Kimi-K2.6" → "moonshotaikimik26". */
export function squash(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The model part of a hub name: "moonshotai/Kimi-K2.6" → "Kimi-K2.6". */
function lastSegment(text: string): string {
  const i = text.lastIndexOf('/');
  return i === -1 ? text : text.slice(i + 1);
}

/**
 * The catalog model a text names: the record whose id or name is the longest prefix of the
 * text's model part ("Kimi-K2.5-NVFP4" → kimi-k2.5, not kimi-k2), else null.
 */
export function modelIdOf(text: string | null | undefined): string | null {
  if (!text) return null;
  const name = squash(lastSegment(text.trim()));
  if (name.length === 0) return null;
  let best: { id: string; length: number } | null = null;
  let tie = false;
  for (const m of MODELS) {
    for (const key of new Set([squash(m.id), squash(m.name)])) {
      if (key.length === 0 || !name.startsWith(key)) continue;
      // What follows the name must not continue a version number ("kimik2" in "kimik25").
      const next = name.charAt(key.length);
      if (/[0-9]/.test(next) && /[0-9]$/.test(key)) continue;
      if (!best || key.length > best.length) {
        best = { id: m.id, length: key.length };
        tie = false;
      } else if (key.length === best.length && best.id !== m.id) tie = true;
    }
  }
  return best && !tie ? best.id : null;
}

/**
 * The core of a GPU's name that tells it apart: "h200" for h200-sxm, "gb200" for gb200,
 * "a100" for a100-80gb-sxm, "4090" for rtx-4090.
 */
function gpuToken(id: string): string {
  return id.replace(/^rtx-/, '').replace(/-(sxm|pcie|80gb-sxm)$/, '');
}

function tokenPattern(token: string): RegExp {
  // A token counts only where nothing runs into it: "GB200" is not a B200, "H1000" not an
  // H100; a count written before it ("8xH200") is a boundary too.
  const before = /^[0-9]/.test(token) ? '(^|[^0-9])' : '(^|[^a-z0-9]|[0-9]x)';
  return new RegExp(`${before}${token}(?![0-9])`);
}

const GPU_PATTERNS = [...new Set(GPUS.map((g) => gpuToken(g.id)))].map((token) => ({ token, pattern: tokenPattern(token) }));

/**
 * The catalog GPU a text names ("8xH200", "NVIDIA H100 80GB HBM3", "MI300X", "RTX 4090"), else
 * null (no GPU, or more than one). H100 means the SXM part unless the text says PCIe.
 */
export function gpuIdOf(text: string | null | undefined): string | null {
  if (!text) return null;
  const lower = text.toLowerCase();
  const found = GPU_PATTERNS.filter((p) => p.pattern.test(lower));
  if (found.length !== 1) return null;
  const token = (found[0] as { token: string }).token;
  if (token === 'h100') return /pcie/.test(lower) ? 'h100-pcie' : 'h100-sxm';
  return GPUS.find((g) => gpuToken(g.id) === token)?.id ?? null;
}
