import type { TestProject } from 'vitest/node';
import { E2E_SKIP } from './lib/browser';
import { startStack, type RunningStack } from './lib/stack';
import { startFakeTelegram, type FakeTelegram } from '../apps/api/src/test/fake-telegram';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    apiUrl: string;
    /** The stack's DATA_DIR (embedded database, uploads, the operator token). */
    dataDir: string;
    /** The fake Telegram Bot API the stack's bot talks to (POST /__fake/text, GET /__fake/sent). */
    telegramUrl: string;
  }
}

let stack: RunningStack | undefined;
let telegram: FakeTelegram | undefined;

/** Starts the built product once for the whole end-to-end project. */
export async function setup(project: TestProject) {
  if (E2E_SKIP) {
    project.provide('baseUrl', '');
    project.provide('apiUrl', '');
    project.provide('dataDir', '');
    project.provide('telegramUrl', '');
    return;
  }
  telegram = await startFakeTelegram();
  stack = await startStack({
    // Status notifications in Telegram through a fake Bot API on loopback; SMS are not held for the
    // night, so a run at any hour sees them at once.
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_API_BASE_URL: telegram.url,
    TELEGRAM_BOT_USERNAME: 'magistral_demo_bot',
    TELEGRAM_POLL_TIMEOUT_SECONDS: '1',
    NOTIFY_QUIET_HOURS: 'off',
    // Test-only: webhook receivers of the tests listen on loopback over http; retries come after a second.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
    WEBHOOK_ALLOW_HTTP: '1',
    WEBHOOK_RETRY_BASE_SECONDS: '1',
  });
  project.provide('baseUrl', stack.baseUrl);
  project.provide('apiUrl', stack.apiUrl);
  project.provide('dataDir', stack.dataDir);
  project.provide('telegramUrl', telegram.url);
}

export async function teardown() {
  await stack?.stop();
  await telegram?.close();
}
