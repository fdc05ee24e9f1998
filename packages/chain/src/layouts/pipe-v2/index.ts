import type { Result } from 'ethers';
import { Core__factory, DepositPipe__factory, RedemptionPipe__factory } from '@yv/contracts';
import type { Deployment } from '@yv/config';
import { REDEMPTION_STATUS_BY_CODE, type OnChainRedemption } from '../../quote-reader/types';
import { on, positionsCall, quoteViews, snapshotViews } from '../shared-views';
import type { IdentityCheck, VaultLayout } from '../types';
import { pipeV2Calls } from './calls';
import { decodePipeV2Logs, PIPE_V2_TOPICS } from './logs';

const core = Core__factory.createInterface();
const depositPipe = DepositPipe__factory.createInterface();
const redemptionPipe = RedemptionPipe__factory.createInterface();

export function redemptionStatus(code: number, id: bigint): OnChainRedemption['status'] {
  const status = REDEMPTION_STATUS_BY_CODE[code];
  if (status === undefined) throw new Error(`the vault answered unknown status ${code} for redemption ${id}`);
  return status;
}

/** svc-pipe-v2: Core keeps the accounting and owns the Share token; DepositPipe and RedemptionPipe are the entries. */
export function pipeV2Layout(d: Deployment): VaultLayout {
  const c = d.contracts;
  const accounting = { target: c.core, iface: core };
  const onCore = on(c.core, core);
  return {
    version: 'svc-pipe-v2',
    deployment: d,
    depositSpender: c.depositPipe,
    escrow: c.redemptionPipe,
    calls: pipeV2Calls(d),
    quoteViews: (r) => quoteViews(d, accounting, r),
    redemptionView: (id) => on(c.redemptionPipe, redemptionPipe)('getRedemption', id),
    toRedemption(id: bigint, answer: Result): OnChainRedemption {
      const raw = answer[0] as Result;
      return {
        id,
        owner: raw.owner as string,
        receiver: raw.receiver as string,
        shares: raw.shares as bigint,
        assets: raw.assets as bigint,
        status: redemptionStatus(Number(raw.status), id),
      };
    },
    snapshotViews: () => snapshotViews(d, accounting),
    positionsCall: positionsCall(accounting),
    followedAddresses: [c.depositPipe, c.redemptionPipe, c.share].map((a) => a.toLowerCase()),
    followedTopics: PIPE_V2_TOPICS,
    decodeLogs: decodePipeV2Logs,
    identityChecks: (): IdentityCheck[] => [
      { view: onCore('share'), label: 'Core.share()', expected: c.share },
      { view: onCore('asset'), label: 'Core.asset()', expected: c.usdc },
      { view: onCore('depositPipe'), label: 'Core.depositPipe()', expected: c.depositPipe },
      { view: onCore('redemptionPipe'), label: 'Core.redemptionPipe()', expected: c.redemptionPipe },
      { view: on(c.depositPipe, depositPipe)('core'), label: 'DepositPipe.core()', expected: c.core },
      {
        view: on(c.redemptionPipe, redemptionPipe)('core'),
        label: 'RedemptionPipe.core()',
        expected: c.core,
      },
    ],
  };
}
