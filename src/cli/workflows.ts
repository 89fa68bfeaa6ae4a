import { Command } from 'commander';
import {
  createWorkflow,
  createWorkflowFromTemplate,
  deleteWorkflow,
  getWorkflowView,
  listWorkflowViews,
  parseRuleText,
  recordWorkflowChange,
  workflowDiff,
  setWorkflowState,
  updateWorkflow,
  WORKFLOW_TEMPLATES,
  WORKFLOW_TYPES,
  type WorkflowFields,
  type WorkflowTransition,
  type WorkflowView,
} from '../workflows/index.ts';
import { collect, optionalInteger, parseDateFlag, parseIntegerFlag } from './flags.ts';
import { templateList, templateRows, workflowDetail, workflowList } from './format/workflows.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';
import { addWorkflowKindCommands } from './workflow-kinds.ts';

/** The CLI's changes go into the workflow's history (actor cli); answers the view it was given. */
async function recorded(
  ctx: { db: Parameters<typeof recordWorkflowChange>[0] },
  view: WorkflowView,
  what: Parameters<typeof recordWorkflowChange>[1]['action'],
  changes?: Parameters<typeof recordWorkflowChange>[1]['changes'],
): Promise<WorkflowView> {
  await recordWorkflowChange(ctx.db, { brandId: view.brand_id, workflowId: view.id, action: what, changes });
  return view;
}

interface FieldFlags {
  name?: string;
  delay?: string;
  priority?: string;
  message?: string;
  status?: string;
  timezone?: string;
  startsAt?: string;
  endsAt?: string;
  condition?: string;
  rule?: string[];
  mainRule?: string | false;
  discountType?: string;
  discountValue?: string;
  discountDuration?: string;
  discountMinimum?: string;
  codeType?: string;
  codePrefix?: string;
  discountRule?: string;
  discount?: boolean;
  clearRules?: boolean;
  externalId?: string;
  integration?: string;
  json?: boolean;
}

const PRIORITY_HELP =
  "one cart reminder per cart: the store's cart and checkout workflows choose by priority (highest first), then the shortest delay, then the lowest id (default 0; -1000 to 1000)";

const numberFlag = (value: string | undefined): number | undefined => (value === undefined ? undefined : Number(value));

/** Flags -> fields; only what was given (so update changes nothing else). */
function fieldsFrom(flags: FieldFlags): WorkflowFields & { integrationId?: number } {
  const fields: WorkflowFields & { integrationId?: number } = {};
  if (flags.name !== undefined) fields.name = flags.name;
  if (flags.delay !== undefined) fields.delayMinutes = flags.delay;
  if (flags.priority !== undefined) fields.priority = flags.priority;
  if (flags.message !== undefined) fields.message = flags.message.replace(/\\n/g, '\n');
  if (flags.status !== undefined) fields.status = flags.status;
  if (flags.timezone !== undefined) fields.timezone = flags.timezone;
  if (flags.startsAt !== undefined)
    fields.startsAt = flags.startsAt === '' ? null : parseDateFlag('--starts-at', flags.startsAt);
  if (flags.endsAt !== undefined) fields.endsAt = flags.endsAt === '' ? null : parseDateFlag('--ends-at', flags.endsAt);
  if (flags.condition !== undefined) fields.condition = flags.condition;
  if (flags.rule?.length) fields.rules = flags.rule.map(parseRuleText);
  else if (flags.clearRules) fields.rules = [];
  if (flags.mainRule === false) fields.mainRule = null;
  else if (flags.mainRule !== undefined) fields.mainRule = parseRuleText(flags.mainRule);
  if (flags.discountType !== undefined) {
    fields.discount = {
      type: flags.discountType,
      value: numberFlag(flags.discountValue),
      duration: numberFlag(flags.discountDuration),
      minimum: numberFlag(flags.discountMinimum),
      codeType: flags.codeType,
      codePrefix: flags.codePrefix,
    };
  }
  if (flags.discountRule !== undefined) fields.discountRuleId = parseIntegerFlag('--discount-rule', flags.discountRule);
  if (flags.discount === false) fields.noDiscount = true;
  if (flags.externalId !== undefined) fields.externalId = flags.externalId || null;
  if (flags.integration !== undefined) fields.integrationId = parseIntegerFlag('--integration', flags.integration);
  return fields;
}

function fieldOptions(command: Command): Command {
  return command
    .option('--name <name>', "workflow name (default for create: the type's default name)")
    .option('--integration <id>', "the brand's store integration (default: its only one)")
    .option('--delay <minutes>', 'minutes after the cart / order before the first text')
    .option('--priority <n>', PRIORITY_HELP)
    .option(
      '--message <text>',
      'message text; placeholders {first_name} {brand_name} {cart_link} {discount_code} {discount_value}; \\n starts a new paragraph',
    )
    .option('--status <status>', 'draft or active')
    .option('--timezone <iana>', 'e.g. America/New_York (default America/Los_Angeles)')
    .option('--starts-at <iso>', 'runs only from this time ("" clears it)')
    .option('--ends-at <iso>', 'runs only until this time ("" clears it)')
    .option('--condition <AND|OR>', 'how --rule rules combine')
    .option(
      '--rule <"field op value">',
      `a rule, repeatable (fields cart_total order_total order_count product_ids collection_ids tags contact_group; ops eq neq gt gte lt lte in not_in contains)`,
      collect,
    )
    .option('--main-rule <"field op value">', 'the main rule (required for order workflows)')
    .option('--discount-type <type>', 'percentage, fixed or shipping: the workflow sends a discount code')
    .option('--discount-value <n>', 'percent or amount (percentage default 15)')
    .option('--discount-duration <days>', 'days a code stays valid (default 10)')
    .option('--discount-minimum <amount>', 'minimum order subtotal for the code')
    .option('--code-type <type>', 'dynamic (default), custom or static (static: --code-prefix is the code itself)')
    .option('--code-prefix <prefix>', 'code prefix instead of LR')
    .option('--discount-rule <id>', "use one of the brand's existing discount rules")
    .option('--external-id <id>', 'id in the workflow-automation service')
    .option('--json', 'print the workflow as JSON');
}

/** Prints a workflow: as JSON, or as text under an optional heading. */
function printWorkflow(w: WorkflowView, json?: boolean, heading?: string): void {
  if (json) return printJson(w);
  printLines(workflowDetail(w, heading));
}

export function workflowsCommand(): Command {
  const workflows = withExamples(
    new Command('workflows').description("a brand's workflows: who gets texted, when, with what message and discount"),
    'reclaim workflows create-from-template --brand 1 --template abandoned-cart --json',
    'reclaim workflows activate 7',
  );

  withExamples(
    workflows
      .command('list')
      .description("the brand's workflows")
      .requiredOption('--brand <id>', 'brand id')
      .option('--json', 'print as JSON'),
    'reclaim workflows list --brand 1',
  ).action(
    action(async (opts: { brand: string; json?: boolean }) => {
      const brandId = parseIntegerFlag('--brand', opts.brand);
      await withContext(async (ctx) => {
        const list = await listWorkflowViews(ctx, { brandId });
        if (opts.json) return printJson({ workflows: list, count: list.length });
        printLines(workflowList(list));
      });
    }),
  );

  withExamples(
    workflows
      .command('templates')
      .description('the templates create-from-template knows')
      .option('--json', 'print as JSON'),
    'reclaim workflows templates',
  ).action(
    action(async (opts: { json?: boolean }) => {
      const list = templateRows(Object.values(WORKFLOW_TEMPLATES));
      if (opts.json) return printJson({ templates: list });
      printLines(templateList(list));
    }),
  );

  withExamples(
    workflows
      .command('show <id>')
      .description('one workflow with its rules, discount and message')
      .option('--brand <id>', 'only if it belongs to this brand')
      .option('--json', 'print as JSON'),
    'reclaim workflows show 7 --json',
  ).action(
    action(async (id: string, opts: { brand?: string; json?: boolean }) => {
      const query = {
        id: parseIntegerFlag('id', id),
        brandId: optionalInteger('--brand', opts.brand),
      };
      await withContext(async (ctx) => printWorkflow(await getWorkflowView(ctx, query), opts.json));
    }),
  );

  withExamples(
    fieldOptions(
      workflows
        .command('create')
        .description('a new workflow (a paused draft until activated)')
        .requiredOption('--brand <id>', 'brand id')
        .requiredOption('--type <type>', WORKFLOW_TYPES.join(', ')),
    ),
    'reclaim workflows create --brand 1 --type checkout --name "Checkout rescue" --delay 45 --message "Hi {first_name}, your cart: {cart_link}" --discount-type percentage',
    'reclaim workflows create --brand 1 --type order --main-rule "order_total gte 100" --rule "tags contains vip"',
  ).action(
    action(async (opts: FieldFlags & { brand: string; type: string }) => {
      const brandId = parseIntegerFlag('--brand', opts.brand);
      const fields = fieldsFrom(opts);
      await withContext(async (ctx) =>
        printWorkflow(
          await recorded(ctx, await createWorkflow(ctx, { brandId, type: opts.type, ...fields }), 'created'),
          opts.json,
          opts.json ? undefined : 'Created (paused draft; activate it to run).',
        ),
      );
    }),
  );

  withExamples(
    workflows
      .command('create-from-template')
      .description(
        'a workflow from a template with its name, delay, message, main rule and a 10% discount (a paused draft)',
      )
      .requiredOption('--brand <id>', 'brand id')
      .requiredOption('--template <key>', Object.keys(WORKFLOW_TEMPLATES).join(', '))
      .option('--delay <minutes>', "instead of the template's delay")
      .option('--priority <n>', PRIORITY_HELP)
      .option('--name <name>', "instead of the template's name")
      .option('--integration <id>', "the brand's store integration (default: its only one)")
      .option('--json', 'print the workflow as JSON'),
    'reclaim workflows create-from-template --brand 1 --template upsell --delay 2880 --json',
  ).action(
    action(
      async (opts: {
        brand: string;
        template: string;
        delay?: string;
        priority?: string;
        name?: string;
        integration?: string;
        json?: boolean;
      }) => {
        const options = {
          brandId: parseIntegerFlag('--brand', opts.brand),
          template: opts.template,
          delayMinutes: opts.delay,
          priority: opts.priority,
          name: opts.name,
          integrationId: optionalInteger('--integration', opts.integration),
        };
        await withContext(async (ctx) =>
          printWorkflow(
            await recorded(ctx, await createWorkflowFromTemplate(ctx, options), 'created', {
              template: { from: null, to: options.template },
            }),
            opts.json,
            opts.json ? undefined : 'Created from template (paused draft; activate it to run).',
          ),
        );
      },
    ),
  );

  withExamples(
    fieldOptions(workflows.command('update <id>').description('changes only the fields given'))
      .option('--no-main-rule', 'remove the main rule')
      .option('--clear-rules', 'remove every --rule rule')
      .option('--no-discount', 'send the message without a discount code'),
    'reclaim workflows update 7 --delay 60 --rule "cart_total gte 50" --condition AND',
    'reclaim workflows update 7 --priority 10',
  ).action(
    action(async (id: string, opts: FieldFlags) => {
      const fields = { id: parseIntegerFlag('id', id), ...fieldsFrom(opts) };
      await withContext(async (ctx) => {
        const before = await getWorkflowView(ctx, { id: fields.id });
        const after = await updateWorkflow(ctx, fields);
        await recorded(ctx, after, 'updated', workflowDiff(before, after));
        printWorkflow(after, opts.json, opts.json ? undefined : 'Updated.');
      });
    }),
  );

  const transitions: [WorkflowTransition, string, string][] = [
    ['activate', 'check the workflow and make it active and unpaused: it runs from the next candidate run', 'Active'],
    ['pause', 'stop starting new conversations (existing ones go on)', 'Paused'],
    ['resume', 'unpause an active workflow', 'Resumed'],
  ];
  for (const [transition, description, done] of transitions) {
    withExamples(
      workflows.command(`${transition} <id>`).description(description).option('--json', 'print the workflow as JSON'),
      `reclaim workflows ${transition} 7`,
    ).action(
      action(async (id: string, opts: { json?: boolean }) => {
        const workflowId = parseIntegerFlag('id', id);
        await withContext(async (ctx) => {
          const view = await recorded(
            ctx,
            await setWorkflowState(ctx, { id: workflowId, transition }),
            transition === 'activate' ? 'activated' : transition === 'pause' ? 'paused' : 'resumed',
          );
          if (opts.json) return printJson(view);
          printLines(`${done}: workflow ${view.id} (${view.name}) is now ${view.state}.`);
        });
      }),
    );
  }

  withExamples(
    workflows
      .command('delete <id>')
      .description('delete a workflow (its conversations and history stay)')
      .option('--json', 'print as JSON'),
    'reclaim workflows delete 7',
  ).action(
    action(async (id: string, opts: { json?: boolean }) => {
      const workflowId = parseIntegerFlag('id', id);
      await withContext(async (ctx) => {
        const before = await getWorkflowView(ctx, { id: workflowId });
        const deleted = await deleteWorkflow(ctx, { id: workflowId });
        await recorded(ctx, before, 'deleted', { name: { from: deleted.name, to: null } });
        if (opts.json) return printJson({ deleted });
        printLines(`Deleted workflow ${deleted.id} (${deleted.name}).`);
      });
    }),
  );
  addWorkflowKindCommands(workflows);
  return workflows;
}
