export { seedDemo, type SeedResult } from './seed.ts';
export { demoOverview, databaseIsEmpty, countRows, type DemoCounts, type DemoOverview } from './overview.ts';
export { loadDemoFixtures, type DemoFixtures } from './fixtures.ts';
