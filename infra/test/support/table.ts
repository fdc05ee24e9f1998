/** A suite's printed table: each column padded to its widest cell, a rule under the head, blank lines around. */
export function textTable(head: string[], lines: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  return ['', fmt(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(fmt), ''].join('\n');
}
