#!/usr/bin/env node
// `npm run dev`: API with reload (tsx watch) and Next.js in development mode behind the same proxy.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: process.env.PORT ?? '3000',
  API_PORT: process.env.API_PORT ?? '4000',
  DATA_DIR: path.resolve(process.env.DATA_DIR ?? path.join(root, '.data')),
  DEMO_MODE: process.env.DEMO_MODE ?? '1',
};
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const children = [
  spawn(process.execPath, [tsx, 'watch', 'src/server.ts'], { cwd: path.join(root, 'apps/api'), env, stdio: 'inherit' }),
  spawn(process.execPath, ['server.mjs', '--dev'], { cwd: path.join(root, 'apps/web'), env, stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
