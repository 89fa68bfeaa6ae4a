export { seedDemo, WORKER_STOPPED_MINUTES_AGO, type SeedResult, type SeedOptions } from './seed.ts';
export { demoOverview, demoLogins, type DemoOverview, type DemoLogin } from './overview.ts';
export { databaseIsEmpty } from './store/rows.ts';
export { loadDemoFixtures } from './fixtures.ts';
export { storySpec } from './spec.ts';
export { buildStory, type BrandStory } from './story/index.ts';
export { DEMO_KB } from './kb.ts';
