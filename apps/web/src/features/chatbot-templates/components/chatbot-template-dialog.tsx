import {
  CHATBOT_TEMPLATE_DESCRIPTION_MAX,
  CHATBOT_TEMPLATE_MESSAGES as MESSAGES,
  CHATBOT_TEMPLATE_NAME_MAX,
  createChatbotTemplateBodySchema,
  type ChatbotTemplate,
} from '@parley/shared/contracts/chatbot-templates';
import { AlertCircleIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-error';
import { useSaveChatbotTemplate } from '../api/save-chatbot-template';
import {
  configurationFromFields,
  fieldsFromConfiguration,
  formatConfiguration,
  newConfiguration,
  parseConfigurationJson,
  type Configuration,
  type ConfigurationFields,
} from '../utils/template-configuration';
import { ConfigurationFieldsEditor } from './configuration-fields-editor';

type Tab = 'fields' | 'json';

/** Add (template = null) or edit a chatbot template. The configuration is edited as fields or as raw JSON (spec §5). */
export function ChatbotTemplateDialog({ template, onClose }: { template: ChatbotTemplate | null; onClose: () => void }) {
  const isEditing = template !== null;
  const initial: Configuration = template ? { ...template.configuration } : newConfiguration();
  const [name, setName] = useState(template?.name ?? '');
  const [description, setDescription] = useState(template?.description ?? '');
  const [isActive, setActive] = useState(template?.isActive ?? true);
  const [tab, setTab] = useState<Tab>('fields');
  // `base` is the last whole configuration, so keys the fields do not know survive edits in either view.
  const [base, setBase] = useState<Configuration>(initial);
  const [fields, setFields] = useState<ConfigurationFields>(() => fieldsFromConfiguration(initial));
  const [jsonText, setJsonText] = useState('');
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveChatbotTemplate();

  const switchTab = (next: Tab) => {
    if (next === tab) return;
    if (next === 'json') {
      const configuration = configurationFromFields(fields, base);
      setBase(configuration);
      setJsonText(formatConfiguration(configuration));
      setJsonError(null);
      setTab('json');
      return;
    }
    const parsed = parseConfigurationJson(jsonText);
    if (!parsed.ok) {
      // Stay on the JSON so nothing typed there is lost.
      setJsonError(parsed.message);
      return;
    }
    setBase(parsed.value);
    setFields(fieldsFromConfiguration(parsed.value));
    setJsonError(null);
    setTab('fields');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    let configuration: Configuration;
    if (tab === 'json') {
      const parsed = parseConfigurationJson(jsonText);
      if (!parsed.ok) {
        setJsonError(parsed.message);
        toast.error(parsed.message);
        return;
      }
      configuration = parsed.value;
    } else {
      configuration = configurationFromFields(fields, base);
    }
    const checked = createChatbotTemplateBodySchema.safeParse({ name, description, configuration, isActive });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? MESSAGES.invalidJson);
      return;
    }
    setProblem(null);
    save.mutate(template ? { id: template.id, body: { ...checked.data, expectedUpdatedAt: template.updatedAt } } : { id: null, body: checked.data }, {
      onSuccess: () => {
        toast.success(isEditing ? MESSAGES.updated : MESSAGES.created);
        onClose();
      },
      onError: (error) => toast.error(MESSAGES.saveFailed(getErrorMessage(error))),
    });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{isEditing ? 'Edit Template' : 'Add Template'}</DialogTitle>
          <DialogDescription>A ready-made starting point customers can pick when they create a chatbot.</DialogDescription>
        </DialogHeader>
        <form id="chatbot-template-form" onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4">
          <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
            <Field>
              <Label htmlFor="chatbot-template-name">Name</Label>
              <Input
                id="chatbot-template-name"
                value={name}
                maxLength={CHATBOT_TEMPLATE_NAME_MAX}
                onChange={(event) => setName(event.target.value)}
                placeholder="Customer support desk"
                aria-invalid={problem === MESSAGES.nameRequired ? true : undefined}
                autoFocus
              />
            </Field>
            <div className="flex h-9 items-center gap-3">
              <Switch id="chatbot-template-active" checked={isActive} onCheckedChange={setActive} />
              <Label htmlFor="chatbot-template-active">Active</Label>
            </div>
          </div>
          <Field>
            <Label htmlFor="chatbot-template-description">Description</Label>
            <Textarea
              id="chatbot-template-description"
              rows={2}
              value={description}
              maxLength={CHATBOT_TEMPLATE_DESCRIPTION_MAX}
              onChange={(event) => setDescription(event.target.value)}
              placeholder="What a chatbot made from this template does."
            />
          </Field>
          <Tabs value={tab} onValueChange={(value) => switchTab(value as Tab)} className="min-w-0 gap-3">
            <TabsList>
              <TabsTrigger value="fields">Configuration</TabsTrigger>
              <TabsTrigger value="json">JSON</TabsTrigger>
            </TabsList>
            <TabsContent value="fields" className="min-w-0">
              <ConfigurationFieldsEditor fields={fields} onChange={(patch) => setFields((current) => ({ ...current, ...patch }))} />
            </TabsContent>
            <TabsContent value="json" className="min-w-0">
              <Field>
                <Label htmlFor="chatbot-template-json">Configuration JSON</Label>
                <Textarea
                  id="chatbot-template-json"
                  rows={16}
                  spellCheck={false}
                  value={jsonText}
                  onChange={(event) => {
                    setJsonText(event.target.value);
                    setJsonError(null);
                  }}
                  className="max-h-[50svh] min-h-64 font-mono text-xs leading-relaxed"
                  aria-invalid={jsonError ? true : undefined}
                  aria-describedby="chatbot-template-json-hint"
                />
                {jsonError ? (
                  <p id="chatbot-template-json-hint" className="text-sm text-destructive" role="alert">
                    {jsonError}
                  </p>
                ) : (
                  <FieldDescription id="chatbot-template-json-hint">
                    Keys category, industry, features, difficulty, setupTime, useCases and templateId; systemPrompt, welcomeMessage and suggestedQuestions
                    prefill the builder. Other keys are kept as written.
                  </FieldDescription>
                )}
              </Field>
            </TabsContent>
          </Tabs>
          {problem && (
            <Alert variant="destructive">
              <AlertCircleIcon />
              <AlertDescription>{problem}</AlertDescription>
            </Alert>
          )}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="chatbot-template-form" disabled={save.isPending}>
            {save.isPending && <Spinner />}
            {isEditing ? 'Update Template' : 'Create Template'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
