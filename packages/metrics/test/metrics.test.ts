import request from 'supertest';
import { createServiceMetrics, metricsApp } from '../src';

it('names every metric svc_<service>_<thing> and serves them in the Prometheus text format', async () => {
  const metrics = createServiceMetrics('indexer');
  const lag = metrics.gauge('lag_blocks', 'Blocks between latest and cursor');
  const events = metrics.counter('events_indexed_total', 'Events indexed', ['type']);
  lag.set(3);
  events.inc({ type: 'deposit' }, 2);
  const res = await request(metricsApp(metrics.registry)).get('/metrics');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  expect(res.text).toContain('svc_indexer_lag_blocks 3');
  expect(res.text).toContain('svc_indexer_events_indexed_total{type="deposit"} 2');
  expect(res.text).toContain('svc_indexer_process_cpu_user_seconds_total');
});

it('refuses a service name that would break the naming scheme', () => {
  expect(() => createServiceMetrics('webhook-worker')).toThrow(/must match/);
});

it('answers the liveness probe always and the readiness probe 503 while draining', async () => {
  let ready = true;
  const app = metricsApp(createServiceMetrics('watcher').registry, { isReady: () => ready });
  expect((await request(app).get('/livez')).status).toBe(200);
  expect((await request(app).get('/readyz')).status).toBe(200);
  ready = false;
  const draining = await request(app).get('/readyz');
  expect(draining.status).toBe(503);
  expect(draining.body).toEqual({ status: 'draining' });
  expect((await request(app).get('/livez')).status).toBe(200);
});
