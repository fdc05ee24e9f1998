/**
 * The deployment files cannot be run here (no Docker engine, no cluster), so they are checked by reading:
 * Kubernetes manifests against the API schemas (kubernetes-models), the compose file against what exists in the
 * repository, Prometheus config and rules with promtool, and every metric the rules use against the code.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { gatewaySpec } from '../../services/gateway/src/config';
import { indexerEnv } from '../../services/indexer/src/config';
import { watcherEnv } from '../../services/watcher/src/config';
import { webhookWorkerEnv } from '../../services/webhook-worker/src/config';

const root = path.resolve(__dirname, '../..');
const k8sDir = path.join(root, 'infra/k8s');
const promDir = path.join(root, 'infra/prometheus');

const specs: Record<string, Record<string, unknown>> = {
  gateway: gatewaySpec,
  indexer: indexerEnv,
  watcher: watcherEnv,
  'webhook-worker': webhookWorkerEnv,
};

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  data?: Record<string, string>;
}

function k8sObjects(): K8sObject[] {
  const kustomization = parse(readFileSync(path.join(k8sDir, 'kustomization.yaml'), 'utf8')) as {
    resources: string[];
  };
  return kustomization.resources.flatMap((file) =>
    parseAllDocuments(readFileSync(path.join(k8sDir, file), 'utf8')).map((doc) => doc.toJSON() as K8sObject),
  );
}

/** kubernetes-models/<group>/<version> exports one validating class per kind of that API version. */
function modelOf(obj: K8sObject): { validate(): void } {
  // The module is picked by the manifest's own apiVersion, so it cannot be a static import.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const module = require(`kubernetes-models/${obj.apiVersion}`) as Record<
    string,
    new (o: unknown) => { validate(): void }
  >;
  const Model = module[obj.kind];
  if (!Model) throw new Error(`no schema for ${obj.apiVersion} ${obj.kind}`);
  return new Model(obj);
}

function podSpecs(objects: K8sObject[]) {
  return objects.flatMap((o) =>
    o.kind === 'Deployment'
      ? [{ name: o.metadata.name, pod: o.spec.template.spec }]
      : o.kind === 'CronJob'
        ? [{ name: o.metadata.name, pod: o.spec.jobTemplate.spec.template.spec }]
        : o.kind === 'Job'
          ? [{ name: o.metadata.name, pod: o.spec.template.spec }]
          : [],
  );
}

describe('Kubernetes manifests (infra/k8s)', () => {
  const objects = k8sObjects();

  it('lists every manifest file in the kustomization', () => {
    const listed = (
      parse(readFileSync(path.join(k8sDir, 'kustomization.yaml'), 'utf8')) as { resources: string[] }
    ).resources;
    const files = readdirSync(k8sDir).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
    expect([...listed].sort()).toEqual(files.sort());
  });

  it.each(objects.map((o) => [`${o.kind} ${o.metadata.name}`, o] as const))(
    '%s validates against the API schema',
    (_name, obj) => {
      expect(() => modelOf(obj).validate()).not.toThrow();
    },
  );

  it('runs every service as a Deployment with probes, resources and a locked-down security context', () => {
    const deployments = objects.filter((o) => o.kind === 'Deployment').map((o) => o.metadata.name);
    expect(deployments.sort()).toEqual(['gateway', 'indexer', 'watcher', 'webhook-worker']);
    for (const { name, pod } of podSpecs(objects)) {
      expect([name, pod.securityContext?.runAsNonRoot]).toEqual([name, true]);
      for (const c of pod.containers) {
        expect([name, c.resources?.requests, c.resources?.limits].every(Boolean)).toBe(true);
        expect([
          name,
          c.securityContext?.allowPrivilegeEscalation,
          c.securityContext?.readOnlyRootFilesystem,
        ]).toEqual([name, false, true]);
        if (objects.some((o) => o.kind === 'Deployment' && o.metadata.name === name)) {
          expect([name, c.livenessProbe?.httpGet?.path, c.readinessProbe?.httpGet?.path]).toEqual([
            name,
            '/livez',
            '/readyz',
          ]);
        }
      }
    }
  });

  it('never holds a literal secret: no Secret objects, secrets only through secretKeyRef', () => {
    expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
    for (const { name, pod } of podSpecs(objects)) {
      for (const c of pod.containers) {
        for (const env of c.env ?? []) {
          if (/SECRET|PASSWORD|DATABASE_URL|KEY/.test(env.name))
            expect([name, env.name, env.valueFrom?.secretKeyRef?.name]).toEqual([
              name,
              env.name,
              'yield-vault-secrets',
            ]);
        }
      }
    }
    const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'yield-vault-config')!;
    expect(Object.keys(config.data!).filter((k) => /SECRET|PASSWORD|DATABASE_URL/.test(k))).toEqual([]);
  });

  it('configures only variables some service reads', () => {
    const known = new Set(Object.values(specs).flatMap((s) => Object.keys(s)));
    const config = objects.find((o) => o.kind === 'ConfigMap')!;
    const envNames = podSpecs(objects).flatMap(({ pod }) =>
      pod.containers.flatMap((c: { env?: { name: string }[] }) => (c.env ?? []).map((e) => e.name)),
    );
    expect([...Object.keys(config.data!), ...envNames].filter((k) => !known.has(k))).toEqual([]);
  });

  it('scales the gateway with an HPA and protects it with a PDB; the webhook retry runs as a CronJob', () => {
    const hpa = objects.find((o) => o.kind === 'HorizontalPodAutoscaler')!;
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'gateway' });
    const pdb = objects.find((o) => o.kind === 'PodDisruptionBudget')!;
    expect(pdb.spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': 'gateway' });
    const cron = objects.find((o) => o.kind === 'CronJob')!;
    expect(JSON.stringify(cron.spec)).toContain('/api/cron/webhooks');
    expect(JSON.stringify(cron.spec)).toContain('CRON_SECRET');
  });
});

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<
      string,
      {
        build?: { context: string; dockerfile?: string; args?: { SERVICE?: string } };
        environment?: Record<string, string>;
        volumes?: string[];
      }
    >;
  };

  it('builds every service from files that exist, for services that exist', () => {
    for (const [name, svc] of Object.entries(compose.services)) {
      if (!svc.build) continue;
      expect([
        name,
        existsSync(path.join(root, svc.build.context, svc.build.dockerfile ?? 'Dockerfile')),
      ]).toEqual([name, true]);
      const target = svc.build.args?.SERVICE;
      if (target) {
        const pkg = JSON.parse(readFileSync(path.join(root, 'services', target, 'package.json'), 'utf8'));
        expect([name, pkg.name, typeof pkg.scripts?.start]).toEqual([name, target, 'string']);
      }
    }
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining([
        'postgres',
        'redis',
        'devnet',
        'gateway',
        'indexer',
        'watcher',
        'webhook-worker',
        'prometheus',
      ]),
    );
  });

  it('mounts files that exist and sets only variables the service reads', () => {
    for (const [name, svc] of Object.entries(compose.services)) {
      for (const volume of svc.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (source.startsWith('./'))
          expect([name, source, existsSync(path.join(root, source))]).toEqual([name, source, true]);
      }
      const spec = specs[svc.build?.args?.SERVICE ?? ''];
      if (spec)
        expect([name, Object.keys(svc.environment ?? {}).filter((k) => !(k in spec))]).toEqual([name, []]);
    }
  });

  it("points Prometheus at every service's METRICS_PORT, under compose and in Kubernetes", () => {
    const prom = parse(readFileSync(path.join(promDir, 'prometheus.yml'), 'utf8'));
    const job = (name: string) => prom.scrape_configs.find((j: { job_name: string }) => j.job_name === name);
    const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'));
    const composeTargets = job('yield-vault-compose').static_configs.map(
      (c: { targets: string[] }) => c.targets[0],
    );
    expect(composeTargets).toEqual(
      Object.keys(specs).map((name) => `${name}:${compose.services[name].environment.METRICS_PORT}`),
    );

    const objects = k8sObjects();
    const deploymentPort = (name: string) =>
      podSpecs(objects)
        .find((p) => p.name === name)!
        .pod.containers[0].env.find((e: { name: string }) => e.name === 'METRICS_PORT').value;
    const headlessPort = (name: string) =>
      objects.find((o) => o.kind === 'Service' && o.metadata.name === `${name}-metrics`)!.spec.ports[0].port;
    const dnsTargets = job('yield-vault-k8s').dns_sd_configs.map((c: { names: string[]; port: number }) => [
      c.names[0],
      c.port,
    ]);
    expect(dnsTargets).toEqual(
      Object.keys(specs).map((name) => [`${name}-metrics.yield-vault.svc.cluster.local`, headlessPort(name)]),
    );
    for (const name of Object.keys(specs))
      expect([name, String(headlessPort(name))]).toEqual([name, deploymentPort(name)]);
  });
});

describe('Prometheus', () => {
  const promtool = (...args: string[]) => execFileSync('promtool', args, { cwd: promDir, encoding: 'utf8' });

  it('passes promtool check config, check rules and the rule unit tests', () => {
    expect(promtool('check', 'config', 'prometheus.yml')).toContain('SUCCESS');
    expect(promtool('check', 'rules', 'rules.yml')).toContain('SUCCESS');
    expect(promtool('test', 'rules', 'rules.test.yml')).toContain('SUCCESS');
  });

  it('uses only metric names the services really export', () => {
    const rules = readFileSync(path.join(promDir, 'rules.yml'), 'utf8');
    const names = [...new Set(rules.match(/svc_[a-z0-9_]+/g) ?? [])].map((n) =>
      n.replace(/_(bucket|count|sum)$/, ''),
    );
    const dirs: Record<string, string> = {
      gateway: 'gateway',
      indexer: 'indexer',
      watcher: 'watcher',
      webhook_worker: 'webhook-worker',
    };
    for (const name of names) {
      const service = Object.keys(dirs).find((s) => name.startsWith(`svc_${s}_`))!;
      const thing = name.slice(`svc_${service}_`.length);
      const src = path.join(root, 'services', dirs[service]!, 'src');
      const found = execFileSync('grep', ['-rl', `'${thing}'`, src], { encoding: 'utf8' }).trim();
      expect([name, found.length > 0]).toEqual([name, true]);
    }
  });
});
