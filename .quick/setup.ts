import type { TestProject } from 'vitest/node';
export default function setup(project: TestProject) {
  project.provide('e2e', {
    baseUrl: 'http://127.0.0.1:39177',
    jwtSecret: 'monwtestsecretmonwtestsecret1234567',
    chromium: '/usr/bin/chromium',
  });
}
