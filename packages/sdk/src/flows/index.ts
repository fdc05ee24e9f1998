export { sameAddress } from './address';
export {
  flowApiOf,
  type Bootstrap,
  type FlowApi,
  type FlowRoute,
  type PartnerAction,
  type PartnerActionStatus,
  type PartnerActionStep,
  type Redeem,
} from './api';
export type { FlowProgress, FlowSettings, FlowTiming } from './context';
export type { DepositParams, DepositResult } from './deposit';
export { eip1193Wallet, type Eip1193Provider } from './eip1193';
export { FlowStoppedError, type FlowStopDetails, type FlowStopReason, type RedemptionStatus } from './errors';
export { ethersSignerWallet, type EthersProviderLike, type EthersSignerLike } from './ethers-signer';
export { createVaultFlows, type VaultFlows, type VaultFlowsOptions } from './flows';
export type { CancelParams, ClaimParams } from './redemption';
export type { CallOutcome, CallRequest, FlowWallet, ReceiptSummary, TxRequest } from './wallet';
export type { WithdrawMode, WithdrawParams, WithdrawResult } from './withdraw';
