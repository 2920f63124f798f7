import { notFound } from 'next/navigation';
import { webEnv } from '@/config/env';

/**
 * Throws during render so end-to-end tests can see the error boundary. Exists only when the
 * server runs with ENABLE_TEST_ROUTES=1; everywhere else it is a plain 404.
 */
export default function ForcedRenderError() {
  if (!webEnv.testRoutes) notFound();
  throw new Error('Forced render error (test route)');
}
