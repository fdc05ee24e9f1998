import type { RequestHandler } from 'express';
import type { ServiceMetrics } from '@yv/metrics';

/** Request duration by route pattern (never the raw path: wallet addresses would explode the label set). */
export function requestMetrics(metrics: ServiceMetrics): RequestHandler {
  const duration = metrics.histogram(
    'http_request_duration_seconds',
    'Gateway request duration by route pattern, method and status',
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    ['route', 'method', 'status'],
  );
  return (req, res, next) => {
    const stop = duration.startTimer();
    res.on('finish', () => {
      const route = req.route ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
      stop({ route, method: req.method, status: String(res.statusCode) });
    });
    next();
  };
}
