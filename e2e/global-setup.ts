import type { TestProject } from 'vitest/node';
import { E2E_SKIP } from './lib/browser';
import { startStack, type RunningStack } from './lib/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    apiUrl: string;
    /** The stack's DATA_DIR (embedded database, uploads, the operator token). */
    dataDir: string;
  }
}

let stack: RunningStack | undefined;

/** Starts the built product once for the whole end-to-end project. */
export async function setup(project: TestProject) {
  if (E2E_SKIP) {
    project.provide('baseUrl', '');
    project.provide('apiUrl', '');
    project.provide('dataDir', '');
    return;
  }
  stack = await startStack();
  project.provide('baseUrl', stack.baseUrl);
  project.provide('apiUrl', stack.apiUrl);
  project.provide('dataDir', stack.dataDir);
}

export async function teardown() {
  await stack?.stop();
}
