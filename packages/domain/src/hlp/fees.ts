const BPS = 10_000;

/**
 * net = gross > 0 ? gross × (1 − performanceFeeBps / 10000) : gross.
 * The vault takes its performance fee only on gains above its high-water mark, so a flat or losing period
 * pays none. Works on any percentage figure (return, APR, APY).
 */
export function netOfPerformanceFee(grossPct: number, performanceFeeBps: number): number {
  return grossPct > 0 ? grossPct * (1 - performanceFeeBps / BPS) : grossPct;
}

/**
 * projected = netOfPerformanceFee(grossApr, performanceFeeBps) − managementFeeBps / 100.
 * The vault charges the management fee on assets (managementFeeBps per year, pro rata) whatever the result,
 * so it comes off the APR as a flat annual rate even in a losing year; the performance fee is measured on the
 * gross gain, before the management fee, as the vault's fee accrual does.
 */
export function projectedNetAprPct(
  grossAprPct: number,
  performanceFeeBps: number,
  managementFeeBps: number,
): number {
  return netOfPerformanceFee(grossAprPct, performanceFeeBps) - managementFeeBps / 100;
}
