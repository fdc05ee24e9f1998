import type { ApiErrorCode } from '../errors';
import {
  cancelQuoteExample,
  cancelRequestExample,
  claimQuoteExample,
  claimRequestExample,
  depositQuoteExample,
  depositRequestExample,
  example,
  fulfillQuoteExample,
  fulfillRequestExample,
  ok,
  redeemAsyncQuoteExample,
  redeemAsyncRequestExample,
  redeemInstantQuoteExample,
  redeemInstantRequestExample,
} from '../examples';
import type { SchemaName } from '../registry';
import { PUBLIC, errorResponses, jsonBody, jsonResponse, type Operation, type PathGroup } from './operations';

/** The transaction builders: priced, simulated, unsigned transactions. No credentials, nothing persisted. */

const READ_CODES: ApiErrorCode[] = ['BAD_REQUEST', 'BAD_ACTION_REQUEST', 'VAULT_READ_FAILED'];
const EXIT_CODES: ApiErrorCode[] = [...READ_CODES, 'OPERATIONS_NOT_READY'];

const VALIDITY =
  'Figures are read at `quoteBlock` in one batched read; the quote is valid for 120 s (`expiresAt`, QUOTE_TTL_MS). The returned transaction was simulated (eth_call from the account at `quoteBlock`) and would not revert there; a revert is 422 with the decoded reason, except the vault’s own slippage guard (`SlippageExceeded`, the output below the floor `slippageBps` set), which is 409 SLIPPAGE_EXCEEDED.';

function builder(
  operationId: string,
  summary: string,
  description: string,
  body: SchemaName,
  codes: ApiErrorCode[],
  sample: { summary: string; request: unknown; quote: unknown },
): Operation {
  return {
    operationId,
    summary,
    description: `${description}\n\n${VALIDITY}`,
    tags: ['builders'],
    security: PUBLIC,
    requestBody: jsonBody(body, { examples: { [operationId]: example(sample.summary, sample.request) } }),
    responses: {
      '200': jsonResponse('ActionQuoteResponse', 'The quote with the transaction to sign.', {
        [operationId]: example(sample.summary, ok(sample.quote)),
      }),
      ...errorResponses(codes, [413]),
    },
  };
}

export function buildersPaths(): PathGroup {
  return {
    tags: [
      {
        name: 'builders',
        description:
          'Unsigned transactions for the caller to sign and send itself. Nothing is stored: use partner actions to track an operation.',
      },
    ],
    paths: {
      '/api/v1/actions/deposit/quote': {
        post: builder(
          'quoteDeposit',
          'Quote a deposit',
          'The account must already hold the settlement-chain USDC (400 BAD_ACTION_REQUEST otherwise). When its allowance to the deposit spender (`depositPipe` of the addresses: DepositPipe on svc-pipe-v2, the vault itself on svc-vault-v3) is short, `requirements` holds the approval; the deposit `tx` is then checked against every deposit rule except the transfer (`checkDeposit`), and must be quoted again once the approval is confirmed.',
          'DepositRequest',
          [
            ...READ_CODES,
            'MIN_DEPOSIT_NOT_MET',
            'CAP_EXCEEDED',
            'ACTION_QUOTE_FAILED',
            'DEPOSITS_PAUSED',
            'DEPOSITS_NOT_READY',
            'SLIPPAGE_EXCEEDED',
          ],
          {
            summary: 'Deposit 2000 USDC, approval first',
            request: depositRequestExample,
            quote: depositQuoteExample,
          },
        ),
      },
      '/api/v1/actions/redeem-async/quote': {
        post: builder(
          'quoteRedeemAsync',
          'Quote a queued redemption',
          'Escrows the shares; the keeper fulfils later and the owner claims. With a `receiveChainId` other than 999, `metadata.withdrawal` describes the later bridge (`mode` post-claim-quote, `bridge` null): pass the same receiveChainId to the claim.',
          'RedeemAsyncRequest',
          [...EXIT_CODES, 'INSUFFICIENT_SHARES', 'ACTION_QUOTE_FAILED'],
          {
            summary: 'Queue 500 shares, to be paid on Arbitrum One',
            request: redeemAsyncRequestExample,
            quote: redeemAsyncQuoteExample,
          },
        ),
      },
      '/api/v1/actions/redeem-instant/quote': {
        post: builder(
          'quoteRedeemInstant',
          'Quote an instant redemption',
          'Redeems against the vault buffer in one transaction, with `minAssetsOut` enforced on chain; `slippageBps` is required (400 INSTANT_REDEEM_NO_SLIPPAGE). 409 BUFFER_SHORT when instant liquidity does not cover it: use a queued redemption. With a `receiveChainId` other than 999 the USDC is paid to a bridge deposit address (`metadata.withdrawal.postSettlementBridge.bridge`).',
          'RedeemInstantRequest',
          [
            ...EXIT_CODES,
            'INSTANT_REDEEM_NO_SLIPPAGE',
            'INSUFFICIENT_SHARES',
            'BUFFER_SHORT',
            'ACTION_QUOTE_FAILED',
            'SLIPPAGE_EXCEEDED',
          ],
          {
            summary: 'Redeem 500 shares at once',
            request: redeemInstantRequestExample,
            quote: redeemInstantQuoteExample,
          },
        ),
      },
      '/api/v1/actions/claim/build': {
        post: builder(
          'buildClaim',
          'Build a claim',
          'Claims a claimable redemption of `account`. With a `receiveChainId` other than 999 the on-chain receiver is a bridge deposit address that delivers to `receiver` on that chain and refunds `account`.',
          'ClaimRequest',
          [
            ...EXIT_CODES,
            'REDEEM_NOT_FOUND',
            'REDEEM_NOT_OWNER',
            'REDEEM_NOT_CLAIMABLE',
            'ACTION_BUILD_FAILED',
          ],
          {
            summary: 'Claim redemption 6 through a bridge to Arbitrum One',
            request: claimRequestExample,
            quote: claimQuoteExample,
          },
        ),
      },
      '/api/v1/actions/cancel/build': {
        post: builder(
          'buildCancel',
          'Build a cancel',
          'Cancels a pending redemption of `account`, returning its escrowed shares.',
          'CancelRequest',
          [
            ...EXIT_CODES,
            'REDEEM_NOT_FOUND',
            'REDEEM_NOT_OWNER',
            'REDEEM_NOT_CANCELABLE',
            'ACTION_BUILD_FAILED',
          ],
          { summary: 'Cancel redemption 7', request: cancelRequestExample, quote: cancelQuoteExample },
        ),
      },
      '/api/v1/actions/fulfill/build': {
        post: builder(
          'buildFulfill',
          'Build a fulfilment',
          'Fulfils a pending redemption (permissionless). 409 REDEEM_NOT_FULFILLABLE when it is not pending or the vault liquidity does not cover it. `expected.minAssetsOut` equals the quoted assets: fulfilRedeem takes no floor.',
          'FulfillRequest',
          [...EXIT_CODES, 'REDEEM_NOT_FOUND', 'REDEEM_NOT_FULFILLABLE', 'ACTION_BUILD_FAILED'],
          { summary: 'Fulfil redemption 7', request: fulfillRequestExample, quote: fulfillQuoteExample },
        ),
      },
    },
  };
}
