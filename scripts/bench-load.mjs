#!/usr/bin/env node
// The load generator of `npm run bench:pricing`, run as its own process (so it can be pinned to a
// CPU with taskset): `node scripts/bench-load.mjs '<json>'` with {url, method, headers, body,
// seconds, connections, warmupSeconds}. `connections` loops on keep-alive sockets, each sending
// its next request when the previous one answered; writes "measuring" to stderr when the
// warm-up is over and one JSON line {rps, p50, p99, max, statuses, requests} to stdout at the end.
import http from 'node:http';

const {
  url,
  method = 'GET',
  headers = {},
  body,
  seconds,
  connections,
  warmupSeconds = 2,
} = JSON.parse(process.argv[2]);

function request(agent) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
// Warm-up: JIT, caches, connections.
const warmUntil = Date.now() + warmupSeconds * 1000;
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (Date.now() < warmUntil) await request(agent);
  }),
);
const latencies = [];
const statuses = {};
// Tells the parent (which samples the server's CPU time) that the measurement begins.
process.stderr.write('measuring\n');
const started = performance.now();
const until = started + seconds * 1000;
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (performance.now() < until) {
      const t = performance.now();
      const status = await request(agent);
      latencies.push(performance.now() - t);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
agent.destroy();
latencies.sort((a, b) => a - b);
const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
console.log(
  JSON.stringify({
    rps: latencies.length / elapsed,
    p50: pick(0.5),
    p99: pick(0.99),
    max: latencies[latencies.length - 1],
    statuses,
    requests: latencies.length,
  }),
);
