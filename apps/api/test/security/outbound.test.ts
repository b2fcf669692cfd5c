/**
 * Issue 25 §12 and §16: the outbound client (`engines/outbound.ts`) every administrator-typed address goes through
 * — the collector, the release source, LLM base URLs, payment gateways, SMS endpoints, custom OAuth URLs, SMTP.
 * Its address filter, table-driven; its refusals and the allow list (OUTBOUND_ALLOW_HOSTS); redirects checked hop by
 * hop; and no upstream body in any error.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressRefusal, Outbound, OutboundError, type Connector, type Resolver } from '../../src/engines/outbound';

// ---------------------------------------------------------------- §16: the address filter

/** Addresses that must never be reached: [address, a word the refusal must name]. */
const REFUSED: [string, string][] = [
  // IPv4 special ranges
  ['127.0.0.1', '回环'],
  ['127.255.255.254', '回环'],
  ['10.1.2.3', '内网'],
  ['172.16.0.1', '内网'],
  ['192.168.1.1', '内网'],
  ['169.254.169.254', '元数据'],
  ['100.100.100.200', '元数据'],
  ['0.0.0.0', '未指定'],
  ['0.1.2.3', '未指定'],
  ['224.0.0.251', '组播'],
  ['255.255.255.255', '广播'],
  ['192.0.2.1', '保留'],
  ['198.18.0.1', '保留'],
  ['240.0.0.1', '保留'],
  // IPv6 special ranges
  ['::1', '回环'],
  ['::', '未指定'],
  ['fd00::1', '唯一本地'],
  ['fd00:ec2::254', '唯一本地'],
  ['fe80::1', '链路本地'],
  ['fe80::1%eth0', '链路本地'],
  ['ff02::1', '组播'],
  ['2001:db8::1', '保留'],
  ['100::1', '特殊用途'],
  ['fec0::1', '特殊用途'],
  // IPv4-compatible ::/96: refused whatever it carries (the finding: ::7f00:1 was let through)
  ['::7f00:1', 'IPv4 兼容'],
  ['[::7f00:1]', 'IPv4 兼容'],
  ['::127.0.0.1', 'IPv4 兼容'],
  ['::a00:1', 'IPv4 兼容'],
  ['::a9fe:a9fe', 'IPv4 兼容'],
  ['::808:808', 'IPv4 兼容'],
  ['::8.8.8.8', 'IPv4 兼容'],
  ['::2', 'IPv4 兼容'],
  // IPv4-mapped ::ffff:0:0/96: as safe as the IPv4 it carries
  ['::ffff:127.0.0.1', '回环'],
  ['::ffff:7f00:1', '回环'],
  ['::ffff:10.0.0.1', '内网'],
  ['::ffff:a9fe:a9fe', '元数据'],
  ['::ffff:0.0.0.0', '未指定'],
  // NAT64 well-known prefix 64:ff9b::/96: as safe as the IPv4 it carries
  ['64:ff9b::7f00:1', '回环'],
  ['64:ff9b::a00:1', '内网'],
  ['64:ff9b::a9fe:a9fe', '元数据'],
  ['64:ff9b::192.168.0.1', '内网'],
  // refused whatever they carry
  ['64:ff9b:1::808:808', 'NAT64 本地前缀'],
  ['::ffff:0:808:808', 'SIIT'],
  ['::ffff:0:7f00:1', 'SIIT'],
  ['2002:7f00:1::1', '6to4'],
  ['2002:a00:1::1', '6to4'],
  ['2002:808:808::1', '6to4'],
  ['2001::1', 'Teredo'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  // not an address
  ['not-an-ip', '无法识别'],
];

/** Public unicast addresses that stay reachable. */
const ALLOWED = [
  '8.8.8.8',
  '93.184.216.34',
  '1.1.1.1',
  '2001:4860:4860::8888',
  '2606:4700::1111',
  '::ffff:8.8.8.8',
  '::ffff:5db8:d822',
  '64:ff9b::808:808',
  '64:ff9b::93.184.216.34',
];

describe('§16 the address filter (addressRefusal)', () => {
  it.each(REFUSED)('refuses %s', (address, word) => {
    const why = addressRefusal(address);
    expect(why, address).toBeDefined();
    expect(why).toContain(word);
  });

  it.each(ALLOWED.map((a) => [a]))('lets the public address %s through', (address) => {
    expect(addressRefusal(address)).toBeUndefined();
  });
});
