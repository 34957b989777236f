import { describe, expect, test } from 'vitest';
import { fitWithin, MAX_PHOTO_SIDE, normalizeQuarterTurn, scaleArea, turnedSize } from '@/lib/imageDownscale';

describe('fitWithin', () => {
  test('brings the long side down to the limit, keeping the shape', () => {
    expect(fitWithin(4032, 3024, MAX_PHOTO_SIDE)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3000, 6000, MAX_PHOTO_SIDE)).toEqual({ width: 1024, height: 2048 });
  });

  test('never enlarges a small picture, and never makes a side of 0', () => {
    expect(fitWithin(800, 200, MAX_PHOTO_SIDE)).toEqual({ width: 800, height: 200 });
    expect(fitWithin(100_000, 10, MAX_PHOTO_SIDE)).toEqual({ width: 2048, height: 1 });
  });
});

describe('normalizeQuarterTurn', () => {
  test('keeps any number of quarter turns between 0 and 270', () => {
    expect([0, 90, -90, 360, 450, -180, 720].map(normalizeQuarterTurn)).toEqual([0, 90, 270, 0, 90, 180, 0]);
  });
});

describe('turnedSize', () => {
  test('swaps the sides for a quarter or three-quarter turn only', () => {
    expect(turnedSize(400, 300, 90)).toEqual({ width: 300, height: 400 });
    expect(turnedSize(400, 300, 270)).toEqual({ width: 300, height: 400 });
    expect(turnedSize(400, 300, 180)).toEqual({ width: 400, height: 300 });
    expect(turnedSize(400, 300, -360)).toEqual({ width: 400, height: 300 });
  });
});

describe('scaleArea', () => {
  test("maps the preview's crop onto the full picture", () => {
    expect(scaleArea({ x: 10, y: 20, width: 500, height: 100 }, 4, { width: 4000, height: 3000 })).toEqual({
      x: 40,
      y: 80,
      width: 2000,
      height: 400,
    });
  });

  test('never leaves the picture, whatever the rounding', () => {
    expect(scaleArea({ x: 1000, y: 740, width: 25, height: 10 }, 4, { width: 4003, height: 2999 })).toEqual({
      x: 4000,
      y: 2960,
      width: 3,
      height: 39,
    });
    expect(scaleArea({ x: -2, y: 0, width: 2000, height: 2000 }, 2, { width: 3000, height: 3000 })).toEqual({
      x: 0,
      y: 0,
      width: 3000,
      height: 3000,
    });
  });
});
