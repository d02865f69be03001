import type { TestProject } from 'vitest/node';
import { startTestServer } from './databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { serverUrl: string; template: string };
  }
}

export default async function setup(project: TestProject) {
  const server = await startTestServer();
  project.provide('testDatabase', { serverUrl: server.serverUrl, template: server.template });
  return () => server.stop();
}
