import { isApiError } from '../src/errors';
import {
  addressRefusal,
  checkResolvedAddresses,
  checkWebhookUrl,
  normalizeAddress,
  type WebhookUrlPolicy,
} from '../src/webhooks';

const STRICT: WebhookUrlPolicy = { allowPrivate: false };
const LOCAL: WebhookUrlPolicy = { allowPrivate: true };

/** The BAD_REQUEST message of a refused URL, or null when it is accepted. */
function refusal(url: string, policy: WebhookUrlPolicy): string | null {
  try {
    checkWebhookUrl(url, policy);
    return null;
  } catch (error) {
    if (!isApiError(error)) throw error;
    expect(error.code).toBe('BAD_REQUEST');
    return error.message;
  }
}

describe('normalizeAddress', () => {
  it.each([
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::ffff:7f00:1', '127.0.0.1'],
    ['[::FFFF:A9FE:A9FE]', '169.254.169.254'],
    ['0:0:0:0:0:0:0:1', '::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['10.1.2.3', '10.1.2.3'],
  ])('%s → %s', (given, normal) => expect(normalizeAddress(given)).toBe(normal));

  it('is null for what is not an address', () => {
    expect(normalizeAddress('example.com')).toBeNull();
    expect(normalizeAddress('2130706433')).toBeNull();
  });
});

describe('addressRefusal', () => {
  it.each([
    '169.254.169.254',
    '169.254.1.1',
    '100.100.100.200',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:169.254.169.254',
  ])('always refuses the link-local or metadata address %s', (address) => {
    expect(addressRefusal(address, STRICT)).toMatch(/link-local or cloud metadata/);
    expect(addressRefusal(address, LOCAL)).toMatch(/link-local or cloud metadata/);
  });

  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
  ])('refuses %s unless private addresses are allowed', (address) => {
    expect(addressRefusal(address, STRICT)).toMatch(/loopback, private or reserved/);
    expect(addressRefusal(address, LOCAL)).toBeNull();
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'accepts the public address %s',
    (address) => expect(addressRefusal(address, STRICT)).toBeNull(),
  );
});

describe('checkWebhookUrl', () => {
  it('accepts http(s) URLs of public addresses and names, serialized', () => {
    expect(checkWebhookUrl('https://Hooks.Example.com/yv?x=1', STRICT)).toEqual({
      url: 'https://hooks.example.com/yv?x=1',
      hostname: 'hooks.example.com',
      isAddress: false,
    });
    expect(checkWebhookUrl('http://93.184.215.14:8080/h', STRICT)).toMatchObject({ isAddress: true });
    expect(checkWebhookUrl('https://[2606:4700::1111]/h', STRICT)).toMatchObject({
      hostname: '2606:4700::1111',
      isAddress: true,
    });
  });

  it.each([
    ['ftp://example.com/h', /scheme must be https or http, not ftp/],
    ['file:///etc/passwd', /scheme must be https or http/],
    ['https://user:pw@example.com/h', /credentials/],
    ['https://token@example.com/h', /credentials/],
    ['example.com/h', /not an absolute URL/],
    ['http://metadata.google.internal/computeMetadata/v1/', /cloud metadata host/],
    ['http://METADATA.google.internal./', /cloud metadata host/],
    ['http://169.254.169.254/latest/meta-data/', /link-local or cloud metadata/],
    ['http://[fd00:ec2::254]/', /link-local or cloud metadata/],
    ['http://100.100.100.200/', /link-local or cloud metadata/],
    ['http://127.0.0.1:8080/', /loopback/],
    ['http://[::1]/', /loopback/],
    ['http://[::ffff:127.0.0.1]/', /loopback/],
    ['http://2130706433/', /loopback/],
    ['http://0x7f.1/', /loopback/],
    ['http://017700000001/', /loopback/],
    ['http://10.0.0.8/', /private/],
    ['http://0.0.0.0/', /reserved/],
  ])('refuses %s', (url, why) => expect(refusal(url, STRICT)).toMatch(why));

  it('refuses a URL longer than 2048 characters', () => {
    expect(refusal(`https://example.com/${'a'.repeat(2048)}`, STRICT)).toMatch(/longer than 2048/);
  });

  it('allows loopback and private addresses, never metadata, when the operator allows private URLs', () => {
    expect(refusal('http://127.0.0.1:8080/', LOCAL)).toBeNull();
    expect(refusal('http://2130706433/', LOCAL)).toBeNull();
    expect(refusal('http://169.254.169.254/', LOCAL)).toMatch(/metadata/);
    expect(refusal('http://metadata.google.internal/', LOCAL)).toMatch(/metadata/);
  });
});

describe('checkResolvedAddresses', () => {
  it('refuses a name when any of its addresses is refused', () => {
    expect(() => checkResolvedAddresses('http://a.test/', 'a.test', ['8.8.8.8'], STRICT)).not.toThrow();
    expect(() => checkResolvedAddresses('http://a.test/', 'a.test', ['8.8.8.8', '10.0.0.1'], STRICT)).toThrow(
      /a\.test resolves to a refused address: 10\.0\.0\.1/,
    );
    expect(() => checkResolvedAddresses('http://a.test/', 'a.test', [], STRICT)).toThrow(/no address/);
  });
});
