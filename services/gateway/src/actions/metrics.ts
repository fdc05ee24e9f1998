import type { ActionWriterDeps } from '@yv/actions';
import type { ServiceMetrics } from '@yv/metrics';

/** Labels are names, never values a caller chose (no wallet, no key). */
type Counter = ReturnType<ServiceMetrics['counter']>;

export interface ActionMetrics {
  /** svc_gateway_actions_created_total{action}: new actions (replays are not counted). */
  created: Counter;
  /** svc_gateway_action_transitions_total{status}: status changes by the status entered. */
  transitions: Counter;
}

export function createActionMetrics(metrics: ServiceMetrics): ActionMetrics {
  return {
    created: metrics.counter('actions_created_total', 'Partner actions created, by kind', ['action']),
    transitions: metrics.counter(
      'action_transitions_total',
      'Partner action status changes, by the status entered',
      ['status'],
    ),
  };
}

/** The writer's hooks that count what it committed. */
export function actionMetricHooks(
  metrics: ActionMetrics,
): Pick<ActionWriterDeps, 'onCreated' | 'onTransition'> {
  return {
    onCreated: (row) => metrics.created.inc({ action: row.action }),
    onTransition: (status) => metrics.transitions.inc({ status }),
  };
}
