import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { addApiFormats, buildOpenApi, API_ERROR_STATUS, type ApiErrorCode } from '../src';

/**
 * Every example in the document must be a value its schema accepts, whichever area added it, so a partner who
 * copies one gets an answer the API really gives (or a request it really takes).
 */

const DOC_ID = 'https://yield-vault.invalid/partner-api/openapi.json';
const doc = buildOpenApi({ serverUrl: 'http://127.0.0.1:8080' });

type ErrorExample = { success: false; error: { code: ApiErrorCode } };

function resolve(pointer: string): unknown {
  return pointer
    .slice(2)
    .split('/')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], doc);
}

interface Found {
  at: string;
  schema: unknown;
  examples: { name: string; value: unknown }[];
}

/** Objects with a `schema` and examples (media types, parameters, headers), outside the schemas themselves. */
function examplesIn(node: unknown, at: string): Found[] {
  if (node === null || typeof node !== 'object') return [];
  if (at === '/components/schemas') return [];
  const record = node as Record<string, unknown>;
  const here: Found[] = [];
  if ('schema' in record && ('examples' in record || 'example' in record)) {
    const named = Object.entries((record.examples ?? {}) as Record<string, { value: unknown }>).map(
      ([name, item]) => ({ name, value: item.value }),
    );
    here.push({
      at,
      schema: record.schema,
      examples: 'example' in record ? [...named, { name: 'example', value: record.example }] : named,
    });
  }
  const children = Object.entries(record).flatMap(([key, child]) =>
    examplesIn(child, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
  );
  return [...here, ...children];
}

/** The document's refs are local (`#/components/...`); made absolute, they resolve from an inline schema too. */
function absoluteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(absoluteRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === '$ref' && typeof child === 'string' && child.startsWith('#/')
        ? `${DOC_ID}${child}`
        : absoluteRefs(child),
    ]),
  );
}

function compiler(): (schema: unknown) => ValidateFunction {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addApiFormats(ajv);
  ajv.addKeyword('components');
  ajv.addSchema({ $id: DOC_ID, components: { schemas: doc.components.schemas } });
  return (schema) => ajv.compile(absoluteRefs(schema) as object);
}

const found = examplesIn(doc, '');
const compile = compiler();

it('finds the examples of the whole document', () => {
  expect(found.flatMap((item) => item.examples).length).toBeGreaterThan(50);
});

it.each(found.flatMap((item) => item.examples.map((ex) => [`${item.at} ${ex.name}`, item.schema, ex.value])))(
  '%s validates against its schema',
  (_label, schema, value) => {
    const validate = compile(schema);
    validate(value);
    expect(validate.errors ?? []).toEqual([]);
  },
);

/** BAD_REQUEST is also the code of an unknown route (404), an oversized body (413) and a rate limit (429). */
const statusOf = (code: ApiErrorCode, status: number) =>
  code === 'BAD_REQUEST' && [404, 413, 429].includes(status) ? status : API_ERROR_STATUS[code];

it.each(
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) =>
      Object.entries(operation.responses)
        .filter(([status]) => /^[45]\d\d$/.test(status))
        .map(
          ([status, response]) =>
            [`${method.toUpperCase()} ${path} ${status}`, Number(status), response] as const,
        ),
    ),
  ),
)('%s shows error envelopes of codes of that status', (_label, status, response) => {
  const target = '$ref' in response ? resolve(String(response.$ref)) : response;
  const media = (target as { content?: Record<string, { examples?: Record<string, { value: unknown }> }> })
    .content?.['application/json'];
  const codes = Object.values(media?.examples ?? {}).map((item) => (item.value as ErrorExample).error.code);
  for (const code of codes) expect({ code, status: statusOf(code, status) }).toEqual({ code, status });
  // A shared error response shows every code the operation names in its description.
  if ('$ref' in response) {
    const named = /Codes: ([A-Z_, ]+)\./.exec(String(response.description))?.[1]?.split(', ') ?? [];
    expect(named.length).toBeGreaterThan(0);
    expect(codes).toEqual(expect.arrayContaining(named));
  }
});

/** Every operation of the document and every webhook it sends, whichever area adds it. */
const OPERATIONS = [...Object.entries(doc.paths), ...Object.entries(doc.webhooks)].flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as const),
);

/** The examples of a request body or response, following a `$ref` to a shared error response. */
function examplesOf(part: unknown): Record<string, unknown> | undefined {
  const target =
    part !== null && typeof part === 'object' && '$ref' in part ? resolve(String(part.$ref)) : part;
  const media = (target as { content?: Record<string, { examples?: Record<string, unknown> }> } | undefined)
    ?.content?.['application/json'];
  return media?.examples;
}

it.each(OPERATIONS)(
  '%s has a request example and examples of its success and error answers',
  (_label, operation) => {
    const missing: string[] = [];
    if (operation.requestBody && Object.keys(examplesOf(operation.requestBody) ?? {}).length === 0) {
      missing.push('request body');
    }
    for (const [status, response] of Object.entries(operation.responses)) {
      // Answers without a body (a webhook receiver's 2XX or 410) have nothing to show.
      const hasBody = '$ref' in response || 'content' in response;
      if (hasBody && Object.keys(examplesOf(response) ?? {}).length === 0) missing.push(`response ${status}`);
    }
    expect(missing).toEqual([]);
  },
);

it('documents every operation with at least one success answer', () => {
  const without = OPERATIONS.filter(
    ([, operation]) => !Object.keys(operation.responses).some((status) => /^2(\d\d|XX)$/.test(status)),
  );
  expect(without.map(([label]) => label)).toEqual([]);
});
