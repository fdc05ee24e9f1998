import { RATE_LIMIT_HEADERS } from '../paths/rate-limits';
import { PARTNER_PATH_PREFIX, RATE_LIMIT_EXEMPT_PATHS } from '../rate-limits';
import { markdownTable } from './table';

export const RATE_LIMITS_GUIDE = `Requests are counted in a fixed window per budget, shared by every replica of the API:

- **Partner routes** (\`${PARTNER_PATH_PREFIX}…\`): one budget per partner, whichever of its API keys is used
  (policy \`"partner"\`; 600 a minute unless the operator set another, for all partners or for yours).
- **Every other \`/api/v1\` route** (reads, builders): one budget per client address (policy \`"public"\`; 120 a
  minute unless the operator set another).
- **A read or builder called with your key** (\`Authorization: Bearer <API_KEY>\`, from your server): your partner
  budget instead (policy \`"partner"\`, the same budget as your partner routes), so a server polling
  \`/api/v1/wallets/{address}/redeems\` for all your users is not held to one client address's 120 a minute.
  \`@yv/sdk\` sends the key on every call. A Bearer key that is not valid (wrong, revoked, past its grace) is
  **401 \`PARTNER_UNAUTHORIZED\`** on these routes too, never a silent fall back to the address budget; without the
  header they need no credentials. Never send the key from a browser: CORS does not allow the header.
- **Refused keys**: a partner key that is refused (wrong, revoked, past its grace) counts against a budget of the
  client address (policy \`"refused-key"\`; 30 a minute unless the operator set another). Past it, every request
  with a key from that address is 429 until the window resets, before its key is even looked up. Valid keys never
  spend it.
- **Never limited**: ${RATE_LIMIT_EXEMPT_PATHS.map((path) => `\`${path}\``).join(', ')}, and everything outside
  \`/api/v1\` (\`/docs\`, the cron route).

Every answer of a limited route (of one called with a key, once the key is accepted) carries the budget and what is
left of it, in the structured-field form of draft-ietf-httpapi-ratelimit-headers:

${markdownTable(
  ['header', 'meaning'],
  Object.entries(RATE_LIMIT_HEADERS).map(([name, header]) => [`\`${name}\``, header.description]),
)}

Over the budget the answer is **429** with code \`BAD_REQUEST\` (the error table has no code of its own for it), a
message naming the limit, and \`Retry-After\` in seconds: wait that long, then go on. Pace yourself by \`RateLimit\`
before that happens. \`@yv/sdk\` retries a 429 after its \`Retry-After\` with the same Idempotency-Key.

When the limiter cannot answer in time (its store is slow or down) the request goes on unlimited and without the
two headers: their absence is not an error.`;
