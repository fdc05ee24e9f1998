import type { ServiceMetrics } from '@yv/metrics';

type SectionFailures = ReturnType<ServiceMetrics['counter']>;

const SECTION_FAILURES = 'section_failures_total';

/**
 * svc_gateway_section_failures_total{section, code}: reads that failed with a 5xx code, as a bootstrap section or
 * on their own route. Registered once per registry, however many routers are built on it.
 */
export function sectionFailures(metrics: ServiceMetrics): SectionFailures {
  const existing = metrics.registry.getSingleMetric(metrics.name(SECTION_FAILURES));
  if (existing) return existing as SectionFailures;
  return metrics.counter(
    SECTION_FAILURES,
    'Reads that failed (a bootstrap section or its own route), by section and error code',
    ['section', 'code'],
  );
}
