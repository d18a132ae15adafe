import { ArrowRightIcon, BotIcon, CodeIcon, FileTextIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

const STEPS = [
  {
    icon: BotIcon,
    title: 'Create a chatbot',
    description: 'Give it a name, a tone and instructions for how it should answer.',
    to: paths.newChatbot,
  },
  {
    icon: FileTextIcon,
    title: 'Add your documents',
    description: 'Upload PDFs, Word files or web pages, or paste text; answers are grounded in them.',
    to: paths.chatbots,
  },
  {
    icon: CodeIcon,
    title: 'Put it on your website',
    description: 'Embed the chat widget with one script tag from the chatbot’s Embed tab.',
    to: paths.chatbots,
  },
] as const;

/** The path a new customer follows, each step a link to where it is done. */
export function GettingStarted() {
  return (
    <section aria-labelledby="getting-started-heading" className="space-y-4">
      <div>
        <h2 id="getting-started-heading" className="text-lg font-semibold tracking-tight">
          Getting started
        </h2>
        <p className="text-sm text-muted-foreground">Three steps from your documents to a chatbot on your website.</p>
      </div>
      <ol className="grid gap-4 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title}>
            <Link to={step.to} className="group block h-full rounded-xl focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
              <Card className="h-full gap-4 transition-colors group-hover:border-foreground/20">
                <CardHeader className="gap-3">
                  <span className="flex size-9 items-center justify-center rounded-lg bg-brand/10 text-brand">
                    <step.icon className="size-5" aria-hidden="true" />
                  </span>
                  <CardTitle className="flex items-center gap-2">
                    <span className="text-muted-foreground">{index + 1}.</span> {step.title}
                    <ArrowRightIcon className="ml-auto size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" />
                  </CardTitle>
                  <CardDescription>{step.description}</CardDescription>
                </CardHeader>
              </Card>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
