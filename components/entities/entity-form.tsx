'use client';

import * as React from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ApiError, describeError } from '@/components/api/client';
import { Alert } from '@/components/ui/alert';
import { Field, FieldError, FieldHint } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isEuEstablished } from '@/lib/model/countries';
import { queryKeys } from '@/components/api/queries/keys';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import type { Entity, EntityInput } from '@/lib/entities/schemas';
import { useT } from '@/components/i18n/locale-provider';
import { entityMessages } from '@/lib/i18n/ui/entities';
import type { T } from '@/lib/i18n/ui';
import { CountrySelect } from './country-select';
import { EuBadge } from './eu-badge';

/** The form's values: each field of the server's EntityInput, as the text in its box. */
export type EntityValues = { [K in keyof z.input<typeof EntityInput>]-?: string };

const KEYS: (keyof EntityValues)[] = [
  'name',
  'trade_mark',
  'street',
  'postal_code',
  'city',
  'region',
  'country',
  'email',
  'contact_url',
  'phone',
];

function toValues(e?: Partial<Entity> | null): EntityValues {
  const out = {} as EntityValues;
  for (const k of KEYS) out[k] = (e?.[k] as string | null | undefined) ?? '';
  return out;
}

/** Empty strings become null, so a cleared field is cleared on the server too. */
function toBody(v: EntityValues): z.input<typeof EntityInput> {
  const out: Record<string, string | null> = {};
  for (const k of KEYS) out[k] = v[k].trim() ? v[k].trim() : null;
  return { ...out, name: v.name.trim() };
}

// The server's own messages are terse; these say what to type.
const MESSAGES: Partial<Record<string, 'form.error_name' | 'form.error_email' | 'form.error_contact_url'>> = {
  name: 'form.error_name',
  email: 'form.error_email',
  contact_url: 'form.error_contact_url',
};

/**
 * The form is checked by the server's EntityInput on the body it would send (blank fields null). The
 * schema is loaded on demand: its country names in every EU language are large.
 */
function entityResolver(t: T<(typeof entityMessages)['en']>): Resolver<EntityValues> {
  return async (values, ctx, options) => {
    const { EntityInput } = await import('@/lib/entities/schemas');
    const message = (field: string) => {
      const key = MESSAGES[field];
      return key ? t(key) : undefined;
    };
    const check = zodResolver(
      EntityInput,
      { error: (iss) => (iss.code === 'too_big' ? undefined : message(String(iss.path?.[0]))) },
      { raw: true },
    );
    const r = await check(toBody(values), ctx, options as unknown as Parameters<typeof check>[2]);
    return Object.keys(r.errors).length ? { values: {}, errors: r.errors } : { values, errors: {} };
  };
}

export interface EntityFormProps {
  /** Edit this entity (PATCH); without it a new one is created (POST). */
  entity?: Entity | null;
  formId: string;
  onSaved: (entity: Entity) => void;
  onBusyChange?: (busy: boolean) => void;
  /** Prefill for a new entity (e.g. the role's typical country). */
  initial?: Partial<EntityValues>;
}

/**
 * Name, trade mark, postal address with ISO country, email, contact URL and phone of a manufacturer,
 * importer or responsible person. The EU-establishment badge follows the chosen country as you pick it.
 */
export function EntityForm({ entity, formId, onSaved, onBusyChange, initial }: EntityFormProps) {
  const t = useT(entityMessages);
  const resolver = React.useMemo(() => entityResolver(t), [t]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<EntityValues>({ defaultValues: { ...toValues(entity), ...initial }, resolver });
  const save = useApiMutation<{ entity: Entity }, EntityValues>({
    request: (v) =>
      entity
        ? { path: `/api/entities/${entity.id}`, method: 'PATCH', body: toBody(v) }
        : { path: '/api/entities', body: toBody(v) },
    idempotent: true,
    invalidates: [queryKeys.entities],
  });
  const country = useWatch({ control, name: 'country' });

  React.useEffect(() => onBusyChange?.(isSubmitting), [isSubmitting, onBusyChange]);

  /**
   * A whole address pasted into "Street and number" ("No. 8 Keji Road, 518000 Shenzhen, China") is split
   * into its parts, the country recognised in any EU language (lib/address, loaded on demand), filling
   * only the fields still empty.
   */
  async function splitPastedAddress() {
    const street = getValues('street');
    if (!/[,\n;]/.test(street)) return;
    const { parseAddress } = await import('@/lib/address/parse');
    const a = parseAddress(street);
    if (!a.postal_code && !a.city && !a.country) return;
    setValue('street', a.street ?? '', { shouldDirty: true });
    const fill = (k: 'postal_code' | 'city' | 'region' | 'country', v: string | null) => {
      if (v && !getValues(k).trim()) setValue(k, v, { shouldDirty: true, shouldValidate: true });
    };
    fill('postal_code', a.postal_code);
    fill('city', a.city);
    fill('region', a.region);
    fill('country', a.country);
  }

  async function onSubmit(v: EntityValues) {
    try {
      onSaved((await save.run(v)).entity);
    } catch (e) {
      if (e instanceof ApiError && e.fields.length) {
        let placed = false;
        for (const f of e.fields) {
          const root = f.path.split('.')[0] as keyof EntityValues;
          if (KEYS.includes(root)) {
            setError(root, { type: 'server', message: f.message });
            placed = true;
          }
        }
        if (placed) return;
      }
      setError('root', { type: 'server', message: describeError(e).title });
    }
  }

  const err = (k: keyof EntityValues) => errors[k]?.message;
  const text = (
    k: keyof EntityValues,
    label: string,
    opts: {
      placeholder?: string;
      type?: string;
      hint?: string;
      max: number;
      autoComplete?: string;
      required?: boolean;
      /** GPSR needs it before publishing; saving without it is allowed and the SKUs show a blocker. */
      gpsr?: boolean;
      className?: string;
    },
  ) => (
    <Field className={opts.className}>
      <Label htmlFor={`${formId}-${k}`}>
        {label}
        {opts.required ? null : opts.gpsr ? (
          <span className="font-normal text-muted-foreground">{t('form.required_by_gpsr')}</span>
        ) : (
          <span className="font-normal text-muted-foreground">{t('form.optional')}</span>
        )}
      </Label>
      <Input
        id={`${formId}-${k}`}
        type={opts.type ?? 'text'}
        placeholder={opts.placeholder}
        autoComplete={opts.autoComplete ?? 'off'}
        maxLength={opts.max}
        aria-invalid={err(k) ? true : undefined}
        aria-describedby={err(k) || opts.hint ? `${formId}-${k}-msg` : undefined}
        {...register(k, {
          onBlur: k === 'street' ? () => void splitPastedAddress() : undefined,
        })}
      />
      {err(k) ? (
        <FieldError id={`${formId}-${k}-msg`}>{err(k)}</FieldError>
      ) : opts.hint ? (
        <FieldHint id={`${formId}-${k}-msg`}>{opts.hint}</FieldHint>
      ) : null}
    </Field>
  );

  return (
    <form id={formId} className="grid gap-4" onSubmit={handleSubmit(onSubmit)} noValidate data-testid="entity-form">
      <div className="grid gap-4 sm:grid-cols-2">
        {text('name', t('form.name'), {
          placeholder: t('form.name_placeholder'),
          max: 200,
          required: true,
          autoComplete: 'organization',
        })}
        {text('trade_mark', t('form.trade_mark'), { placeholder: t('form.trade_mark_placeholder'), max: 200 })}
      </div>
      <fieldset className="grid gap-4 rounded-lg border border-border p-4">
        <legend className="px-1 text-xs font-medium text-muted-foreground">{t('form.postal_legend')}</legend>
        {text('street', t('form.street'), { max: 200, autoComplete: 'street-address', gpsr: true })}
        <div className="grid gap-4 sm:grid-cols-[8rem_minmax(0,1fr)]">
          {text('postal_code', t('form.postal_code'), { max: 20, autoComplete: 'postal-code', gpsr: true })}
          {text('city', t('form.city'), { max: 100, autoComplete: 'address-level2', gpsr: true })}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('region', t('form.region'), { max: 100, autoComplete: 'address-level1' })}
          <Field>
            <Label htmlFor={`${formId}-country`}>{t('form.country')}</Label>
            <Controller
              control={control}
              name="country"
              render={({ field }) => (
                <CountrySelect
                  id={`${formId}-country`}
                  value={field.value}
                  onChange={(c) => field.onChange(c ?? '')}
                  invalid={Boolean(err('country'))}
                  aria-describedby={`${formId}-country-msg`}
                />
              )}
            />
            {err('country') ? (
              <FieldError id={`${formId}-country-msg`}>{err('country')}</FieldError>
            ) : (
              <div id={`${formId}-country-msg`} className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <EuBadge established={isEuEstablished(country)} country={country} />
                <span>{t('form.country_required')}</span>
              </div>
            )}
          </Field>
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('email', t('form.email'), {
          type: 'email',
          placeholder: 'safety@example.com',
          max: 254,
          hint: t('form.email_hint'),
          gpsr: true,
        })}
        {text('contact_url', t('form.contact_url'), {
          type: 'url',
          placeholder: 'https://example.com/contact',
          max: 500,
        })}
      </div>
      {text('phone', t('form.phone'), {
        type: 'tel',
        placeholder: '+49 30 1234567',
        max: 40,
        autoComplete: 'tel',
        className: 'sm:max-w-xs',
      })}
      {errors.root ? (
        <Alert variant="danger" title={t('form.not_saved')}>
          {errors.root.message}
        </Alert>
      ) : null}
    </form>
  );
}
