import { describe, expect, it } from 'vitest';
import { CODE_COST, hashCosts, hashSecret, PASSWORD_COST, verifySecret } from './password';

describe('password hashing', () => {
  it('hashes at the OWASP cost everywhere but under the test runner', () => {
    expect(hashCosts({})).toEqual({ password: { log2N: 15, r: 8, p: 3 }, code: { log2N: 14, r: 8, p: 1 } });
    expect(hashCosts({ NODE_ENV: 'test' }).password).toEqual({ log2N: 15, r: 8, p: 3 });
    expect(hashCosts({ NODE_ENV: 'production' }).code).toEqual({ log2N: 14, r: 8, p: 1 });
    expect(hashCosts({ VITEST: 'true' }).password.log2N).toBe(10);
    // This file runs under Vitest: the cheap cost is the one in force here.
    expect(PASSWORD_COST.log2N).toBe(10);
    expect(CODE_COST.log2N).toBe(10);
  });

  it('writes its parameters into the hash and checks a secret against a hash of either cost', async () => {
    const cheap = await hashSecret('пароль-1');
    expect(cheap).toMatch(/^scrypt\$10\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    const real = await hashSecret('пароль-1', hashCosts({}).password);
    expect(real).toMatch(/^scrypt\$15\$8\$3\$/);
    for (const stored of [cheap, real]) {
      expect(await verifySecret('пароль-1', stored)).toBe(true);
      expect(await verifySecret('пароль-2', stored)).toBe(false);
    }
    expect(await hashSecret('пароль-1')).not.toBe(cheap); // a fresh salt each time
  });

  it('refuses malformed and out-of-range hashes', async () => {
    const good = await hashSecret('x');
    const parts = good.split('$');
    for (const bad of [
      '',
      'bcrypt$10$8$1$a$b',
      good.replace(/^scrypt\$10/, 'scrypt$9'),
      good.replace(/^scrypt\$10/, 'scrypt$21'),
      [...parts.slice(0, 5)].join('$'),
    ]) {
      expect(await verifySecret('x', bad)).toBe(false);
    }
  });
});
