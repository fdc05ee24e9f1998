export default async function globalTeardown(): Promise<void> {
  await globalThis.__YV_TEST_CHAIN__?.stop();
}
