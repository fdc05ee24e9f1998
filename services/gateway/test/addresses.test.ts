// layouts: both
import request from 'supertest';
import { useTestGateway } from './support/gateway';
import { createTestPartner, expectError, newIdempotencyKey } from './support/partner';

const gw = useTestGateway();

/** A checksummed address with the case of its first letter flipped: still hex, but its EIP-55 checksum is wrong. */
function flipOneLetter(address: string): string {
  const at = address.slice(2).search(/[a-fA-F]/) + 2;
  const letter = address[at]!;
  const flipped = letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase();
  return `${address.slice(0, at)}${flipped}${address.slice(at + 1)}`;
}

const account = () => gw.vault.wallets[0]!.address;
const CHECKSUM = 'has a wrong EIP-55 checksum';

describe('the address rule: one case, or mixed case with a valid EIP-55 checksum', () => {
  it('refuses a wrong checksum in a builder body with 400 BAD_REQUEST naming the field', async () => {
    const bad = flipOneLetter(account());
    const bodies: [string, object, string][] = [
      ['/api/v1/actions/deposit/quote', { amountRaw: '1000000', account: bad }, '/account'],
      [
        '/api/v1/actions/deposit/quote',
        { amountRaw: '1000000', account: account(), receiver: bad },
        '/receiver',
      ],
      ['/api/v1/actions/redeem-async/quote', { sharesRaw: '1000000', account: bad }, '/account'],
      ['/api/v1/actions/redeem-instant/quote', { sharesRaw: '1000000', account: bad }, '/account'],
    ];
    for (const [path, body, field] of bodies) {
      const message = expectError(await request(gw.app).post(path).send(body), 400, 'BAD_REQUEST');
      expect({ path, message }).toEqual({
        path,
        message: `invalid request: ${field} ${CHECKSUM}: send the address all lower-case, all upper-case, or with a valid checksum`,
      });
    }
  });

  it('quotes with a checksummed, an all-lower-case and an all-upper-case address alike', async () => {
    const digits = account().slice(2);
    for (const spelling of [account(), `0x${digits.toLowerCase()}`, `0x${digits.toUpperCase()}`]) {
      const res = await request(gw.app)
        .post('/api/v1/actions/deposit/quote')
        .send({ amountRaw: '1000000', account: spelling });
      expect({ spelling, status: res.status }).toEqual({ spelling, status: 200 });
    }
  });

  it('refuses a wrong checksum in a partner action body with 400 BAD_ACTION_REQUEST and stores nothing', async () => {
    const partner = await createTestPartner(gw.pool, 'addresses');
    const key = newIdempotencyKey();
    const create = (address: string) =>
      request(gw.app)
        .post('/api/v1/partner/actions/deposit')
        .set('authorization', `Bearer ${partner.apiKey}`)
        .set('idempotency-key', key)
        .send({ amountRaw: '1000000', account: address });
    const message = expectError(await create(flipOneLetter(account())), 400, 'BAD_ACTION_REQUEST');
    expect(message).toContain(`/account ${CHECKSUM}`);
    const stored = await gw.pool.query(
      'SELECT count(*)::int AS n FROM partner_actions WHERE partner_id = $1',
      [partner.partnerId],
    );
    expect(stored.rows[0].n).toBe(0);
    // The key was not spent on the refusal: the corrected request creates under it.
    const created = await create(account().toLowerCase());
    expect(created.status).toBe(201);
  });

  it('refuses a wrong checksum in a wallet path or query parameter with 400 BAD_WALLET naming it', async () => {
    const bad = flipOneLetter(account());
    const partner = await createTestPartner(gw.pool, 'lister');
    const cases: [request.Test, string][] = [
      [request(gw.app).get(`/api/v1/wallets/${bad}/position`), 'path parameter `address`'],
      [request(gw.app).get(`/api/v1/wallets/${bad}/redeems`), 'path parameter `address`'],
      [request(gw.app).get(`/api/v1/bootstrap?wallet=${bad}`), 'query parameter `wallet`'],
      [
        request(gw.app)
          .get(`/api/v1/partner/actions?wallet=${bad}`)
          .set('authorization', `Bearer ${partner.apiKey}`),
        'query parameter `wallet`',
      ],
    ];
    for (const [req, name] of cases) {
      const message = expectError(await req, 400, 'BAD_WALLET');
      expect(message).toBe(
        `${name} ${CHECKSUM}: send the address all lower-case, all upper-case, or with a valid checksum, got "${bad}"`,
      );
    }
  });

  it('reads the position and bootstrap of a checksummed and an all-lower-case wallet', async () => {
    for (const spelling of [account(), account().toLowerCase()]) {
      const position = await request(gw.app).get(`/api/v1/wallets/${spelling}/position`);
      expect({ spelling, status: position.status }).toEqual({ spelling, status: 200 });
      const bootstrap = await request(gw.app).get(`/api/v1/bootstrap?wallet=${spelling}`);
      expect({ spelling, status: bootstrap.status }).toEqual({ spelling, status: 200 });
    }
  });
});
