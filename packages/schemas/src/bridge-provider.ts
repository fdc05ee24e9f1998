/**
 * The deposit-address bridge protocol (docs/bridge-provider.md), shared by the gateway's client and the devnet's
 * provider fixture so the two cannot drift apart.
 */

/** POST `/quote`'s body. Amounts are in the origin token's smallest unit; addresses in their chain's format. */
export interface BridgeQuoteRequest {
  originChainId: number;
  destinationChainId: number;
  amountRaw: string;
  recipient: string;
  refundTo: string;
  originCurrency: string;
  destinationCurrency: string;
}

/** POST `/quote`'s answer: the request echoed, with the deposit address opened for it. */
export interface BridgeQuote extends BridgeQuoteRequest {
  requestId: string;
  depositAddress: string;
  statusUrl: string;
  expiresAt: string;
}

/** GET `/status/{requestId}`'s `status`; a client treats any other string as unknown. */
export type BridgeStatus = 'waiting' | 'pending' | 'success' | 'failure' | 'refund';
