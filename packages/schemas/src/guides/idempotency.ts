import { IdempotencyKey } from '../action-requests';
import type { PathsObject } from '../paths/operations';

const KEY_PARAMETER = '#/components/parameters/IdempotencyKey';

/** The operations that take an Idempotency-Key, read off the paths, so a new creating route is listed by itself. */
function keyedOperations(paths: PathsObject): string[] {
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) =>
        (operation.parameters ?? []).some(
          (parameter) => '$ref' in parameter && parameter.$ref === KEY_PARAMETER,
        ),
      )
      .map(([method]) => `\`${method.toUpperCase()} ${path}\``),
  );
}

export function idempotencyGuide(paths: PathsObject): string {
  return `Every creating partner-action request carries an \`Idempotency-Key\` header, so a retry after a timeout or a
crash never creates a second action:

${keyedOperations(paths)
  .map((operation) => `- ${operation}`)
  .join('\n')}

- **The key**: ${IdempotencyKey.minLength} to ${IdempotencyKey.maxLength} characters, chosen by you (a UUID will do).
  Missing: 400 \`IDEMPOTENCY_KEY_REQUIRED\`; another length: 400 \`BAD_IDEMPOTENCY_KEY\`. Keys belong to the
  partner (not to one endpoint) and never expire.
- **Replay**: the same key with the same method, path and body (key order and whitespace do not count) answers the
  stored action as it is now, with \`idempotentReplay: true\` and the first answer's status (201), without quoting
  again. Reuse the key of an attempt whose answer you did not get.
- **Conflict**: the same key with another request is 409 \`IDEMPOTENCY_CONFLICT\`, naming the action that holds it.
  Leaving out a field that has a default and sending its default are two different requests.
- **Refusals store nothing**: a request refused by validation or by the quote creates no action, so its key can be
  used again.
- **A fresh action needs a fresh key**, e.g. after an approval step (see [Deposit sequence](#tag/guide-deposit)).
- **Submit** (\`POST …/{id}/submit\`) takes no key: it is idempotent per hash. The same hash again answers the action
  unchanged with \`idempotentReplay: true\`; another hash once one is attached is 409 \`IDEMPOTENCY_CONFLICT\`.

\`@yv/sdk\` sends a new random key per create unless you pass one, and keeps it across its own retries.`;
}
