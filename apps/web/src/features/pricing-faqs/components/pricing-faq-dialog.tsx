import { FAQ_ANSWER_MAX, FAQ_QUESTION_MAX, PRICING_FAQ_MESSAGES, pricingFaqBodySchema, type PricingFaq } from '@parley/shared/contracts/pricing-faqs';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-error';
import { useSavePricingFaq } from '../api/save-pricing-faq';

/** Spec §2: "Create FAQ", titled "Edit FAQ" when editing; a new FAQ's order is count + 1 (§9). */
export function PricingFaqDialog({ faq, faqCount, onClose }: { faq: PricingFaq | null; faqCount: number; onClose: () => void }) {
  const [question, setQuestion] = useState(faq?.question ?? '');
  const [answer, setAnswer] = useState(faq?.answer ?? '');
  const [order, setOrder] = useState(String(faq?.displayOrder ?? faqCount + 1));
  const [isActive, setActive] = useState(faq?.isActive ?? true);
  const [error, setError] = useState<string | null>(null);
  const save = useSavePricingFaq();
  // Spec §5 shows no required-field messages: Save waits until both are filled.
  const isComplete = question.trim() !== '' && answer.trim() !== '';

  const onSubmit = () => {
    const parsed = pricingFaqBodySchema.safeParse({ question, answer, displayOrder: order.trim() ? Number(order) : Number.NaN, isActive });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    save.mutate(faq ? { id: faq.id, body: { ...parsed.data, expectedUpdatedAt: faq.updatedAt } } : { id: null, body: parsed.data }, {
      onSuccess: () => {
        toast.success(PRICING_FAQ_MESSAGES.saved);
        onClose();
      },
      onError: (failure) => {
        // Also in the dialog: a 409 (another admin saved this FAQ) asks to reopen it, and the toast may be gone by then.
        setError(getErrorMessage(failure));
        toast.error('Error', { description: getErrorMessage(failure) });
      },
    });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{faq ? 'Edit FAQ' : 'Create FAQ'}</DialogTitle>
          <DialogDescription>Active FAQs are shown on the public pricing page, lowest order first.</DialogDescription>
        </DialogHeader>
        <form
          id="pricing-faq-form"
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <Field>
            <Label htmlFor="faq-question">Question</Label>
            <Input id="faq-question" value={question} maxLength={FAQ_QUESTION_MAX} onChange={(event) => setQuestion(event.target.value)} />
          </Field>
          <Field>
            <Label htmlFor="faq-answer">Answer</Label>
            <Textarea id="faq-answer" rows={5} value={answer} maxLength={FAQ_ANSWER_MAX} onChange={(event) => setAnswer(event.target.value)} />
          </Field>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field>
              <Label htmlFor="faq-order">Order</Label>
              <Input id="faq-order" type="number" min={0} step={1} value={order} onChange={(event) => setOrder(event.target.value)} />
            </Field>
            <Field>
              <span className="text-sm leading-none font-medium">Status</span>
              <label className="flex h-9 items-center gap-2 text-sm">
                <Switch checked={isActive} onCheckedChange={setActive} aria-label="FAQ active" />
                {isActive ? 'Shown on the pricing page' : 'Hidden'}
              </label>
            </Field>
          </div>
          <FieldError>{error}</FieldError>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="pricing-faq-form" disabled={!isComplete || save.isPending}>
            {save.isPending && <Spinner />}
            {faq ? 'Save FAQ' : 'Create FAQ'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
