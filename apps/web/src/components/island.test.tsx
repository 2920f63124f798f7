import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Island } from './island';

describe('Island', () => {
  it('is sent in place, between the markers React hydrates on their own, not outlined or hidden', () => {
    const html = renderToString(
      <main>
        <Island>
          <form>
            <input name="phone" />
          </form>
        </Island>
      </main>,
    );
    expect(html).toBe('<main><!--&--><form><input name="phone"/></form><!--/&--></main>');
  });
});
