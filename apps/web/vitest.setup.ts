import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Forms validate through schemas loaded by import() on first use (lib/form/lazy-zod-resolver.ts):
// on a loaded CI machine the first import can take more than findBy*'s default second.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
