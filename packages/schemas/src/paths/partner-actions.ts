import type { ApiErrorCode } from '../errors';
import {
  cancelActionExample,
  cancelRequestExample,
  claimActionExample,
  claimRequestExample,
  depositActionExample,
  depositRequestExample,
  example,
  fulfillActionExample,
  fulfillRequestExample,
  ok,
  page,
  redeemAsyncActionExample,
  redeemAsyncRequestExample,
  redeemInstantActionExample,
  redeemInstantRequestExample,
  submitRequestExample,
  submittedDepositActionExample,
} from '../examples';
import { ActionIdParameter, ActionStatusParameter, ActionWalletParameter } from '../parameters';
import { ref } from '../ref';
import type { SchemaName } from '../registry';
import {
  PARTNER_AUTH_CODES,
  PARTNER_KEY,
  errorResponses,
  jsonBody,
  jsonResponse,
  parameter,
  type Operation,
  type PathGroup,
} from './operations';

/** Persisted, idempotent partner actions: create, submit the sent hash, read, list. Bearer partner key. */

const BASE = '/api/v1/partner/actions';

const CREATE_CODES: ApiErrorCode[] = [
  ...PARTNER_AUTH_CODES,
  'BAD_REQUEST',
  'BAD_ACTION_REQUEST',
  'IDEMPOTENCY_KEY_REQUIRED',
  'BAD_IDEMPOTENCY_KEY',
  'IDEMPOTENCY_CONFLICT',
  'ACTION_QUOTE_FAILED',
  'VAULT_READ_FAILED',
];
const REDEMPTION_CODES: ApiErrorCode[] = [
  'REDEEM_NOT_FOUND',
  'REDEEM_NOT_OWNER',
  'OPERATIONS_NOT_READY',
  'INDEXER_UNAVAILABLE',
];

const LIFECYCLE = `Statuses: created → submitted (POST /{id}/submit) → confirmed (receipt status 1: \`receiptBlockNumber\` set,
\`indexingPending\` true) → indexed; a redeem_async then goes waiting_for_keeper → claimable → claimed, or → cancelled.
An unsigned deposit with an approval step ends \`cancelled\` when the partner creates the fresh action of the same
deposit after the approval (integration rule 4): its approval step \`confirmed\`, \`lastError\` {code SUPERSEDED,
message, supersededBy: the fresh action's id}. Reading an action never changes it.
\`failed\` carries \`lastError\` {code, message} with code TX_REVERTED (receipt status 0), TX_DROPPED (the transaction
left the node unmined, or was not mined within the drop window, 30 minutes by default), TX_MISMATCH (the transaction
is not the final step) or QUOTE_EXPIRED (\`quote.expiresAt\` passed with nothing submitted; an approval step the chain
covers shows \`confirmed\`).`;

const IDEMPOTENCY = `Idempotent per partner and \`Idempotency-Key\` (8 to 160 characters): the first request is fingerprinted
(method, path, body with keys sorted). Repeating it returns the stored action with \`idempotentReplay\` true and the same
201; the same key with a different body is 409 IDEMPOTENCY_CONFLICT; concurrent first requests create one action.
A quote failure stores nothing, so the key can be used again.`;

function create(
  operationId: string,
  summary: string,
  description: string,
  body: SchemaName,
  codes: ApiErrorCode[],
  sample: { summary: string; request: unknown; action: unknown },
): Operation {
  return {
    operationId,
    summary,
    description: `${description}\n\n${IDEMPOTENCY}\n\n${LIFECYCLE}`,
    tags: ['partner-actions'],
    security: PARTNER_KEY,
    parameters: [parameter('IdempotencyKey')],
    requestBody: jsonBody(body, { examples: { [operationId]: example(sample.summary, sample.request) } }),
    responses: {
      '201': jsonResponse(
        'PartnerActionResponse',
        'The new action (status `created`), or the replayed one.',
        {
          [operationId]: example(sample.summary, ok(sample.action)),
        },
      ),
      ...errorResponses([...CREATE_CODES, ...codes], [413]),
    },
  };
}

const ActionListResponse = {
  type: 'object',
  description: 'A page of partner actions, newest first.',
  required: ['success', 'data', 'meta'],
  additionalProperties: false,
  properties: {
    success: { const: true },
    data: { type: 'array', items: ref('PartnerAction') },
    meta: ref('PageMeta'),
  },
} as const;

export function partnerActionsPaths(): PathGroup {
  return {
    tags: [
      {
        name: 'partner-actions',
        description:
          'Persisted, idempotent actions of a partner: the steps to sign, the submitted hash, and the status until the vault has done it. Server-side only: `Authorization: Bearer <API_KEY>`.',
      },
    ],
    paths: {
      [`${BASE}/deposit`]: {
        post: create(
          'createDepositAction',
          'Create a deposit action',
          'The account must already hold settlement-chain USDC (`metadata.funding`). When the allowance is short, the first step is an approval with `refreshQuoteAfterConfirm`: after it is confirmed, create a fresh action with a new key.',
          'DepositRequest',
          [
            'MIN_DEPOSIT_NOT_MET',
            'CAP_EXCEEDED',
            'DEPOSITS_PAUSED',
            'DEPOSITS_NOT_READY',
            'SLIPPAGE_EXCEEDED',
          ],
          {
            summary: 'Deposit 2000 USDC: approve, then deposit',
            request: depositRequestExample,
            action: depositActionExample,
          },
        ),
      },
      [`${BASE}/redeem-async`]: {
        post: create(
          'createRedeemAsyncAction',
          'Create a queued redemption action',
          'Escrows the shares in the redemption pipe; the keeper fulfils it later. Persist `receiveChainId` and pass it again to the claim.',
          'RedeemAsyncRequest',
          ['INSUFFICIENT_SHARES', 'OPERATIONS_NOT_READY'],
          {
            summary: 'A replay of the request, once the redemption is queued',
            request: redeemAsyncRequestExample,
            action: redeemAsyncActionExample,
          },
        ),
      },
      [`${BASE}/redeem-instant`]: {
        post: create(
          'createRedeemInstantAction',
          'Create an instant redemption action',
          "Not in the spec's table (the kind `redeem_instant` is): redeems against the vault buffer in one transaction. `slippageBps` is required in practice.",
          'RedeemInstantRequest',
          [
            'INSUFFICIENT_SHARES',
            'BUFFER_SHORT',
            'INSTANT_REDEEM_NO_SLIPPAGE',
            'SLIPPAGE_EXCEEDED',
            'OPERATIONS_NOT_READY',
          ],
          {
            summary: 'Redeem 500 shares at once',
            request: redeemInstantRequestExample,
            action: redeemInstantActionExample,
          },
        ),
      },
      [`${BASE}/claim`]: {
        post: create(
          'createClaimAction',
          'Create a claim action',
          'Claims a claimable redemption for `receiver`.',
          'ClaimRequest',
          [...REDEMPTION_CODES, 'REDEEM_NOT_CLAIMABLE'],
          {
            summary: 'Claim redemption 6 through a bridge to Arbitrum One',
            request: claimRequestExample,
            action: claimActionExample,
          },
        ),
      },
      [`${BASE}/cancel`]: {
        post: create(
          'createCancelAction',
          'Create a cancel action',
          'Cancels a pending redemption; the escrowed shares return to the owner.',
          'CancelRequest',
          [...REDEMPTION_CODES, 'REDEEM_NOT_CANCELABLE'],
          { summary: 'Cancel redemption 7', request: cancelRequestExample, action: cancelActionExample },
        ),
      },
      [`${BASE}/fulfill`]: {
        post: create(
          'createFulfillAction',
          'Create a fulfil action',
          "Not in the spec's table (the kind `fulfill_redeem` is): fulfilment is permissionless, so the signer is any wallet the partner chooses and `wallet` is the one in the plan.",
          'FulfillRequest',
          ['REDEEM_NOT_FOUND', 'REDEEM_NOT_FULFILLABLE', 'OPERATIONS_NOT_READY', 'INDEXER_UNAVAILABLE'],
          { summary: 'Fulfil redemption 7', request: fulfillRequestExample, action: fulfillActionExample },
        ),
      },
      [`${BASE}/{id}/submit`]: {
        post: {
          operationId: 'submitPartnerAction',
          summary: 'Attach the sent final transaction',
          description: `Send only after the receipt was verified (integration guide). A transaction visible on chain must be exactly the final step: sent by the action's \`wallet\`, to the step's \`tx.to\` with its \`tx.data\` and value, on chain 999; otherwise 409 IDEMPOTENCY_CONFLICT with what differs, and the action is unchanged. A hash chain 999 does not know, neither mined nor pending, is 400 BAD_ACTION_REQUEST and the action is unchanged, so the right hash can still be submitted; an unreadable node is 503 VAULT_READ_FAILED. Only created or requires_signature actions accept a submit. The same hash again returns the action with \`idempotentReplay\` true; another hash after a submit, or a hash already attached to another action, is 409 IDEMPOTENCY_CONFLICT. No Idempotency-Key.\n\n${LIFECYCLE}`,
          tags: ['partner-actions'],
          security: PARTNER_KEY,
          parameters: [ActionIdParameter],
          requestBody: jsonBody('SubmitRequest', {
            examples: { deposit: example('The hash of the sent deposit', submitRequestExample) },
          }),
          responses: {
            '200': jsonResponse(
              'PartnerActionResponse',
              'The action, now submitted (or unchanged on a replay).',
              {
                deposit: example('The deposit, submitted', ok(submittedDepositActionExample)),
              },
            ),
            ...errorResponses(
              [
                ...PARTNER_AUTH_CODES,
                'BAD_REQUEST',
                'BAD_ACTION_REQUEST',
                'PARTNER_ACTION_NOT_FOUND',
                'IDEMPOTENCY_CONFLICT',
                'VAULT_READ_FAILED',
              ],
              [413],
            ),
          },
        },
      },
      [`${BASE}/{id}`]: {
        get: {
          operationId: 'getPartnerAction',
          summary: 'Read an action',
          description: `Poll until a terminal status (indexed, claimed, cancelled, failed).\n\n${LIFECYCLE}`,
          tags: ['partner-actions'],
          security: PARTNER_KEY,
          parameters: [ActionIdParameter],
          responses: {
            '200': jsonResponse('PartnerActionResponse', 'The action.', {
              queued: example('A queued redemption waiting for the keeper', ok(redeemAsyncActionExample)),
            }),
            ...errorResponses([...PARTNER_AUTH_CODES, 'PARTNER_ACTION_NOT_FOUND']),
          },
        },
      },
      [BASE]: {
        get: {
          operationId: 'listPartnerActions',
          summary: "List the partner's actions",
          description: 'Newest first, paged with `cursor` / `meta.nextCursor`.',
          tags: ['partner-actions'],
          security: PARTNER_KEY,
          parameters: [ActionWalletParameter, ActionStatusParameter, parameter('Cursor'), parameter('Limit')],
          responses: {
            '200': {
              description: 'A page of actions.',
              content: {
                'application/json': {
                  schema: ActionListResponse,
                  examples: {
                    firstPage: example(
                      'The first page of two actions, more to come',
                      page([redeemAsyncActionExample, depositActionExample], 'MjAyNS0wNi0wMVQxMDo1OTowMFo'),
                    ),
                  },
                },
              },
            },
            ...errorResponses([...PARTNER_AUTH_CODES, 'BAD_REQUEST', 'BAD_WALLET']),
          },
        },
      },
    },
  };
}
