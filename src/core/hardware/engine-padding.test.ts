import { describe, expect, it } from 'vitest';
import { findModel } from '../catalog/catalog';
import { marlinMxfp4Padding, mxfp4ExpertBytes } from './engine-padding';

const GIB = 2 ** 30;

describe('padding the MXFP4 Marlin kernel adds to expert weights', () => {
  const oss = findModel('gpt-oss-120b');
  if (!oss) throw new Error('gpt-oss-120b missing from the catalog');

  it('one gpt-oss-120b expert: 13,236,480 bytes as released', () => {
    // config.json: hidden 2,880, intermediate 2,880. gate+up 2·2,880·2,880 = 16,588,800 and down
    // 8,294,400 weights = 24,883,200 → ÷ 2 = 12,441,600 B at 4 bits, ÷ 32 = 777,600 B of E8M0 scales,
    // biases (5,760 + 2,880) × 2 = 17,280 B → 13,236,480 B.
    expect(mxfp4ExpertBytes(2880, 2880)).toBe(13_236_480);
    // All 36 × 128 experts: 60,993,699,840 B = 56.80 GiB; with ≈2.1B BF16 parameters (attention
    // 0.96B, embedding + head 2 × 201,088 × 2,880 = 1.16B → 3.94 GiB) that is the 60.8 GiB checkpoint.
    expect((mxfp4ExpertBytes(2880, 2880) * 36 * 128) / GIB).toBeCloseTo(56.8, 2);
  });

  it('gpt-oss-120b on one GPU: hidden 2,880 → 3,072, intermediate 2,880 → 2,944, +5.13 GiB (the engine loaded 5.17 GiB more)', () => {
    const pad = marlinMxfp4Padding(oss, 'mxfp4', { tp: 1, ep: 1 });
    expect(pad).toMatchObject({ hidden: { from: 2880, to: 3072 }, intermediate: { from: 2880, to: 2944 }, expertsPerRank: 128, moeLayers: 36 });
    // Padded expert: gate+up 2·2,944·3,072 = 18,087,936 and down 9,043,968 = 27,131,904 weights
    // → 13,565,952 + 847,872 scales + (5,888 + 3,072) × 2 = 17,920 biases = 14,431,744 B.
    // 14,431,744 − 13,236,480 = 1,195,264 B × 4,608 experts = 5,507,776,512 B = 5.1295 GiB.
    expect(pad?.extraBytesPerGpu).toBe(5_507_776_512);
    // vllm #23278: "Model loading took 65.9651 GiB" against the 65.28e9-byte checkpoint (60.797 GiB):
    // 5.168 GiB more, of which the padding explains all but 0.039 GiB.
    expect(65.9651 - 65.28e9 / GIB - 5_507_776_512 / GIB).toBeCloseTo(0.039, 3);
  });

  it('TP2 pads each half: intermediate 1,440 → 1,536, +3.91 GiB per GPU; EP8 holds 16 whole experts, +0.64 GiB', () => {
    // Per rank 1,440: unpadded 8,294,400 + 4,147,200 weights → 6,220,800 + 388,800 + 11,520 = 6,621,120 B;
    // padded 2·1,536·3,072 + 3,072·1,536 = 14,155,776 → 7,077,888 + 442,368 + 12,288 = 7,532,544 B.
    // (7,532,544 − 6,621,120) × 4,608 = 911,424 × 4,608 = 4,199,841,792 B = 3.911 GiB.
    expect(marlinMxfp4Padding(oss, 'mxfp4', { tp: 2, ep: 1 })?.extraBytesPerGpu).toBe(4_199_841_792);
    // EP8: 128 ÷ 8 = 16 experts per rank, full width: 1,195,264 × 36 × 16 = 688,472,064 B.
    expect(marlinMxfp4Padding(oss, 'mxfp4', { tp: 8, ep: 8 })?.extraBytesPerGpu).toBe(688_472_064);
  });

  it('nothing for other formats or dense models', () => {
    expect(marlinMxfp4Padding(oss, 'bf16', { tp: 1, ep: 1 })).toBeNull();
    const dense = findModel('llama-3.1-70b');
    if (!dense) throw new Error('llama-3.1-70b missing');
    expect(marlinMxfp4Padding(dense, 'mxfp4', { tp: 1, ep: 1 })).toBeNull();
  });
});
