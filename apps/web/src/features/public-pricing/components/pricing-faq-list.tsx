import type { PublicFaq } from '@parley/shared/contracts/public-pricing';
import { ChevronDownIcon } from 'lucide-react';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';

/** Active FAQs by display order, each opening in place. */
export function PricingFaqList({ faqs }: { faqs: PublicFaq[] }) {
  return (
    <ul className="divide-y rounded-xl border bg-card" aria-label="Frequently asked questions">
      {faqs.map((faq) => (
        <li key={faq.id} data-testid="pricing-faq">
          <Collapsible>
            <CollapsibleTrigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
              {faq.question}
              <ChevronDownIcon className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
            </CollapsibleTrigger>
            <CollapsibleContent className="px-5 pb-4 text-sm leading-relaxed whitespace-pre-line text-muted-foreground">{faq.answer}</CollapsibleContent>
          </Collapsible>
        </li>
      ))}
    </ul>
  );
}
