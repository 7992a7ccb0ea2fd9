import loadHighs, { type Highs } from 'highs';
import { beforeAll, describe, expect, it } from 'vitest';
import { optimiseRoutes } from '.';
import { solveExactly } from './testing/exact';
import { EXACT_SEEDS, smallDay } from './testing/instances';

let highs: Highs;
beforeAll(async () => {
  highs = await loadHighs();
});

describe('optimiseRoutes against the exact optimum (HiGHS)', () => {
  it('places as many stops as the optimum and drives within 2 % of it', { timeout: 600_000 }, () => {
    const gaps = EXACT_SEEDS.map((seed) => {
      const { input, options } = smallDay(seed);
      const exact = solveExactly(highs, input, options);
      const plan = optimiseRoutes(input, options);
      const placed = plan.routes.reduce((sum, route) => sum + route.stops.length, 0);
      expect(placed, `day ${seed}: stops placed`).toBe(exact.placed);
      // Never better than the optimum: that would mean the two read the rules differently.
      expect(plan.totalDriveMinutes, `day ${seed}`).toBeGreaterThanOrEqual(exact.driveMinutes - 1e-6);
      const gap = exact.driveMinutes > 0 ? Math.max(0, plan.totalDriveMinutes / exact.driveMinutes - 1) : 0;
      expect(gap, `day ${seed}: gap to the optimum`).toBeLessThanOrEqual(0.02);
      return gap;
    });
    const mean = gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length;
    console.log(
      `Route optimiser against HiGHS, ${gaps.length} days: mean gap ${(mean * 100).toFixed(3)} %, max ${(Math.max(...gaps) * 100).toFixed(3)} %`,
    );
  });
});
