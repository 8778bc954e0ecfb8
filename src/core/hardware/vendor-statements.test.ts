import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaults';
import { buildHardwareReport } from './report';
import { checkVendorStatements } from './vendor-statements';

const GiB = 2 ** 30;

describe('vendor fit statements', () => {
  it('gpt-oss-120b on one 80 GB GPU: holds with lean overheads, not with the page defaults', () => {
    const s = defaultScenario();
    s.selfHosted.modelId = 'gpt-oss-120b';
    // The example scenario's defaults: 4 GiB runtime + 3 GiB activations per GPU.
    expect([s.hardware.runtimeOverheadGiB, s.hardware.activationGiB]).toEqual([4, 3]);
    const [check] = checkVendorStatements(s);
    if (!check || check.kind !== 'checked') throw new Error('expected a checked statement');
    // Weights: the 65.28 GB MXFP4 checkpoint. KV at 131,072 tokens, one sequence:
    // 18 full layers × 8 KV heads × 64 × 2 (K, V) × 2 B = 36,864 B/token × 131,072 = 4,831,838,208 B,
    // 18 window layers × 36,864 B × 128 tokens = 4,718,592 B → 4,836,556,800 B.
    expect(check.weightsPerGpu).toBe(65.28e9);
    expect(check.kvPerGpu).toBe(4_836_556_800);
    // Budget 80 GB × 0.92 = 73.6 GB; room for activations + runtime: 73.6e9 − 65.28e9 − 4,836,556,800 = 3,483,443,200 B = 3.244 GiB.
    expect(check.budgetPerGpu).toBe(73.6e9);
    expect(check.overheadRoomPerGpu).toBeCloseTo(3_483_443_200, 0);
    expect(check.overheadRoomPerGpu / GiB).toBeCloseTo(3.244, 3);
    // Page defaults: 7 GiB = 7,516,192,768 B → used 77,632,749,568 B, 4,032,749,568 B short.
    expect(check.page).toMatchObject({ runtimeOverheadGiB: 4, activationGiB: 3, fits: false });
    expect(check.page.usedPerGpu).toBeCloseTo(77_632_749_568, 0);
    expect(check.page.headroomPerGpu).toBeCloseTo(-4_032_749_568, 0);
    // Lean 1 + 1 GiB = 2,147,483,648 B → used 72,264,040,448 B, 1,335,959,552 B free.
    expect(check.example).toMatchObject({ runtimeOverheadGiB: 1, activationGiB: 1, fits: true });
    expect(check.example.headroomPerGpu).toBeCloseTo(1_335_959_552, 0);
    expect(check.gpuName).toContain('H100');
  });

  it('follows the page overheads: with 1.5 + 1.5 GiB the statement holds as configured', () => {
    const s = defaultScenario();
    s.selfHosted.modelId = 'gpt-oss-120b';
    s.hardware.runtimeOverheadGiB = 1.5;
    s.hardware.activationGiB = 1.5;
    const [check] = checkVendorStatements(s);
    if (!check || check.kind !== 'checked') throw new Error('expected a checked statement');
    // 3 GiB = 3,221,225,472 B ≤ 3,483,443,200 B of room: 262,217,728 B left.
    expect(check.page.fits).toBe(true);
    expect(check.page.headroomPerGpu).toBeCloseTo(262_217_728, 0);
  });

  it('only for the chosen model; the report carries it', () => {
    const s = defaultScenario();
    expect(checkVendorStatements(s)).toEqual([]);
    s.selfHosted.modelId = 'gpt-oss-120b';
    s.hardware.weightFormat = 'mxfp4';
    s.hardware.tensorParallel = 8;
    const r = buildHardwareReport(s);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.report.vendorStatements.map((v) => v.id)).toEqual(['gpt-oss-120b-one-80gb-gpu']);
  });
});
