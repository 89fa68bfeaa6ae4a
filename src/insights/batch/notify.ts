/**
 * New insights found by a batch: one in-app notification for the brand's users and, when the brand
 * has Slack connected with a channel, one message there. A Slack failure is logged, never fatal:
 * the insights are already saved.
 */
import { publicBaseUrl, type AppContext } from '../../app/index.ts';
import { connectedSlack, postToSlack } from '../../integrations/index.ts';
import { raiseNewInsights } from '../../notifications/index.ts';
import { insightTopics } from './store.ts';

/** The Slack text: how many, the first five topics, and the link to the brand's insights. */
export function newInsightsSlackText({
  topics,
  count,
  link,
}: {
  topics: string[];
  count: number;
  link: string;
}): string {
  const lines = topics.slice(0, 5).map((t) => `• ${t}`);
  const more = count > lines.length ? `\n…and ${count - lines.length} more` : '';
  return `${count === 1 ? 'A new insight' : `${count} new insights`} from shoppers' messages:\n${lines.join('\n')}${more}\n<${link}|Open insights>`;
}

export async function notifyNewInsights(ctx: AppContext, brandId: number, insightIds: number[]): Promise<void> {
  if (insightIds.length === 0) return;
  const log = ctx.logger.child({ brand_id: brandId, task: 'insights:batch' });
  const topics = await insightTopics(ctx.db, brandId, insightIds);
  const raised = await raiseNewInsights(ctx.db, { brandId, insightIds, topics });
  if (!raised.created) return;
  const slack = ctx.config.SLACK_CLIENT_ID ? await connectedSlack(ctx, brandId) : undefined;
  if (!slack || typeof slack.link.settings.channel_id !== 'string') return;
  try {
    const link = `${publicBaseUrl(ctx.config)}/b/${brandId}/insights`;
    await postToSlack(ctx, { brandId, text: newInsightsSlackText({ topics, count: insightIds.length, link }) });
  } catch (error) {
    log.warn({ err: error }, 'new-insights Slack message not posted');
  }
}
