import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamicContentResponseSchema } from '@freight/contracts';
import { footerLinks } from '@freight/db';
import { createTestContext, type TestContext } from '../../test/helpers';

describe('GET /api/v1/duty_dynamic_content/dynamic_content', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('returns the seeded footer links of all five categories, in the contract shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/duty_dynamic_content/dynamic_content' });
    expect(res.statusCode).toBe(200);
    const links = DynamicContentResponseSchema.parse(res.json());
    expect(new Set(links.map((l) => l.category))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(links.find((l) => l.name === 'О компании')).toMatchObject({ url: 'about', category: 1 });
  });

  it('reflects the database: a new link appears, an inactive one does not', async () => {
    await ctx.database.db.insert(footerLinks).values([
      { name: 'Тестовая ссылка', url: 'test-page', category: 5, position: 99 },
      { name: 'Скрытая ссылка', url: 'hidden', category: 5, position: 100, isActive: false },
    ]);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/duty_dynamic_content/dynamic_content' });
    const names = (res.json() as Array<{ name: string }>).map((l) => l.name);
    expect(names).toContain('Тестовая ссылка');
    expect(names).not.toContain('Скрытая ссылка');
  });
});
