// The demo module's front door: the demo organisations, accounts and seed.
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.js';
export { seedDemo } from './demo-seed.repository.js';
