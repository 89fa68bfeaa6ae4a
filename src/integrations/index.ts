/** Clients of the external services Reclaim integrates with. */
export { triggerAutomationWorkflow, type AutomationClientOptions } from './automation/client.ts';
