import type { TestProject } from 'vitest/node';
import { E2E_SKIP } from './lib/browser';
import { startStack, type RunningStack } from './lib/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    apiUrl: string;
  }
}

let stack: RunningStack | undefined;

/** Starts the built product once for the whole end-to-end project. */
export async function setup(project: TestProject) {
  if (E2E_SKIP) {
    project.provide('baseUrl', '');
    project.provide('apiUrl', '');
    return;
  }
  stack = await startStack();
  project.provide('baseUrl', stack.baseUrl);
  project.provide('apiUrl', stack.apiUrl);
}

export async function teardown() {
  await stack?.stop();
}
