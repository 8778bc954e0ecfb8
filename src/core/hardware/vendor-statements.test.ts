import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaults';
import { buildHardwareReport } from './report';
import { checkVendorStatements } from './vendor-statements';

const GiB = 2 ** 30;

describe('vendor fit statements', () => {
  it('gpt-oss-120b on one 80 GB GPU: holds with the page defaults and with lean overheads', () => {
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
    // Budget: H100 nvidia-smi 81,559 MiB × 1,048,576 = 85,520,809,984 B × 0.92 = 78,679,145,185.28 B;
    // room for activations + runtime: 78,679,145,185.28 − 65.28e9 − 4,836,556,800 = 8,562,588,385.28 B = 7.975 GiB.
    expect(check.budgetPerGpu).toBeCloseTo(78_679_145_185.28, 0);
    expect(check.overheadRoomPerGpu).toBeCloseTo(8_562_588_385.28, 0);
    expect(check.overheadRoomPerGpu / GiB).toBeCloseTo(7.975, 3);
    // Page defaults: 7 GiB = 7,516,192,768 B → used 77,632,749,568 B, 1,046,395,617.28 B to spare.
    expect(check.page).toMatchObject({ runtimeOverheadGiB: 4, activationGiB: 3, fits: true });
    expect(check.page.usedPerGpu).toBeCloseTo(77_632_749_568, 0);
    expect(check.page.headroomPerGpu).toBeCloseTo(1_046_395_617.28, 0);
    // Lean 1 + 1 GiB = 2,147,483,648 B → 8,562,588,385.28 − 2,147,483,648 = 6,415,104,737.28 B free.
    expect(check.example).toMatchObject({ runtimeOverheadGiB: 1, activationGiB: 1, fits: true });
    expect(check.example.headroomPerGpu).toBeCloseTo(6_415_104_737.28, 0);
    expect(check.gpuName).toContain('H100');
  });

  it('follows the page overheads: with 4 + 4 GiB the statement no longer holds as configured', () => {
    const s = defaultScenario();
    s.selfHosted.modelId = 'gpt-oss-120b';
    s.hardware.runtimeOverheadGiB = 4;
    s.hardware.activationGiB = 4;
    const [check] = checkVendorStatements(s);
    if (!check || check.kind !== 'checked') throw new Error('expected a checked statement');
    // 8 GiB = 8,589,934,592 B > 8,562,588,385.28 B of room: 27,346,206.72 B short.
    expect(check.page.fits).toBe(false);
    expect(check.page.headroomPerGpu).toBeCloseTo(-27_346_206.72, 0);
    expect(check.example.fits).toBe(true);
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
