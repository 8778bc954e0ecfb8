import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaults';
import { buildHardwareReport } from './report';
import { checkVendorStatements } from './vendor-statements';

const GiB = 2 ** 30;

describe('vendor fit statements', () => {
  it("gpt-oss-120b on one 80 GB GPU: vLLM's Marlin layout leaves 2.56 GiB for overheads, so it holds with lean ones only", () => {
    const s = defaultScenario();
    s.selfHosted.modelId = 'gpt-oss-120b';
    const [check] = checkVendorStatements(s);
    if (!check || check.kind !== 'checked') throw new Error('expected a checked statement');
    // Weights: the 65.28 GB MXFP4 checkpoint + the Marlin kernel's padding 5,507,776,512 B = 70,787,776,512 B.
    // KV at 131,072 tokens, one sequence, as vLLM allocates it at 8,192 batched tokens: 5,139,136,512 B.
    expect(check.weightsPerGpu).toBe(65.28e9 + 5_507_776_512);
    expect(check.kvPerGpu).toBe(5_139_136_512);
    // Room for activations + runtime: 78,679,145,185.28 − 70,787,776,512 − 5,139,136,512 = 2,752,232,161.28 B = 2.563 GiB.
    expect(check.budgetPerGpu).toBeCloseTo(78_679_145_185.28, 0);
    expect(check.overheadRoomPerGpu).toBeCloseTo(2_752_232_161.28, 0);
    expect(check.overheadRoomPerGpu / GiB).toBeCloseTo(2.563, 3);
    // The page's estimate: 7,824,736,256 B of activations (the sampler) + 1,605,579,571.2 B runtime.
    expect(check.page).toMatchObject({ source: 'estimated', fits: false });
    expect(check.page.activationGiB).toBeCloseTo(7_824_736_256 / GiB, 9);
    expect(check.page.headroomPerGpu).toBeCloseTo(2_752_232_161.28 - 7_824_736_256 - 1_605_579_571.2, 0);
    // Lean 1 + 1 GiB = 2,147,483,648 B → 604,748,513.28 B free.
    expect(check.example).toMatchObject({ runtimeOverheadGiB: 1, activationGiB: 1, fits: true });
    expect(check.example.headroomPerGpu).toBeCloseTo(604_748_513.28, 0);
    expect(check.gpuName).toContain('H100');
  });

  it('follows the page overheads: entered 2 + 1 GiB are 0.47 GB too many', () => {
    const s = defaultScenario();
    s.selfHosted.modelId = 'gpt-oss-120b';
    Object.assign(s.hardware, { overheadSource: 'entered', runtimeOverheadGiB: 2, activationGiB: 1 });
    const [check] = checkVendorStatements(s);
    if (!check || check.kind !== 'checked') throw new Error('expected a checked statement');
    // 3 GiB = 3,221,225,472 B > 2,752,232,161.28 B of room: 468,993,310.72 B short.
    expect(check.page).toMatchObject({ source: 'entered', runtimeOverheadGiB: 2, activationGiB: 1, fits: false });
    expect(check.page.headroomPerGpu).toBeCloseTo(-468_993_310.72, 0);
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
