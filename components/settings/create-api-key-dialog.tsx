'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Checkbox } from '@/components/ui/checkbox';
import { Badge } from '@/components/ui/badge';
import { Field, FieldError, FieldHint } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/toaster';
import { ApiError, describeError, signInUrl } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { CreateApiKeyInput } from '@/lib/http/auth/api-key-schemas';
import type { ApiKeyWithSecret, Plan, ScopeInfo } from '@/components/api/types';
import { usePlanLabel } from '@/components/workspace/plan-badge';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import type { T } from '@/lib/i18n/ui';
import { commonMessages } from '@/lib/i18n/ui/common';
import { settingsMessages } from '@/lib/i18n/ui/settings';

const NAME_MAX = 100;
const MAX_SCOPES = 10;

type ExpiryChoice = 'never' | '30' | '90' | '365' | 'custom';

interface Values {
  name: string;
  scopes: string[];
  expiry: ExpiryChoice;
  customDate: string;
}

function isoDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The expires_at to send: null for no expiry, presets from now, a custom date at the end of that local day. */
export function expiryToIso(choice: ExpiryChoice, customDate: string, now = new Date()): string | null {
  if (choice === 'never') return null;
  if (choice === 'custom') {
    const d = new Date(`${customDate}T23:59:59`);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  }
  return new Date(now.getTime() + Number(choice) * 86_400_000).toISOString();
}

type SettingsT = T<(typeof settingsMessages)['en']>;

/** Runs on submit only (never during render), so reading the clock here is fine. */
function validateCustomDate(v: string, all: Values, t: SettingsT): true | string {
  if (all.expiry !== 'custom') return true;
  if (!v) return t('create.date_required');
  const iso = expiryToIso('custom', v);
  if (!iso || Date.parse(iso) <= Date.now()) return t('create.date_future');
  return true;
}

const toBody = (v: Values) => ({
  name: v.name.trim(),
  scopes: v.scopes,
  expires_at: expiryToIso(v.expiry, v.customDate),
});

/** The server's CreateApiKeyInput checks the body the form would send; the custom date must also lie ahead. */
function makeResolver(t: SettingsT): Resolver<Values> {
  // The server's messages are terse; these say what to do.
  const messages: Record<string, string> = {
    'name:too_small': t('create.name_required'),
    'name:too_big': t('create.name_too_long', { max: NAME_MAX }),
    'scopes:too_small': t('create.scopes_required'),
    'scopes:too_big': t('create.scopes_too_many', { max: MAX_SCOPES }),
  };
  const checkBody = zodResolver(
    CreateApiKeyInput,
    { error: (iss) => messages[`${String(iss.path?.[0])}:${iss.code}`] },
    { raw: true },
  );
  return async (values, ctx, options) => {
    const r = await checkBody(toBody(values), ctx, options as unknown as Parameters<typeof checkBody>[2]);
    const errors: FieldErrors<Values> = {};
    if (r.errors.name) errors.name = r.errors.name;
    if (r.errors.scopes) errors.scopes = { type: 'validate', message: r.errors.scopes.message };
    const custom = validateCustomDate(values.customDate, values, t);
    if (custom !== true) errors.customDate = { type: 'validate', message: custom };
    else if (r.errors.expires_at) errors.customDate = r.errors.expires_at;
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
}

/** A scope's description in the UI language; a scope the dictionary does not know keeps the server's text. */
function scopeDescription(t: SettingsT, s: ScopeInfo): string {
  const key = `scope.${s.scope}`;
  return Object.hasOwn(settingsMessages.en, key) ? t(key as keyof (typeof settingsMessages)['en']) : s.description;
}

export interface CreateApiKeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  scopes: ScopeInfo[];
  plan: Plan;
  onCreated: (key: ApiKeyWithSecret) => void;
}

export function CreateApiKeyDialog({ open, onOpenChange, scopes, plan, onCreated }: CreateApiKeyDialogProps) {
  const planLabel = usePlanLabel();
  const t = useT(settingsMessages);
  const tc = useT(commonMessages);
  const f = useFormat();
  const resolver = React.useMemo(() => makeResolver(t), [t]);
  const router = useRouter();
  const allowed = scopes.filter((s) => s.allowed_on_plan);
  // Usable scopes first, so a trial user does not scroll past locked ones.
  const orderedScopes = [...allowed, ...scopes.filter((s) => !s.allowed_on_plan)];
  const defaultScopes = allowed.some((s) => s.scope === 'skus:read')
    ? ['skus:read']
    : allowed.slice(0, 1).map((s) => s.scope);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { name: '', scopes: defaultScopes, expiry: 'never', customDate: '' },
    resolver,
  });
  const create = useApiMutation<{ data: ApiKeyWithSecret }, Values>({
    request: (v) => ({ path: '/api/workspace/api-keys', body: toBody(v) }),
  });

  React.useEffect(() => {
    if (open) reset({ name: '', scopes: defaultScopes, expiry: 'never', customDate: '' });
    // defaultScopes is derived from props that do not change while the dialog is open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, reset]);

  const expiry = useWatch({ control, name: 'expiry' });
  const selectedCount = useWatch({ control, name: 'scopes' }).length;
  // "Now" for the hints, taken once when the dialog mounts (renders must stay pure).
  const [openedAt] = React.useState(() => Date.now());
  const tomorrow = isoDay(new Date(openedAt + 86_400_000));

  async function onSubmit(values: Values) {
    try {
      onCreated((await create.run(values)).data);
    } catch (e) {
      if (e instanceof ApiError && e.isAuthLoss) {
        router.replace(signInUrl());
        return;
      }
      let placed = false;
      if (e instanceof ApiError) {
        for (const f of e.fields) {
          const root = f.path.split('.')[0];
          if (root === 'name' || root === 'scopes') {
            setError(root, { type: 'server', message: f.message });
            placed = true;
          } else if (root === 'expires_at') {
            setError('customDate', { type: 'server', message: f.message });
            placed = true;
          }
        }
      }
      if (!placed) {
        const { title, description } = describeError(e);
        toast.error(title, { description });
      }
    }
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !isSubmitting && onOpenChange(o)}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.description')}</DialogDescription>
        </DialogHeader>

        <form id="create-api-key" className="grid gap-5" onSubmit={handleSubmit(onSubmit)} noValidate>
          <Field>
            <Label htmlFor="key-name">{t('keys.col_name')}</Label>
            <Input
              id="key-name"
              placeholder={t('create.name_placeholder')}
              maxLength={NAME_MAX}
              autoComplete="off"
              autoFocus
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? 'key-name-error' : 'key-name-hint'}
              {...register('name')}
            />
            {errors.name ? (
              <FieldError id="key-name-error">{errors.name.message}</FieldError>
            ) : (
              <FieldHint id="key-name-hint">{t('create.name_hint')}</FieldHint>
            )}
          </Field>

          <fieldset className="grid gap-2" aria-describedby={errors.scopes ? 'scopes-error' : undefined}>
            <legend className="mb-2 flex w-full items-baseline justify-between text-[0.8125rem] font-medium">
              <span>{t('keys.col_scopes')}</span>
              <span className="text-xs font-normal text-muted-foreground tabular-nums">
                {t('create.selected', { count: selectedCount, max: MAX_SCOPES })}
              </span>
            </legend>
            <Controller
              control={control}
              name="scopes"
              render={({ field }) => (
                <ul className="grid max-h-64 gap-px overflow-y-auto rounded-lg border border-border bg-border">
                  {orderedScopes.map((s) => {
                    const id = `scope-${s.scope.replace(/[^a-z0-9]+/gi, '-')}`;
                    const checked = field.value.includes(s.scope);
                    const disabled = !s.allowed_on_plan;
                    return (
                      <li key={s.scope} className={disabled ? 'bg-surface-muted/60' : 'bg-surface'}>
                        <div className="flex items-start gap-3 px-3 py-2.5">
                          <Checkbox
                            id={id}
                            className="mt-0.5"
                            checked={checked}
                            disabled={disabled}
                            aria-describedby={`${id}-desc`}
                            onCheckedChange={(c) =>
                              field.onChange(
                                c === true ? [...field.value, s.scope] : field.value.filter((x) => x !== s.scope),
                              )
                            }
                          />
                          <div className="min-w-0 flex-1">
                            <Label htmlFor={id} className="flex flex-wrap items-center gap-2">
                              <code className="font-mono text-[0.8125rem]">{s.scope}</code>
                              {s.read_only ? (
                                <Badge variant="neutral">{t('create.read')}</Badge>
                              ) : (
                                <Badge variant="info">{t('create.write')}</Badge>
                              )}
                            </Label>
                            <p id={`${id}-desc`} className="mt-1 text-xs text-muted-foreground">
                              {scopeDescription(t, s)}
                              {disabled ? (
                                <span className="mt-1 flex items-center gap-1 text-warning-soft-foreground">
                                  <Lock className="size-3" aria-hidden="true" />
                                  {plan === 'trial'
                                    ? t('create.locked_trial', { plan: planLabel(plan) })
                                    : t('create.locked', { plan: planLabel(plan) })}
                                </span>
                              ) : null}
                            </p>
                          </div>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              )}
            />
            <FieldError id="scopes-error">{errors.scopes?.message}</FieldError>
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-2">
            <Field>
              <Label htmlFor="key-expiry">{t('create.expiry')}</Label>
              <Controller
                control={control}
                name="expiry"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={(v) => field.onChange(v as ExpiryChoice)}>
                    <SelectTrigger id="key-expiry" aria-describedby="key-expiry-hint">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="never">{t('create.expiry_never')}</SelectItem>
                      <SelectItem value="30">{t('create.expiry_30')}</SelectItem>
                      <SelectItem value="90">{t('create.expiry_90')}</SelectItem>
                      <SelectItem value="365">{t('create.expiry_365')}</SelectItem>
                      <SelectItem value="custom">{t('create.expiry_custom')}</SelectItem>
                    </SelectContent>
                  </Select>
                )}
              />
              <FieldHint id="key-expiry-hint">
                {expiry === 'never'
                  ? t('create.valid_until_revoked')
                  : expiry === 'custom'
                    ? t('create.valid_until_day_end')
                    : t('create.expires_on', { date: f.date(expiryToIso(expiry, '', new Date(openedAt))) })}
              </FieldHint>
            </Field>
            {expiry === 'custom' ? (
              <Field>
                <Label htmlFor="key-expiry-date">{t('create.expiry_date')}</Label>
                <Input
                  id="key-expiry-date"
                  type="date"
                  min={tomorrow}
                  aria-invalid={errors.customDate ? true : undefined}
                  aria-describedby={errors.customDate ? 'key-expiry-date-error' : undefined}
                  {...register('customDate')}
                />
                <FieldError id="key-expiry-date-error">{errors.customDate?.message}</FieldError>
              </Field>
            ) : null}
          </div>
        </form>

        <DialogFooter>
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
            {tc('cancel')}
          </Button>
          <Button type="submit" form="create-api-key" loading={isSubmitting}>
            {t('keys.create')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
