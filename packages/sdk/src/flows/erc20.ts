import { decodeUint256, encodeAddressCall } from './address';
import type { FlowContext } from './context';
import { FlowStoppedError } from './errors';

/** ERC-20 `allowance(address owner, address spender)`. */
const ALLOWANCE = '0xdd62ed3e';

/** The allowance `owner` gave `spender` on `token`, read at the latest block through the flow's wallet. */
export async function readAllowance(
  ctx: FlowContext,
  token: string,
  owner: string,
  spender: string,
): Promise<bigint> {
  const outcome = await ctx.wallet.call({
    from: owner,
    to: token,
    data: encodeAddressCall(ALLOWANCE, owner, spender),
    value: '0',
  });
  if (!outcome.ok)
    throw new FlowStoppedError('state_unavailable', `allowance(${owner}, ${spender}) reverted on ${token}`, {
      context: { revert: outcome.revert },
    });
  return decodeUint256(outcome.data);
}
