import type { VisitorContact } from '@parley/shared/contracts/handoffs';
import { ContactIcon, MailIcon, PhoneIcon, UserIcon } from 'lucide-react';
import { formatDateTime } from '@/lib/format';

/** The contact details the visitor gave the chatbot (its contact action), beside the conversation: who to follow up with. */
export function VisitorContactPanel({ contact }: { contact: VisitorContact }) {
  return (
    <section aria-label="Visitor’s contact details" className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b bg-muted/40 px-4 py-2 text-sm">
      <span className="inline-flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        <ContactIcon className="size-3.5" aria-hidden="true" />
        Contact details
      </span>
      {contact.name && (
        <span className="inline-flex min-w-0 items-center gap-1.5">
          <UserIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="sr-only">Name: </span>
          <span className="truncate">{contact.name}</span>
        </span>
      )}
      {contact.email && (
        <a
          href={`mailto:${contact.email}`}
          aria-label={`E-mail ${contact.email}`}
          className="inline-flex min-w-0 items-center gap-1.5 underline-offset-4 hover:underline"
        >
          <MailIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="truncate">{contact.email}</span>
        </a>
      )}
      {contact.phone && (
        <a
          href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}
          aria-label={`Phone ${contact.phone}`}
          className="inline-flex items-center gap-1.5 underline-offset-4 hover:underline"
        >
          <PhoneIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
          {contact.phone}
        </a>
      )}
      <time dateTime={contact.collectedAt} className="ml-auto text-xs text-muted-foreground">
        Given {formatDateTime(contact.collectedAt)}
      </time>
    </section>
  );
}
