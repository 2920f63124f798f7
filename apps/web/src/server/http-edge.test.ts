// @vitest-environment node
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { checkTarget, clientAddress, createHttpEdge, parseTrustProxy } from './http-edge';

const OWN = new Set(['localhost:3000', 'magistral.example']);

describe('checkTarget', () => {
  it.each([
    ['/', '/'],
    ['/about?x=1', '/about?x=1'],
    ['/api/v1/authorization/anonymous_token', '/api/v1/authorization/anonymous_token'],
    ['/news?q=%D0%B0', '/news?q=%D0%B0'],
    ['http://localhost:3000/about?x=1', '/about?x=1'],
    ['https://MAGISTRAL.example/offices', '/offices'],
  ])('takes %j as %j', (target, url) => {
    expect(checkTarget(target, OWN)).toEqual({ ok: true, url });
  });

  it.each([
    ['*'],
    [''],
    [undefined],
    ['http://evil.example/'],
    ['https://localhost.evil/'],
    ['http://localhost:3001/'],
    ['magistral.example:443'],
    ['ftp://magistral.example/'],
    ['about'],
    ['/%E0%A4%A'],
    ['/%'],
    ['/a b'],
    ['/\u0430'],
    ['/\t'],
  ])('refuses %j', (target) => {
    expect(checkTarget(target, OWN)).toEqual({ ok: false });
  });
});

function request(remoteAddress: string, forwardedFor?: string): IncomingMessage {
  const socket = { remoteAddress };
  return {
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    socket,
    connection: socket,
  } as unknown as IncomingMessage;
}

describe('clientAddress', () => {
  it.each([
    // No trusted proxy (the default): whatever the client claims, it is the socket's peer.
    ['', '127.0.0.1', '203.0.113.9', '127.0.0.1'],
    ['', '198.51.100.7', '1.1.1.1, 2.2.2.2', '198.51.100.7'],
    ['false', '198.51.100.7', '1.1.1.1', '198.51.100.7'],
    [undefined, '198.51.100.7', '1.1.1.1', '198.51.100.7'],
    // A trusted proxy on loopback: the right-most address that is not a trusted proxy.
    ['loopback', '127.0.0.1', '203.0.113.9', '203.0.113.9'],
    ['loopback', '127.0.0.1', '6.6.6.6, 203.0.113.9', '203.0.113.9'],
    ['loopback', '127.0.0.1', '6.6.6.6, 203.0.113.9, 127.0.0.1', '203.0.113.9'],
    ['loopback, 10.0.0.0/8', '10.1.2.3', '6.6.6.6, 203.0.113.9, 10.9.9.9', '203.0.113.9'],
    // The peer is not trusted: its own X-Forwarded-For is ignored.
    ['loopback', '198.51.100.7', '203.0.113.9', '198.51.100.7'],
  ])('WEB_TRUST_PROXY=%j, peer %s, X-Forwarded-For %j → %s', (trust, peer, forwardedFor, expected) => {
    expect(clientAddress(request(peer, forwardedFor), parseTrustProxy(trust))).toBe(expected);
  });

  it('a malformed WEB_TRUST_PROXY stops the start', () => {
    expect(() => parseTrustProxy('not-an-address')).toThrow();
  });
});

describe('forward', () => {
  it('sets X-Forwarded-For to the vouched address and drops forwarding headers from an untrusted peer', () => {
    const edge = createHttpEdge({ trustProxy: '', ownOrigins: ['http://localhost:3000'] });
    const req = request('198.51.100.7', '203.0.113.9');
    Object.assign(req.headers, {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      forwarded: 'for=1.1.1.1',
    });
    edge.forward(req);
    expect(req.headers).toEqual({ 'x-forwarded-for': '198.51.100.7' });
  });

  it('keeps a trusted proxy’s forwarding headers', () => {
    const edge = createHttpEdge({ trustProxy: 'loopback', ownOrigins: ['https://magistral.example'] });
    const req = request('127.0.0.1', '6.6.6.6, 203.0.113.9');
    Object.assign(req.headers, { 'x-forwarded-proto': 'https' });
    edge.forward(req);
    expect(req.headers).toEqual({ 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' });
  });
});
