export { seedDemo, type SeedResult } from './seed.ts';
export { demoOverview, type DemoOverview } from './overview.ts';
export { databaseIsEmpty } from './store.ts';
export { loadDemoFixtures } from './fixtures.ts';
