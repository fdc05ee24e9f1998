// layouts: both
/**
 * docs/metrics.md is the one list of the services' Prometheus metrics. Each service's registry is built by the
 * factories the service itself calls at start, and its metrics (without prom-client's default process metrics)
 * must be exactly the rows of that service's table: same names, types and labels. The alert column must match
 * the metrics infra/prometheus/rules.yml uses.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
// prom-client is a dependency of @yv/metrics only: the workspace root has no copy of its own to import.
import { collectDefaultMetrics, Registry } from '../../packages/metrics/node_modules/prom-client';
import { useTestGateway } from '../../services/gateway/test/support/gateway';
import { createIndexerMetrics } from '../../services/indexer/src/metrics';
import { createWatcherMetrics } from '../../services/watcher/src/metrics';
import { createWebhookWorkerMetrics } from '../../services/webhook-worker/src/metrics';

const root = path.resolve(__dirname, '../..');
const DOC = 'docs/metrics.md';

interface Shape {
  type: string;
  labels: string[];
}

interface DocRow extends Shape {
  metric: string;
  alerts: string[];
}

/** prom-client's typings declare `type` as a numeric enum and omit `labelNames`; the instances carry both. */
type RegisteredMetric = { name: string; type: string; labelNames?: readonly string[] };

/** What collectDefaultMetrics registers under `prefix` in this process, so the list follows prom-client's. */
function defaultMetricNames(prefix: string): Set<string> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix });
  return new Set(registry.getMetricsAsArray().map((m) => m.name));
}

function ownMetrics(registry: Registry, prefix: string): Map<string, Shape> {
  const defaults = defaultMetricNames(prefix);
  const metrics = registry.getMetricsAsArray() as unknown as RegisteredMetric[];
  return new Map(
    metrics
      .filter((m) => !defaults.has(m.name))
      .map((m) => [m.name, { type: m.type, labels: [...(m.labelNames ?? [])].sort() }]),
  );
}

/** The backticked items of a table cell; `—` (none) has none. */
const codeSpans = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** Table rows of the form `| `svc_…` | type | labels | meaning | alert |`, by the `## ` heading above them. */
function docRows(markdown: string): Map<string, DocRow[]> {
  const sections = new Map<string, DocRow[]>();
  let heading = '';
  for (const line of markdown.split('\n')) {
    if (line.startsWith('## ')) heading = line.slice(3).trim();
    if (!line.startsWith('| `svc_')) continue;
    const [metric = '', type = '', labels = '', , alerts = ''] = line.split('|').slice(1, -1);
    const row = {
      metric: codeSpans(metric)[0]!,
      type: type.trim(),
      labels: codeSpans(labels).sort(),
      alerts: codeSpans(alerts).sort(),
    };
    sections.set(heading, [...(sections.get(heading) ?? []), row]);
  }
  return sections;
}

const describeShape = (s: Shape) => `${s.type}, labels [${s.labels.join(', ')}]`;

/** One line per metric that the code and the doc disagree on, naming the metric. */
function differences(code: Map<string, Shape>, doc: DocRow[]): string[] {
  const documented = new Map(doc.map((row) => [row.metric, row]));
  const problems = doc
    .filter((row, i) => doc.findIndex((other) => other.metric === row.metric) !== i)
    .map((row) => `${row.metric}: listed twice in ${DOC}`);
  for (const [name, shape] of code) {
    const row = documented.get(name);
    if (!row) problems.push(`${name}: registered (${describeShape(shape)}) but not in ${DOC}`);
    else if (describeShape(row) !== describeShape(shape))
      problems.push(`${name}: registered as ${describeShape(shape)}, ${DOC} says ${describeShape(row)}`);
  }
  for (const name of documented.keys())
    if (!code.has(name)) problems.push(`${name}: in ${DOC} but not registered`);
  return problems;
}

/** Metric → the alerts whose expression reads it (a histogram through its _bucket/_count/_sum series). */
function ruleAlerts(): Record<string, string[]> {
  const rules = parse(readFileSync(path.join(root, 'infra/prometheus/rules.yml'), 'utf8')) as {
    groups: { rules: { alert: string; expr: string }[] }[];
  };
  const byMetric: Record<string, string[]> = {};
  for (const rule of rules.groups.flatMap((g) => g.rules)) {
    const names = new Set(
      (rule.expr.match(/svc_[a-z0-9_]+/g) ?? []).map((n) => n.replace(/_(bucket|count|sum)$/, '')),
    );
    for (const name of names) byMetric[name] = [...(byMetric[name] ?? []), rule.alert].sort();
  }
  return byMetric;
}

describe(DOC, () => {
  const doc = docRows(readFileSync(path.join(root, DOC), 'utf8'));
  const gateway = useTestGateway();
  // The gateway registers its metrics while its context and routers are built, which needs the database, Redis
  // and chain; the other services have a factory of their own that registers them all.
  const registries: Record<string, { prefix: string; registry: () => Registry }> = {
    gateway: { prefix: 'svc_gateway_', registry: () => gateway.ctx.metrics.registry },
    indexer: { prefix: 'svc_indexer_', registry: () => createIndexerMetrics().registry },
    watcher: { prefix: 'svc_watcher_', registry: () => createWatcherMetrics().service.registry },
    'webhook-worker': {
      prefix: 'svc_webhook_worker_',
      registry: () => createWebhookWorkerMetrics().service.registry,
    },
  };

  it('has a metrics table for each service and for nothing else', () => {
    expect([...doc.keys()].sort()).toEqual(Object.keys(registries).sort());
  });

  it.each(Object.keys(registries))('lists exactly the metrics %s registers', (service) => {
    const { prefix, registry } = registries[service]!;
    expect(differences(ownMetrics(registry(), prefix), doc.get(service) ?? [])).toEqual([]);
  });

  it('names, for each metric, the alerts of rules.yml that use it', () => {
    const documented = Object.fromEntries(
      [...doc.values()].flat().flatMap((row) => (row.alerts.length > 0 ? [[row.metric, row.alerts]] : [])),
    );
    expect(documented).toEqual(ruleAlerts());
  });
});
