/** Clients of the external services Reclaim integrates with. */
export { triggerAutomationWorkflow, type AutomationClientOptions, type AutomationAnswer } from './automation/client.ts';
