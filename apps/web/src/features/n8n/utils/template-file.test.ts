import { describe, expect, it } from 'vitest';
import { n8nWorkflowFile, parseTemplateJson, templateFileName, workflowFromTemplate } from './template-file';

const template = {
  name: 'Lead Capture Automation',
  description: 'Leads to a sheet',
  template: {
    nodes: [
      { name: 'Parley lead', type: 'n8n-nodes-base.webhook', parameters: { path: 'parley/lead' } },
      { name: 'Done', type: 'n8n-nodes-base.respondToWebhook' },
    ],
    connections: { 'Parley lead': { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
  },
};

describe('workflow template files', () => {
  it('writes what n8n imports and names the file after the template', () => {
    const file = JSON.parse(n8nWorkflowFile(template));
    expect(file).toEqual({
      name: template.name,
      nodes: template.template.nodes,
      connections: template.template.connections,
      settings: { executionOrder: 'v1' },
    });
    expect(templateFileName(template.name)).toBe('lead-capture-automation.json');
    expect(templateFileName('  !!  ')).toBe('workflow.json');
  });

  it('starts a workflow from a template with its webhook path as the endpoint', () => {
    expect(workflowFromTemplate(template)).toEqual({
      name: template.name,
      description: 'Leads to a sheet',
      triggerType: 'webhook',
      endpointUrl: '/parley/lead',
    });
    expect(
      workflowFromTemplate({ ...template, template: { nodes: [{ name: 'Start', type: 'n8n-nodes-base.manualTrigger' }], connections: {} } }),
    ).toMatchObject({
      triggerType: 'manual',
      endpointUrl: '',
    });
  });

  it('reads a pasted export or says why it cannot', () => {
    expect(parseTemplateJson(JSON.stringify({ name: 'x', nodes: [1], connections: { a: 1 } }))).toEqual({ nodes: [1], connections: { a: 1 } });
    expect(parseTemplateJson('{"nodes": []}')).toEqual({ nodes: [], connections: {} });
    expect(parseTemplateJson('nodes:')).toHaveProperty('error');
    expect(parseTemplateJson('[1]')).toHaveProperty('error');
  });
});
