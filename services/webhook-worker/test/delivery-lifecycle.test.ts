import { DELIVERY_MOVES, WEBHOOK_DELIVERY_STATUSES } from '@yv/db';
import {
  canMoveDelivery,
  DELIVERY_EDGES,
  DELIVERY_STATUSES,
  IllegalDeliveryMoveError,
  moveDelivery,
  OPEN_DELIVERY_STATUSES,
  type DeliveryStatus,
} from '@yv/domain';

const edge = (by: string, from: DeliveryStatus | null, to: DeliveryStatus) =>
  `${by}: ${from ?? '(new)'} → ${to}`;
const isOpen = (status: DeliveryStatus | null) => status !== null && OPEN_DELIVERY_STATUSES.has(status);

describe('webhook delivery lifecycle', () => {
  it('has the statuses webhook_deliveries holds', () => {
    expect(DELIVERY_STATUSES).toEqual(WEBHOOK_DELIVERY_STATUSES);
  });

  it('is exactly the edges the SQL statements declare', () => {
    const declared = Object.entries(DELIVERY_MOVES).flatMap(([by, moves]) =>
      moves.edges.map(([from, to]) => edge(by, from, to)),
    );
    const table = DELIVERY_EDGES.map((each) => edge(each.by, each.from, each.to));
    expect(new Set(table).size).toBe(table.length);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual([...table].sort());
  });

  it.each(Object.entries(DELIVERY_MOVES))(
    '%s adds the open row of a delivery it opens and deletes that of one it closes',
    (_by, moves) => {
      const opens = moves.edges.some(([from, to]) => !isOpen(from) && isOpen(to));
      const closes = moves.edges.some(([from, to]) => isOpen(from) && !isOpen(to));
      expect(moves.openRows.includes('insert')).toBe(opens);
      expect(moves.openRows.includes('delete')).toBe(closes);
    },
  );

  it('leaves a settled delivery only when the partner redelivers it', () => {
    for (const settled of ['delivered', 'disabled'] as const)
      expect(DELIVERY_EDGES.filter((each) => each.from === settled).map((each) => each.by)).toEqual([
        'redeliver',
      ]);
  });

  it('checks the move the worker decides after an attempt', () => {
    for (const to of ['delivered', 'disabled', 'pending', 'failed'] as const)
      expect(moveDelivery('record', 'delivering', to)).toBe(to);
    expect(canMoveDelivery('record', 'pending', 'delivered')).toBe(false);
    expect(canMoveDelivery('claim', 'failed', 'delivering')).toBe(false);
    expect(() => moveDelivery('record', 'delivering', 'delivering')).toThrow(IllegalDeliveryMoveError);
  });
});
