/**
 * Half-up rounding to `digits` decimals that ignores binary noise: 1.005 is stored as 1.00499999…, which a plain
 * Math.round(x * 100) / 100 (or toFixed) would round down.
 */
export function roundTo(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(Number((value * scale).toPrecision(15))) / scale;
}
