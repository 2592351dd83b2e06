// Which addresses a webhook may reach (SSRF): public unicast only, IPv4-mapped addresses judged as IPv4, and the
// IPv6 forms that carry an IPv4 address refused; a name is refused when any of its addresses is not public.
import { describe, expect, it } from 'vitest';
import { isPublicAddress, resolveDestination } from './webhook-destination';

describe('isPublicAddress', () => {
  it.each(['93.184.215.14', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    '127.0.0.1',
    '10.0.0.5',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '192.0.2.1',
    '240.0.0.1',
    '::',
    '::1',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.5',
    '64:ff9b::a00:5',
    '2002:a00:5::1',
    '2001::1',
    '2001:db8::1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('resolveDestination', () => {
  const url = new URL('https://hooks.example.com/portal');

  it('answers the first address of a name whose addresses are all public', async () => {
    const resolve = async () => [
      { address: '93.184.215.14', family: 4 as const },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 as const },
    ];
    expect(await resolveDestination(url, { allowPrivate: false, resolve })).toEqual({
      address: '93.184.215.14',
      family: 4,
    });
  });

  it('refuses a name with one private address among public ones, unless private networks are allowed', async () => {
    const resolve = async () => [
      { address: '93.184.215.14', family: 4 as const },
      { address: '10.1.2.3', family: 4 as const },
    ];
    await expect(resolveDestination(url, { allowPrivate: false, resolve })).rejects.toMatchObject({
      problem: 'private_address',
    });
    expect(await resolveDestination(url, { allowPrivate: true, resolve })).toEqual({
      address: '93.184.215.14',
      family: 4,
    });
  });

  it('takes an IP literal as written, without asking the resolver', async () => {
    const resolve = async () => {
      throw new Error('not asked');
    };
    expect(
      await resolveDestination(new URL('http://[2606:4700::1111]:8443/x'), { allowPrivate: false, resolve }),
    ).toEqual({ address: '2606:4700::1111', family: 6 });
    await expect(
      resolveDestination(new URL('http://[::ffff:7f00:1]/x'), { allowPrivate: false, resolve }),
    ).rejects.toMatchObject({ problem: 'private_address' });
  });

  it('reports a name that resolves to nothing', async () => {
    await expect(resolveDestination(url, { allowPrivate: false, resolve: async () => [] })).rejects.toMatchObject({
      problem: 'unresolvable',
      message: 'host not found: hooks.example.com',
    });
  });
});
