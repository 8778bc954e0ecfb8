import { describe, expect, it } from 'vitest';
import { catalogPriceInUnit, convertRentPrice, matchesCatalogPrice } from './rent-unit';

describe('rent price per GPU-hour or per node-hour', () => {
  it('switching the unit converts the price instead of keeping the number', () => {
    // H200 on demand $4.29/GPU-h on 8-GPU nodes: 4.29 × 8 = $34.32 per node-hour
    expect(convertRentPrice(4.29, 'gpu-hour', 'node-hour', 8)).toBe(34.32);
    // and back: 34.32 ÷ 8 = 4.29 exactly (no 4.2900000000000001)
    expect(convertRentPrice(34.32, 'node-hour', 'gpu-hour', 8)).toBe(4.29);
    // 4-GPU nodes: $10/node-h ÷ 4 = $2.50/GPU-h
    expect(convertRentPrice(10, 'node-hour', 'gpu-hour', 4)).toBe(2.5);
    expect(convertRentPrice(3, 'gpu-hour', 'gpu-hour', 8)).toBe(3);
  });

  it('the catalog badge compares per GPU-hour and restores in the unit shown', () => {
    expect(matchesCatalogPrice(34.32, 'node-hour', 8, 4.29)).toBe(true);
    // 4.29 entered per node-hour is $0.54/GPU-h, not the catalog's 4.29
    expect(matchesCatalogPrice(4.29, 'node-hour', 8, 4.29)).toBe(false);
    expect(matchesCatalogPrice(4.29, 'gpu-hour', 8, 4.29)).toBe(true);
    expect(catalogPriceInUnit(4.29, 'node-hour', 8)).toBe(34.32);
    expect(catalogPriceInUnit(4.29, 'gpu-hour', 8)).toBe(4.29);
  });
});
