/**
 * The spec's integration rules for a partner backend, as the reference's first guides. The SDK flows are named
 * only: their options are documented with the SDK.
 */

const ACTIONS = '/api/v1/partner/actions';

export const DEPOSIT_GUIDE = `The spec's rules for a partner backend, in order. The \`deposit\` flow of \`@yv/sdk\` follows
them for a wallet it signs with; a backend that drives the API itself follows the same order.

1. **Fund first.** The account must already hold settlement-chain USDC (chain 999) when the action is created.
   Funds on another chain go through a bridge first, with the bridge recipient set to the account on chain 999
   (\`GET /api/v1/config\`, \`deposit.funding\`). The minimum deposit and the cap are read at run time:
   \`config.deposit.minimumDeposit\` and the vault's \`caps\` (\`GET /api/v1/vault\`). An amount over a cap is
   409 \`CAP_EXCEEDED\`, whose message names every limit it breaks, the account's balance included; an amount within
   the caps but above the balance is 400 \`BAD_ACTION_REQUEST\`.
2. **Create the action**: \`POST ${ACTIONS}/deposit\` with an \`Idempotency-Key\` (see [Idempotency](#tag/guide-idempotency)) and
   \`{amountRaw, account}\`, both required, and optionally \`receiver\` (default: \`account\`) and \`slippageBps\`
   (0 to 2000, default 50).
3. **Sign only the steps in \`steps\`, in order.** Never build a transaction of your own.
4. **After an approval step** whose \`refreshQuoteAfterConfirm\` is true is confirmed, read the allowance the
   signing wallet gave the \`depositPipe\` address (\`metadata.addresses.depositPipe\`) and go on only if it covers
   the amount. Then create a **fresh action with a new Idempotency-Key** before signing the deposit step. If the
   fresh action still has an approval step, stop and report the approval as pending. Creating the fresh action
   ends the first one \`cancelled\` (not failed): its approval step \`confirmed\`, \`lastError.code\` \`SUPERSEDED\` and
   \`lastError.supersededBy\` the fresh action's id. Reading an action never changes it.
5. **Verify the receipt** of the deposit transaction on chain 999: status success, and its target is the action's
   \`depositPipe\`.
6. **Submit only that verified hash** (\`POST ${ACTIONS}/{id}/submit\`), then poll \`GET ${ACTIONS}/{id}\` until the
   action is terminal: \`indexed\` (done) or \`failed\` (\`lastError\` says why). A hash chain 999 does not know
   (neither mined nor pending) is refused with 400 \`BAD_ACTION_REQUEST\` and the action is left as it was: submit
   the right hash to the same action, do not create a new one.

Webhooks (\`action.updated\`) tell you when to poll again; they never replace the poll.`;

export const WITHDRAWAL_GUIDE = `The spec's rules, in order. The \`withdraw\` flow of \`@yv/sdk\` follows rules 1, 2, 4 and 5,
and its \`claim\` and \`cancel\` flows rule 6.

1. **Read the truth first**: the wallet's position, redemptions and the vault's liquidity
   (\`GET /api/v1/bootstrap?wallet=…\`) give the share balance, the instant liquidity and the pending and claimable
   redemptions.
2. **Choose the exit.** If the instant liquidity covers the amount, create an instant redemption
   (\`POST ${ACTIONS}/redeem-instant\`, \`slippageBps\` required); otherwise a queued one
   (\`POST ${ACTIONS}/redeem-async\`). Persist the \`receiveChainId\` of a queued redemption: the claim needs it again.
3. **Other destination chains**: bridge deposit-address metadata (\`quote.metadata.withdrawal\`) comes with an
   instant redemption and with a claim. A queued redemption's metadata says \`mode\` = \`post-claim-quote\` and
   \`bridge\` = null: the bridge is quoted at claim time.
4. **Simulate the exact transaction** at the latest state before asking the wallet to sign; if it reverts, do not
   show the wallet request.
5. **Verify the receipt** (success, target the \`redemptionPipe\`), submit the hash and poll, as for a deposit. A
   queued redemption's action goes on after \`indexed\`: \`waiting_for_keeper\` → \`claimable\` → \`claimed\`, or
   \`cancelled\`.
6. **Waiting is not failing**: \`waiting_for_keeper\` means the redemption waits for keeper or strategy liquidity.
   When it is \`claimable\`, create a claim action (\`POST ${ACTIONS}/claim\`); while it is pending and you want out,
   a cancel action (\`POST ${ACTIONS}/cancel\`).`;
