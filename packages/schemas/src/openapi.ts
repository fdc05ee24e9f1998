import { guideTags, tagGroups, type GuideTag, type TagGroup } from './guides';
import { buildersPaths } from './paths/builders';
import { metaPaths } from './paths/meta';
import { partnerActionsPaths } from './paths/partner-actions';
import { partnerApiKeysPaths } from './paths/partner-api-keys';
import { partnerEventsPaths } from './paths/partner-events';
import { partnerWebhookEndpointPaths } from './paths/partner-webhook-endpoint';
import { withRateLimits } from './paths/rate-limits';
import {
  errorResponseComponents,
  parameterComponents,
  securitySchemes,
  type PathGroup,
  type PathsObject,
  type Tag,
} from './paths/operations';
import { readsPaths } from './paths/reads';
import { webhooksPaths } from './paths/webhooks';
import { schemas } from './registry';
import { MAX_BODY_DEPTH } from './limits';

export * from './paths/operations';
export type { GuideTag, TagGroup } from './guides';
export { readsPaths } from './paths/reads';
export { metaPaths } from './paths/meta';
export { buildersPaths } from './paths/builders';
export { partnerActionsPaths } from './paths/partner-actions';
export { partnerApiKeysPaths } from './paths/partner-api-keys';
export { partnerEventsPaths } from './paths/partner-events';
export { partnerWebhookEndpointPaths } from './paths/partner-webhook-endpoint';
export { webhooksPaths } from './paths/webhooks';

type ComponentKind = 'schemas' | 'responses' | 'parameters';

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: {
    title: string;
    version: string;
    summary: string;
    description: string;
    license: { name: string; identifier: string };
  };
  servers: { url: string; description: string }[];
  tags: (Tag | GuideTag)[];
  'x-tagGroups': TagGroup[];
  paths: PathsObject;
  webhooks: PathsObject;
  components: Record<ComponentKind, Record<string, unknown>> & {
    securitySchemes: Partial<typeof securitySchemes>;
  };
}

export interface OpenApiOptions {
  /** Base URL of the deployment, without a trailing slash. */
  serverUrl: string;
  /** The areas to document; each area adds its own path function here. */
  groups?: PathGroup[];
}

export function defaultPathGroups(): PathGroup[] {
  return [
    readsPaths(),
    buildersPaths(),
    partnerActionsPaths(),
    partnerApiKeysPaths(),
    partnerWebhookEndpointPaths(),
    partnerEventsPaths(),
    webhooksPaths(),
    metaPaths(),
  ];
}

const DESCRIPTION = `HTTP JSON API of a USDC yield vault settling on chain 999. The service never signs or sends
transactions: it returns unsigned transaction requests and tracks the hashes the caller submits.

The guides come first: how to deposit and withdraw, idempotency, rate limits, errors and the webhook events;
then every operation, with examples of its requests and answers.

Conventions:
- Every response is \`{success: true, data, meta: {updatedAt, ...}}\` or \`{success: false, error: {code, message}}\`,
  except the two documents under the \`meta\` tag. Branch on \`error.code\`; each code has one fixed HTTP status.
- Token amounts are integer strings in the smallest unit (\`raw\`, \`amountRaw\`, \`sharesRaw\`; USDC has 6 decimals);
  Amount objects add \`decimals\` and a display-only \`formatted\`. USD analytics figures are plain numbers.
- A field is null only where its value can legitimately be absent (a redemption's fulfilment hash before fulfilment,
  a yield window longer than the history); such fields are still always present.
- Response objects are closed where this document lists every field, so unknown fields are never sent; \`meta\` and the
  fields documented as free-form may gain keys, which clients must ignore.
- Request bodies are closed: unknown fields are 400 BAD_REQUEST. Optional fields and their defaults are documented
  on each body. A body must be UTF-8 JSON nested at most ${MAX_BODY_DEPTH} levels deep; one that is not is 400
  BAD_REQUEST before anything else about it is checked.
- Lists are paged newest first with an opaque \`cursor\` and \`limit\` (1 to 100, default 25); \`meta.nextCursor\` is
  null on the last page.
- EVM addresses (bodies, \`{address}\`, \`wallet\`) are hex in one case, or mixed case with a valid EIP-55 checksum;
  a wrong checksum is a 400 naming the field (see [Errors](#tag/guide-errors)).
- Every \`/api/v1\` route but \`/api/v1/health\` and \`/api/v1/openapi.json\` is rate limited, with \`RateLimit-Policy\`
  and \`RateLimit\` headers on every answer and 429 with \`Retry-After\` over the limit: see [Rate limits](#tag/guide-rate-limits).
  A read or builder called with your partner key counts against your partner budget.
- Browsers: the operations without credentials (reads, builders, health, this document) answer CORS, preflights
  included, for the origins the operator allows (any, \`*\`, unless restricted), exposing \`X-Request-Id\`, the
  rate-limit headers and \`Retry-After\`. Partner and cron routes send no CORS headers, and \`Authorization\` is not an
  allowed request header: a partner key never belongs in a browser.
- Paths carry the version (\`/api/v1\`); additions are backwards compatible, removals get a new version.`;

export function buildOpenApi({ serverUrl, groups = defaultPathGroups() }: OpenApiOptions): OpenApiDocument {
  // Added to the merged paths, so every limited route documents its 429 and headers whatever area it is in.
  const paths = withRateLimits(mergePaths(groups));
  const webhooks = mergePaths(groups.map((group) => ({ tags: [], paths: group.webhooks ?? {} })));
  const guides = guideTags(paths);
  const tags = mergeTags(groups);
  const components = pruneComponents(
    { paths, webhooks },
    {
      schemas,
      responses: errorResponseComponents,
      parameters: parameterComponents,
    },
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Yield Vault Partner API',
      version: '1.0.0',
      summary: 'Reads, transaction builders and persisted partner actions for the USDC yield vault.',
      description: DESCRIPTION,
      license: {
        name: 'Proprietary: use is governed by the partner agreement',
        identifier: 'LicenseRef-Proprietary',
      },
    },
    servers: [{ url: serverUrl.replace(/\/+$/, ''), description: 'This deployment.' }],
    tags: [...guides, ...tags],
    'x-tagGroups': tagGroups(guides, tags),
    paths,
    webhooks,
    components: { ...components, securitySchemes: usedSecuritySchemes(paths) },
  };
}

/** Joins the areas' paths; two areas defining one method on one path is a programming error. */
export function mergePaths(groups: readonly PathGroup[]): PathsObject {
  const merged: PathsObject = {};
  for (const group of groups) {
    for (const [path, item] of Object.entries(group.paths)) {
      const existing = merged[path] ?? {};
      for (const method of Object.keys(item) as (keyof typeof item)[]) {
        if (existing[method]) throw new Error(`OpenAPI path defined twice: ${method.toUpperCase()} ${path}`);
      }
      merged[path] = { ...existing, ...item };
    }
  }
  return merged;
}

function mergeTags(groups: readonly PathGroup[]): Tag[] {
  const byName = new Map<string, Tag>();
  for (const tag of groups.flatMap((group) => group.tags)) byName.set(tag.name, byName.get(tag.name) ?? tag);
  return [...byName.values()];
}

/**
 * Keeps the components reachable from the paths. The schema registry holds every shape of the API, and the
 * document only shows those some documented operation uses, so it never lists orphans.
 */
function pruneComponents(
  paths: unknown,
  all: Record<ComponentKind, Record<string, unknown>>,
): Record<ComponentKind, Record<string, unknown>> {
  const kept: Record<ComponentKind, Record<string, unknown>> = { schemas: {}, responses: {}, parameters: {} };
  const pending = collectRefs(paths);
  while (pending.length > 0) {
    const target = pending.pop() as string;
    const match = /^#\/components\/(schemas|responses|parameters)\/([^/]+)$/.exec(target);
    if (!match) throw new Error(`OpenAPI ref outside components: ${target}`);
    const kind = match[1] as ComponentKind;
    const name = match[2] as string;
    if (name in kept[kind]) continue;
    const component = all[kind][name];
    if (component === undefined) throw new Error(`OpenAPI ref to a missing component: ${target}`);
    kept[kind][name] = component;
    pending.push(...collectRefs(component));
  }
  return {
    schemas: sortByKey(kept.schemas),
    responses: sortByKey(kept.responses),
    parameters: sortByKey(kept.parameters),
  };
}

function usedSecuritySchemes(paths: PathsObject): Partial<typeof securitySchemes> {
  const used = new Set(
    Object.values(paths)
      .flatMap((item) => Object.values(item))
      .flatMap((operation) => operation.security.flatMap((requirement) => Object.keys(requirement))),
  );
  return Object.fromEntries(Object.entries(securitySchemes).filter(([name]) => used.has(name)));
}

function collectRefs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(collectRefs);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === '$ref' && typeof child === 'string' ? [child] : collectRefs(child),
  );
}

function sortByKey(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
