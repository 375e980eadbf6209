'use client';

import * as React from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { describeError } from '@/components/api/client';
import { useReadingPost } from '@/components/api/queries/use-api-query';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { queryKeys } from '@/components/api/queries/keys';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { SendInput } from '@/lib/outreach/schemas';
import { useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { outreachMessages } from '@/lib/i18n/ui/outreach';
import type { Draft, OutreachT } from './types';
import { RoleGate } from '@/components/team/role-gate';

interface Values {
  to: string;
  subject: string;
  body: string;
  due: string;
}

const FORM_FIELDS = ['to', 'subject', 'body', 'due_date'] as const;

/** The server's SendInput as the form's check, with each field's message in the UI language. */
function sendCheck(t: OutreachT) {
  return zodResolver(
    SendInput,
    {
      error: (iss) => {
        const field = FORM_FIELDS.find((k) => k === iss.path?.[0]);
        return field ? t(`form.${field}`) : undefined;
      },
    },
    { raw: true },
  );
}
type SendCheck = ReturnType<typeof sendCheck>;

/** What the form sends: the server's SendInput, which is also what checks the form. */
function toSend(skuId: string, items: string[], v: Values, draft?: Draft | null) {
  return {
    sku_id: skuId,
    to: v.to,
    subject: v.subject,
    body: v.body,
    items,
    ...(v.due ? { due_date: v.due } : {}),
    // The recipient and language of the preview, so the request (and its link page) are what was shown.
    ...(draft?.entity_id && draft.to === v.to ? { entity_id: draft.entity_id } : {}),
    ...(draft ? { locale: draft.locale } : {}),
  };
}

/** "Request from supplier": the draft from the SKU's blockers, editable, items as checkboxes, then send. */
export function RequestDialog({
  skuId,
  open,
  onOpenChange,
  onSent,
}: {
  skuId: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onSent: () => void;
}) {
  const t = useT(outreachMessages);
  const common = useT(commonMessages);
  const checkSend = React.useMemo(() => sendCheck(t), [t]);
  // The items asked for: the server's default (every open item) until the user unticks one.
  const [items, setItems] = React.useState<string[] | null>(null);
  // The recipient: one of the SKU's operators, or an address typed (taken when the field is left).
  const [recipient, setRecipient] = React.useState<{ entityId?: string; to?: string }>({});
  const [due, setDue] = React.useState('');
  const drafted = useReadingPost<{ draft: Draft }>(open ? '/api/supplier-email/draft' : null, {
    sku_id: skuId,
    ...(items ? { items } : {}),
    ...(recipient.entityId ? { entity_id: recipient.entityId } : {}),
    ...(recipient.to ? { to: recipient.to } : {}),
    ...(due ? { due_date: due } : {}),
  });
  const draft = drafted.data?.draft ?? null;
  const selected = React.useMemo(() => items ?? draft?.items.map((i) => i.key) ?? [], [items, draft]);

  const resolver = React.useCallback<Resolver<Values>>(
    async (values, ctx, options) => {
      const r = await checkSend(
        toSend(skuId, selected, values, draft),
        ctx,
        options as unknown as Parameters<SendCheck>[2],
      );
      const errors: FieldErrors<Values> = {};
      for (const k of ['to', 'subject', 'body'] as const) if (r.errors[k]) errors[k] = r.errors[k];
      if (r.errors.due_date) errors.due = r.errors.due_date;
      return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
    },
    [skuId, selected, checkSend, draft],
  );
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { to: '', subject: '', body: '', due: '' }, resolver });
  const to = useWatch({ control, name: 'to' });

  // Each draft (the first, and each re-draft after a change of items, recipient or due date) replaces
  // the text, so the preview is the mail: greeting, language and due date follow the choice.
  React.useEffect(() => {
    if (!draft) return;
    setValue('subject', draft.subject);
    setValue('body', draft.body);
    setValue('to', draft.to ?? getValues('to') ?? '');
  }, [draft, setValue, getValues]);

  const send = useApiMutation<unknown, Values>({
    request: (v) => ({ path: '/api/supplier-email/send', body: toSend(skuId, selected, v, draft) }),
    idempotent: true,
    invalidates: [queryKeys.supplierRequests],
  });

  function toggle(key: string, on: boolean) {
    const next = on ? [...selected, key] : selected.filter((k) => k !== key);
    if (!next.length || !draft) return;
    // The text names exactly the chosen items: re-draft (the user's edits to the text start over).
    setItems(draft.available_items.map((i) => i.key).filter((k) => next.includes(k)));
  }

  async function onSubmit(v: Values) {
    try {
      await send.run(v);
      toast.success(t('dialog.sent', { to: v.to }));
      onOpenChange(false);
      onSent();
    } catch {
      // Shown below from send.error.
    }
  }

  const failure = send.error ?? drafted.error;
  const error = failure
    ? (() => {
        const { title, description } = describeError(failure);
        return description ? `${title}: ${description}` : title;
      })()
    : null;
  const busy = send.pending;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" data-testid="request-dialog">
        <DialogHeader>
          <DialogTitle>{t('dialog.title')}</DialogTitle>
          <DialogDescription>{t('dialog.description')}</DialogDescription>
        </DialogHeader>
        {!draft && !error ? <p className="text-sm text-muted-foreground">{t('dialog.preparing')}</p> : null}
        {draft ? (
          <div className="grid gap-4">
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">{t('dialog.items')}</legend>
              {draft.available_items.map((i) => (
                <label key={i.key} className="flex items-start gap-2 text-sm" data-testid="request-item">
                  <Checkbox
                    checked={selected.includes(i.key)}
                    onCheckedChange={(c) => toggle(i.key, c === true)}
                    aria-label={i.label}
                  />
                  <span>{i.label}</span>
                </label>
              ))}
            </fieldset>
            {draft.recipients.length ? (
              <fieldset className="grid gap-1.5" data-testid="request-recipients">
                <legend className="mb-1 text-sm font-medium">{t('dialog.recipient')}</legend>
                {draft.recipients.map((r) => (
                  <label key={r.entity_id} className="flex items-start gap-2 text-sm">
                    <input
                      type="radio"
                      name="req-recipient"
                      className="mt-1"
                      disabled={!r.email}
                      checked={draft.entity_id === r.entity_id && draft.to === r.email}
                      onChange={() => setRecipient({ entityId: r.entity_id })}
                      data-testid="request-recipient"
                    />
                    <span>
                      {r.name} · {t(`dialog.role.${r.role}` as 'dialog.role.manufacturer')} ·{' '}
                      {r.email ?? t('dialog.recipient_no_email')} · {r.locale.toUpperCase()}
                    </span>
                  </label>
                ))}
                <p className="text-xs text-muted-foreground">{t('dialog.recipient_other')}</p>
              </fieldset>
            ) : null}
            <div className="grid gap-1.5">
              <Label htmlFor="req-to">{t('dialog.to')}</Label>
              <Input
                id="req-to"
                type="email"
                placeholder={t('dialog.to_placeholder')}
                aria-invalid={errors.to ? true : undefined}
                {...register('to', {
                  // A typed address re-drafts (greeting and language of that recipient) when the field is left.
                  onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
                    const v = e.target.value.trim();
                    if (v && v !== draft.to) setRecipient({ to: v });
                  },
                })}
              />
              {errors.to ? <FieldError>{errors.to.message}</FieldError> : null}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="req-subject">{t('dialog.subject')}</Label>
              <Input id="req-subject" aria-invalid={errors.subject ? true : undefined} {...register('subject')} />
              {errors.subject ? <FieldError>{errors.subject.message}</FieldError> : null}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="req-body">{t('dialog.message', { locale: draft.locale })}</Label>
              <Textarea id="req-body" rows={12} aria-invalid={errors.body ? true : undefined} {...register('body')} />
              {errors.body ? <FieldError>{errors.body.message}</FieldError> : null}
              <p className="text-xs text-muted-foreground">{t('dialog.link_hint')}</p>
            </div>
            <div className="grid gap-1.5 sm:max-w-xs">
              <Label htmlFor="req-due">{t('dialog.due')}</Label>
              <Input
                id="req-due"
                type="date"
                {...register('due', { onChange: (e: React.ChangeEvent<HTMLInputElement>) => setDue(e.target.value) })}
              />
              <p className="text-xs text-muted-foreground">{t('dialog.redraft_hint')}</p>
              {errors.due ? <FieldError>{errors.due.message}</FieldError> : null}
            </div>
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {common('cancel')}
          </Button>
          <RoleGate need={'edit'}>
            <Button
              onClick={handleSubmit(onSubmit)}
              loading={busy}
              disabled={!draft || !to || busy}
              data-testid="request-send"
            >
              {t('dialog.send')}
            </Button>
          </RoleGate>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
