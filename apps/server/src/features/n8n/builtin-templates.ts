import type { N8nWorkflowTemplate } from '@parley/shared/contracts/n8n';

/**
 * The three built-in workflow templates (spec part 2 §3 "Workflow template"). Each `template` is n8n's own
 * workflow JSON (nodes and connections), so "Download for n8n" gives a file n8n imports as it is. Every
 * template starts with a Webhook node that checks Parley's bearer secret (n8n Header Auth credential named
 * "Parley bearer") and ends by answering the webhook.
 */

const webhookNode = (name: string, path: string, position: [number, number]) => ({
  id: `${path}-webhook`,
  name,
  type: 'n8n-nodes-base.webhook',
  typeVersion: 2,
  position,
  parameters: { httpMethod: 'POST', path, authentication: 'headerAuth', responseMode: 'responseNode', options: {} },
  credentials: { httpHeaderAuth: { name: 'Parley bearer' } },
});

const respondNode = (id: string, name: string, body: string, position: [number, number], code = 200) => ({
  id,
  name,
  type: 'n8n-nodes-base.respondToWebhook',
  typeVersion: 1.1,
  position,
  parameters: { respondWith: 'json', responseBody: body, options: { responseCode: code } },
});

const next = (node: string) => ({ main: [[{ node, type: 'main', index: 0 }]] });

export const BUILT_IN_TEMPLATES: readonly N8nWorkflowTemplate[] = [
  {
    id: '6d1f5a52-6c2b-4b5e-9a51-0c8f3b6a7e01',
    name: 'Chat Response Enhancement',
    description: 'Rewrites a chatbot answer with an LLM to match your brand voice before it reaches the visitor, keeping every fact from the sources.',
    category: 'AI Enhancement',
    isPublic: true,
    isBuiltIn: true,
    createdAt: null,
    variables: { OPENAI_MODEL: 'gpt-4o-mini', BRAND_VOICE: 'friendly, concise, professional' },
    template: {
      nodes: [
        webhookNode('Parley response', 'parley/enhance-response', [0, 0]),
        {
          id: 'enhance-prompt',
          name: 'Build prompt',
          type: 'n8n-nodes-base.set',
          typeVersion: 3.4,
          position: [220, 0],
          parameters: {
            mode: 'manual',
            assignments: {
              assignments: [
                { id: 'question', name: 'question', type: 'string', value: '={{ $json.body.question }}' },
                { id: 'answer', name: 'answer', type: 'string', value: '={{ $json.body.answer }}' },
                { id: 'voice', name: 'voice', type: 'string', value: '={{ $vars.BRAND_VOICE }}' },
              ],
            },
            options: {},
          },
        },
        {
          id: 'enhance-llm',
          name: 'Enhance answer',
          type: '@n8n/n8n-nodes-langchain.openAi',
          typeVersion: 1.8,
          position: [440, 0],
          parameters: {
            resource: 'text',
            operation: 'message',
            modelId: { __rl: true, mode: 'id', value: '={{ $vars.OPENAI_MODEL }}' },
            messages: {
              values: [
                {
                  role: 'system',
                  content:
                    '=Rewrite the answer in this voice: {{ $json.voice }}. Keep every fact, number and link exactly; add nothing that is not in the answer.',
                },
                { content: '=Question: {{ $json.question }}\n\nAnswer: {{ $json.answer }}' },
              ],
            },
            options: { temperature: 0.3 },
          },
          credentials: { openAiApi: { name: 'OpenAI' } },
        },
        respondNode('enhance-respond', 'Return answer', '={{ { "answer": $json.message.content } }}', [660, 0]),
      ],
      connections: {
        'Parley response': next('Build prompt'),
        'Build prompt': next('Enhance answer'),
        'Enhance answer': next('Return answer'),
      },
    },
  },
  {
    id: '6d1f5a52-6c2b-4b5e-9a51-0c8f3b6a7e02',
    name: 'Lead Capture Automation',
    description: 'Takes the contact details a visitor leaves in a conversation, adds them to a Google Sheet and e-mails your sales team.',
    category: 'Lead Management',
    isPublic: true,
    isBuiltIn: true,
    createdAt: null,
    variables: { LEADS_SHEET_ID: '', SALES_EMAIL: 'sales@example.com' },
    template: {
      nodes: [
        webhookNode('Parley lead', 'parley/lead', [0, 0]),
        {
          id: 'lead-check',
          name: 'Has e-mail?',
          type: 'n8n-nodes-base.if',
          typeVersion: 2,
          position: [220, 0],
          parameters: {
            conditions: {
              options: { caseSensitive: false, leftValue: '', typeValidation: 'loose' },
              conditions: [
                { id: 'email', leftValue: '={{ $json.body.email }}', rightValue: '', operator: { type: 'string', operation: 'notEmpty', singleValue: true } },
              ],
              combinator: 'and',
            },
            options: {},
          },
        },
        {
          id: 'lead-sheet',
          name: 'Add to sheet',
          type: 'n8n-nodes-base.googleSheets',
          typeVersion: 4.5,
          position: [440, -100],
          parameters: {
            operation: 'append',
            documentId: { __rl: true, mode: 'id', value: '={{ $vars.LEADS_SHEET_ID }}' },
            sheetName: { __rl: true, mode: 'name', value: 'Leads' },
            columns: {
              mappingMode: 'defineBelow',
              value: {
                email: '={{ $json.body.email }}',
                name: '={{ $json.body.name }}',
                chatbot: '={{ $json.body.chatbot_id }}',
                conversation: '={{ $json.body.conversation_id }}',
                received_at: '={{ $now.toISO() }}',
              },
            },
            options: {},
          },
          credentials: { googleSheetsOAuth2Api: { name: 'Google Sheets' } },
        },
        {
          id: 'lead-mail',
          name: 'Tell sales',
          type: 'n8n-nodes-base.emailSend',
          typeVersion: 2.1,
          position: [660, -100],
          parameters: {
            fromEmail: 'parley@example.com',
            toEmail: '={{ $vars.SALES_EMAIL }}',
            subject: '=New lead: {{ $("Parley lead").item.json.body.email }}',
            emailFormat: 'text',
            text: '=A visitor left their details in a Parley conversation.\n\nName: {{ $("Parley lead").item.json.body.name }}\nE-mail: {{ $("Parley lead").item.json.body.email }}',
            options: {},
          },
          credentials: { smtp: { name: 'SMTP' } },
        },
        respondNode('lead-ok', 'Lead stored', '={{ { "stored": true } }}', [880, -100]),
        respondNode('lead-missing', 'No e-mail', '={{ { "stored": false, "reason": "no e-mail address" } }}', [440, 120], 422),
      ],
      connections: {
        'Parley lead': next('Has e-mail?'),
        'Has e-mail?': {
          main: [[{ node: 'Add to sheet', type: 'main', index: 0 }], [{ node: 'No e-mail', type: 'main', index: 0 }]],
        },
        'Add to sheet': next('Tell sales'),
        'Tell sales': next('Lead stored'),
      },
    },
  },
  {
    id: '6d1f5a52-6c2b-4b5e-9a51-0c8f3b6a7e03',
    name: 'Conversation Analytics',
    description: 'When a conversation ends, computes its length, duration and unanswered questions and stores one row per conversation in PostgreSQL.',
    category: 'Analytics',
    isPublic: true,
    isBuiltIn: true,
    createdAt: null,
    variables: { ANALYTICS_TABLE: 'conversation_metrics' },
    template: {
      nodes: [
        webhookNode('Conversation ended', 'parley/conversation-ended', [0, 0]),
        {
          id: 'analytics-code',
          name: 'Compute metrics',
          type: 'n8n-nodes-base.code',
          typeVersion: 2,
          position: [220, 0],
          parameters: {
            mode: 'runOnceForEachItem',
            jsCode: [
              'const body = $json.body ?? {};',
              'const messages = Array.isArray(body.messages) ? body.messages : [];',
              "const visitor = messages.filter((m) => m.role === 'user');",
              "const bot = messages.filter((m) => m.role === 'assistant');",
              "const unanswered = bot.filter((m) => /not (in|covered by) (the|my) (documents|sources)/i.test(m.content ?? '')).length;",
              'const started = messages.length ? new Date(messages[0].created_at) : null;',
              'const ended = messages.length ? new Date(messages[messages.length - 1].created_at) : null;',
              'return {',
              '  json: {',
              '    conversation_id: body.conversation_id,',
              '    chatbot_id: body.chatbot_id,',
              '    visitor_messages: visitor.length,',
              '    bot_messages: bot.length,',
              '    unanswered,',
              '    duration_seconds: started && ended ? Math.round((ended - started) / 1000) : 0,',
              '  },',
              '};',
            ].join('\n'),
          },
        },
        {
          id: 'analytics-store',
          name: 'Store metrics',
          type: 'n8n-nodes-base.postgres',
          typeVersion: 2.5,
          position: [440, 0],
          parameters: {
            operation: 'insert',
            schema: { __rl: true, mode: 'list', value: 'public' },
            table: { __rl: true, mode: 'name', value: '={{ $vars.ANALYTICS_TABLE }}' },
            columns: { mappingMode: 'autoMapInputData', value: {} },
            options: {},
          },
          credentials: { postgres: { name: 'Analytics database' } },
        },
        respondNode('analytics-respond', 'Done', '={{ { "stored": true } }}', [660, 0]),
      ],
      connections: {
        'Conversation ended': next('Compute metrics'),
        'Compute metrics': next('Store metrics'),
        'Store metrics': next('Done'),
      },
    },
  },
];
