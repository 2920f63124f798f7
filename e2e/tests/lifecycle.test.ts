import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { E2E_SKIP } from '../lib/browser';
import { startStack } from '../lib/stack';

async function isListening(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(E2E_SKIP)('npm start', () => {
  it('keeps the data across restarts, never duplicates seed rows, and stops both processes on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'magistral-restart-'));
    try {
      const first = await startStack({}, { dataDir, keepData: true });
      const links1 = (await (
        await fetch(`${first.baseUrl}/api/v1/duty_dynamic_content/dynamic_content`)
      ).json()) as unknown[];
      const feedback = await fetch(`${first.baseUrl}/api/v1/user/feedback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: first.baseUrl },
        body: JSON.stringify({ contact: 'test@example.ru', message: 'Проверка сохранности данных', consent: true }),
      });
      expect(feedback.status).toBe(201);
      const { id } = (await feedback.json()) as { id: number };
      expect(await first.stop()).toBe(0);
      expect(await isListening(first.baseUrl)).toBe(false);
      expect(await isListening(first.apiUrl)).toBe(false);

      const second = await startStack({}, { dataDir, keepData: true });
      const links2 = (await (
        await fetch(`${second.baseUrl}/api/v1/duty_dynamic_content/dynamic_content`)
      ).json()) as unknown[];
      expect(links2).toEqual(links1);
      const next = await fetch(`${second.baseUrl}/api/v1/user/feedback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: second.baseUrl },
        body: JSON.stringify({ contact: 'test@example.ru', message: 'Вторая запись', consent: true }),
      });
      // Identity columns continue after the restart: the first row is still there.
      expect(((await next.json()) as { id: number }).id).toBe(id + 1);
      expect(await second.stop()).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
