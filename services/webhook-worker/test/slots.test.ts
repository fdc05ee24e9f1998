import { deliverySlots } from '../src/deliver/slots';

it('hands a released slot to the oldest waiter, and a second release of the same slot does nothing', async () => {
  const slots = deliverySlots(1);
  const first = await slots.acquire();
  const order: string[] = [];
  const second = slots.acquire().then((slot) => (order.push('second'), slot));
  const third = slots.acquire().then((slot) => (order.push('third'), slot));
  first!.release();
  first!.release();
  const secondSlot = await second;
  await new Promise((resolve) => setImmediate(resolve));
  expect(order).toEqual(['second']);
  secondSlot!.release();
  expect(await third).not.toBeNull();
  expect(order).toEqual(['second', 'third']);
});

it('answers waiting and later acquires with null once closed, while held slots may still be released', async () => {
  const slots = deliverySlots(1);
  const held = await slots.acquire();
  const waiting = slots.acquire();
  slots.close();
  expect(await waiting).toBeNull();
  expect(await slots.acquire()).toBeNull();
  held!.release();
  expect(await slots.acquire()).toBeNull();
});
