import { BracesIcon, ChartColumnIcon, CodeXmlIcon, FileSearchIcon, HeadsetIcon, ServerIcon, type LucideIcon } from 'lucide-react';

const FEATURES: { icon: LucideIcon; title: string; description: string }[] = [
  {
    icon: FileSearchIcon,
    title: 'Answers grounded in your documents',
    description: 'Upload PDFs, Word files, text and web pages. Every answer is drawn from your sources and cites them, so visitors can check.',
  },
  {
    icon: CodeXmlIcon,
    title: 'One line on your website',
    description: 'Paste a single script tag and the chat appears in the corner of your pages, in your colours, on the sites you allow.',
  },
  {
    icon: HeadsetIcon,
    title: 'Live handoff to a person',
    description: 'When the bot cannot help, visitors ask for a person and your team answers from a shared inbox, in real time.',
  },
  {
    icon: BracesIcon,
    title: 'An OpenAI-compatible API',
    description: 'Call any chatbot from your own code through /v1/chat/completions, with the OpenAI libraries you already use, streaming included.',
  },
  {
    icon: ChartColumnIcon,
    title: 'Analytics that show what people ask',
    description: 'Conversation trends, top questions, answer ratings and per-chatbot performance, with reports sent on a schedule.',
  },
  {
    icon: ServerIcon,
    title: 'Yours to run',
    description: 'Open source and self-hostable. Works with OpenAI, Anthropic, Google, Mistral or your own Ollama — or offline with built-in models.',
  },
];

/** What Parley offers, in six cards. */
export function LandingFeatures() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {FEATURES.map(({ icon: Icon, title, description }) => (
        <li key={title} className="flex flex-col gap-3 rounded-xl border bg-card/60 p-6 text-card-foreground shadow-xs">
          <span className="flex size-10 items-center justify-center rounded-lg bg-brand/10 text-brand">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <h3 className="font-semibold">{title}</h3>
          <p className="text-sm leading-relaxed text-muted-foreground">{description}</p>
        </li>
      ))}
    </ul>
  );
}
