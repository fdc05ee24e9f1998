/**
 * docs/configuration.md's "Configuration reference" is where an operator looks a variable up, so its common, service,
 * devnet and stack tables are held to the specs the code parses: exactly the same variables, each default as the field
 * itself shows it. Adding a variable to a spec, or changing a default, fails here until the document says so.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { common, type EnvSpec, type Field } from '../../packages/config/src';
import { devnetSpec } from '../../packages/devnet/src/config';
import { gatewaySpec } from '../../services/gateway/src/config';
import { indexerEnv } from '../../services/indexer/src/config';
import { watcherEnv } from '../../services/watcher/src/config';
import { webhookWorkerEnv } from '../../services/webhook-worker/src/config';
import { stackSpec } from '../../scripts/stack-config';

const root = path.resolve(__dirname, '../..');

const commonSpec: EnvSpec = common;
/** Every service spreads `common`; the devnet picks only some of its fields. */
const services: Record<string, EnvSpec> = {
  'Gateway variables': gatewaySpec,
  'Indexer variables': indexerEnv,
  'Watcher variables': watcherEnv,
  'Webhook worker variables': webhookWorkerEnv,
};
const specs: Record<string, EnvSpec> = {
  ...services,
  'Devnet variables': devnetSpec,
  'Stack variables': stackSpec,
};

/** A table's rows as [variable, default cell]. */
type Rows = readonly (readonly [string, string])[];
/** The section's tables by their `###` heading. */
type Tables = ReadonlyMap<string, Rows>;

function referenceSection(): string {
  const readme = readFileSync(path.join(root, 'docs/configuration.md'), 'utf8');
  const start = readme.indexOf('\n## Configuration reference\n');
  if (start < 0) throw new Error('docs/configuration.md has no "## Configuration reference" section');
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** Rows whose first cell is a backticked variable name; header and separator rows are not. */
function rowsOf(body: string): Rows {
  return body.split('\n').flatMap((line) => {
    const cells = line.split('|').map((cell) => cell.trim());
    const name = /^`([A-Z0-9_]+)`$/.exec(cells[1] ?? '')?.[1];
    return line.startsWith('|') && name ? [[name, cells[2] ?? ''] as const] : [];
  });
}

function parseTables(section: string): Tables {
  return new Map(
    section
      .split('\n### ')
      .slice(1)
      .map((chunk) => [chunk.slice(0, chunk.indexOf('\n')).trim(), rowsOf(chunk)] as const),
  );
}

/** Absolute defaults are computed from a file's location, which differs per checkout; the document is repo-relative. */
function relativeToRoot(shown: string): string {
  return shown.startsWith(root + path.sep) ? path.relative(root, shown) : shown;
}

function defaultCell(field: Field<unknown>): string {
  if (!field.fallback) return '`required`';
  if (field.fallback.value === undefined) return '`not set`';
  return `\`${relativeToRoot(field.show(field.fallback.value))}\``;
}

function ownFields(spec: EnvSpec): [string, Field<unknown>][] {
  return Object.entries(spec).filter(([name]) => !(name in commonSpec));
}

/** Common variables a spec redeclares with a field of its own, whose default the common table would not show. */
function divergingFromCommon(spec: EnvSpec): string[] {
  return Object.keys(spec).filter((name) => name in commonSpec && spec[name] !== commonSpec[name]);
}

function tableOf(tables: Tables, heading: string): Rows {
  const rows = tables.get(heading);
  if (!rows) throw new Error(`the configuration reference has no "### ${heading}" table`);
  return rows;
}

function expectTableMatches(rows: Rows, fields: [string, Field<unknown>][]): void {
  const documented = rows.map(([name]) => name);
  const declared = fields.map(([name]) => name);
  expect({
    undocumented: declared.filter((name) => !documented.includes(name)),
    notInSpec: documented.filter((name) => !declared.includes(name)),
    documentedTwice: documented.filter((name, i) => documented.indexOf(name) !== i),
  }).toEqual({ undocumented: [], notInSpec: [], documentedTwice: [] });
  const cells = new Map(rows);
  const wrongDefaults = fields
    .filter(([name, field]) => cells.has(name) && cells.get(name) !== defaultCell(field))
    .map(
      ([name, field]) =>
        `${name}: docs/configuration.md says ${cells.get(name)}, the code shows ${defaultCell(field)}`,
    );
  expect(wrongDefaults).toEqual([]);
}

describe('docs/configuration.md configuration reference', () => {
  const tables = parseTables(referenceSection());

  it('documents every common variable with its default', () => {
    expectTableMatches(tableOf(tables, 'Common variables'), Object.entries(commonSpec));
  });

  it.each(Object.keys(specs))('%s: documents every own variable with its default', (heading) => {
    expectTableMatches(tableOf(tables, heading), ownFields(specs[heading]!));
  });

  // The common table says every service reads these variables with these defaults.
  it.each(Object.keys(services))('%s: reads every common variable with the common field', (heading) => {
    const spec = services[heading]!;
    expect({
      missing: Object.keys(commonSpec).filter((name) => !(name in spec)),
      ownField: divergingFromCommon(spec),
    }).toEqual({ missing: [], ownField: [] });
  });

  it('Devnet variables: reads the common variables it uses with the common field', () => {
    expect(divergingFromCommon(devnetSpec)).toEqual([]);
  });
});
