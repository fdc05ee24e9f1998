import { checkKeeperHeartbeat } from '../src/readiness';

const KEEPER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

function entry(payload: Record<string, unknown>): Record<string, string> {
  return { service: 'keeper-simulator', at: '2026-11-22T09:00:05.000Z', payload: JSON.stringify(payload) };
}

const good = {
  service: 'keeper-simulator',
  keeper: KEEPER,
  at: '2026-11-22T09:00:05.000Z',
  blockNumber: 12,
  ok: true,
  error: null,
};

describe('checkKeeperHeartbeat', () => {
  it('accepts a heartbeat from the vault keeper, in any address case', () => {
    const checked = checkKeeperHeartbeat(entry({ ...good, keeper: KEEPER.toLowerCase() }), KEEPER);
    expect(checked).toMatchObject({ valid: true, problems: [], service: 'keeper-simulator' });
    expect(checked.at?.toISOString()).toBe('2026-11-22T09:00:05.000Z');
  });

  it('rejects a heartbeat from another address', () => {
    const checked = checkKeeperHeartbeat(entry({ ...good, keeper: OTHER }), KEEPER);
    expect(checked.valid).toBe(false);
    expect(checked.problems).toEqual([`keeper ${OTHER} is not the vault's keeper ${KEEPER}`]);
  });

  it('rejects a failed tick, quoting the keeper error', () => {
    const checked = checkKeeperHeartbeat(entry({ ...good, ok: false, error: 'nonce too low' }), KEEPER);
    expect(checked.problems).toEqual(['keeper reported a failed tick: nonce too low']);
  });

  it('rejects a payload that is not JSON, keeping the stream time', () => {
    const checked = checkKeeperHeartbeat({ service: 'k', at: good.at, payload: '{not json' }, KEEPER);
    expect(checked.valid).toBe(false);
    expect(checked.payload).toBeNull();
    expect(checked.at?.toISOString()).toBe(good.at);
    expect(checked.problems).toContain('payload is missing or not a JSON object');
  });

  it('rejects a bad time and a missing keeper address', () => {
    const checked = checkKeeperHeartbeat(entry({ ...good, at: 'yesterday', keeper: undefined }), KEEPER);
    expect(checked.problems).toEqual([
      'payload.keeper is not an address',
      'at is missing or not an ISO 8601 time',
    ]);
  });

  it('cannot vouch for any heartbeat before the first vault snapshot', () => {
    const checked = checkKeeperHeartbeat(entry(good), null);
    expect(checked.problems).toEqual(['no vault snapshot yet to compare the keeper address with']);
  });
});
