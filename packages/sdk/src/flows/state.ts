import type { Bootstrap } from './api';
import type { FlowContext } from './context';
import { FlowStoppedError } from './errors';

type Section = 'position' | 'vault';

/**
 * The bootstrap sections a decision needs (withdrawal rule 1: bootstrap is the truth for balances and liquidity).
 * A null section stops the flow: deciding on missing data could sign the wrong transaction.
 */
export async function readState<S extends Section>(
  ctx: FlowContext,
  sections: readonly S[],
): Promise<{ [K in S]: NonNullable<Bootstrap[K]> }> {
  const bootstrap = await ctx.api.bootstrap(ctx.account);
  const missing = sections.filter((section) => bootstrap[section] === null);
  if (missing.length > 0)
    throw new FlowStoppedError(
      'state_unavailable',
      `the bootstrap read has no ${missing.join(', ')} section`,
      { context: { errors: bootstrap.errors } },
    );
  return Object.fromEntries(sections.map((section) => [section, bootstrap[section]])) as {
    [K in S]: NonNullable<Bootstrap[K]>;
  };
}
