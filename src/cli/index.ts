export { main, buildProgram, describeCommands } from './main.ts';
export { ROUTES, API_ROUTES } from './routes.ts';
export { ensurePanelBuilt, panelBuildNeeded } from './panel-build.ts';
export { TASKS } from './tasks.ts';
export { createAppContext, CLIENT_FACTORIES } from './context.ts';
export { parseIntegerFlag } from './flags.ts';
export { reportError } from './run.ts';
