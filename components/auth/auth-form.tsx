'use client';

import * as React from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { Eye, EyeOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Field, FieldError, FieldHint } from '@/components/ui/field';
import { Alert } from '@/components/ui/alert';
import { ApiError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import type { AuthResponse } from '@/components/api/types';
import { useT } from '@/components/i18n/locale-provider';
import { authMessages } from '@/lib/i18n/ui/auth';
import { commonMessages } from '@/lib/i18n/ui/common';

type Mode = 'sign-in' | 'sign-up';

interface Values {
  email: string;
  password: string;
}

const MIN_PASSWORD = 8;
// Deliberately loose: the server is the authority; this only catches typos before a round trip.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The dictionary prefix of each mode's words, and the other mode's page. */
const copy = {
  'sign-in': { prefix: 'sign_in', switchHref: '/sign-up' },
  'sign-up': { prefix: 'sign_up', switchHref: '/sign-in' },
} as const;

export function AuthForm({ mode, nextPath }: { mode: Mode; nextPath: string }) {
  const router = useRouter();
  const tr = useT(authMessages);
  const tc = useT(commonMessages);
  const { prefix, switchHref } = copy[mode];
  const t = {
    title: tr(`${prefix}.title`),
    subtitle: tr(`${prefix}.subtitle`),
    submit: tr(`${prefix}.submit`),
    pending: tr(`${prefix}.pending`),
    switchText: tr(`${prefix}.switch_text`),
    switchLink: tr(`${prefix}.switch_link`),
    switchHref,
  };
  const [showPassword, setShowPassword] = React.useState(false);
  const [formError, setFormError] = React.useState<{ code: string; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { email: '', password: '' },
    // Validate on submit, then live while correcting. Validating on blur would make the page jump
    // under the pointer when someone clicks "Create an account" from an empty, focused field.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // react-hook-form says it is busy (isSubmitting) and places the refusal on its field or above the form.
  const authenticate = useApiMutation<AuthResponse, Values>({
    request: (values) => ({
      path: mode === 'sign-in' ? '/api/auth/sign-in' : '/api/auth/sign-up',
      method: 'POST',
      body: { email: values.email.trim(), password: values.password },
    }),
  });

  async function onSubmit(values: Values) {
    setFormError(null);
    try {
      await authenticate.run(values);
      router.replace(nextPath);
      router.refresh();
    } catch (e) {
      if (!(e instanceof ApiError)) {
        setFormError({ code: 'UNKNOWN', message: tc('error.generic') });
        return;
      }
      let placed = false;
      for (const f of e.fields) {
        const name = f.path === 'email' || f.path === 'password' ? f.path : null;
        if (name) {
          setError(name, { type: 'server', message: f.message });
          placed = true;
        }
      }
      if (e.code === 'EMAIL_TAKEN') {
        setError('email', { type: 'server', message: e.message });
        setFocus('email');
        placed = true;
      }
      if (!placed) setFormError({ code: e.code, message: e.message });
      if (e.code === 'INVALID_CREDENTIALS') setFocus('password');
    }
  }

  const emailError = errors.email?.message;
  const passwordError = errors.password?.message;

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-foreground">{t.title}</h1>
      <p className="mt-1.5 text-sm text-muted-foreground">{t.subtitle}</p>

      <form className="mt-8 grid gap-5" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t.title}>
        {formError ? (
          <Alert variant="danger" data-testid="auth-error">
            {formError.message}
          </Alert>
        ) : null}

        <Field>
          <Label htmlFor="email">{tr('form.email')}</Label>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            autoFocus
            placeholder={tr('form.email_placeholder')}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? 'email-error' : undefined}
            {...register('email', {
              required: tr('form.email_required'),
              validate: (v) => EMAIL_RE.test(v.trim()) || tr('form.email_invalid'),
            })}
          />
          <FieldError id="email-error">{emailError}</FieldError>
          {errors.email?.type === 'server' && mode === 'sign-up' ? (
            <FieldHint>
              <Link href="/sign-in" className="font-medium text-primary hover:underline">
                {tr('form.sign_in_instead')}
              </Link>
            </FieldHint>
          ) : null}
        </Field>

        <Field>
          <Label htmlFor="password">{tr('form.password')}</Label>
          <div className="relative">
            <Input
              id="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
              className="pr-10"
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={
                [passwordError ? 'password-error' : null, mode === 'sign-up' ? 'password-hint' : null]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              {...register('password', {
                required:
                  mode === 'sign-in' ? tr('form.password_required_sign_in') : tr('form.password_required_sign_up'),
                minLength:
                  mode === 'sign-up'
                    ? { value: MIN_PASSWORD, message: tr('form.password_min', { min: MIN_PASSWORD }) }
                    : undefined,
              })}
            />
            <button
              type="button"
              onClick={() => setShowPassword((s) => !s)}
              className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground"
              aria-label={showPassword ? tr('form.hide_password') : tr('form.show_password')}
              aria-pressed={showPassword}
            >
              {showPassword ? (
                <EyeOff className="size-4" aria-hidden="true" />
              ) : (
                <Eye className="size-4" aria-hidden="true" />
              )}
            </button>
          </div>
          <FieldError id="password-error">{passwordError}</FieldError>
          {mode === 'sign-up' && !passwordError ? (
            <FieldHint id="password-hint">{tr('form.password_hint', { min: MIN_PASSWORD })}</FieldHint>
          ) : null}
        </Field>

        <Button type="submit" size="lg" className="mt-1 w-full" loading={isSubmitting}>
          {isSubmitting ? t.pending : t.submit}
        </Button>
      </form>

      <p className="mt-6 text-sm text-muted-foreground">
        {t.switchText}{' '}
        <Link href={t.switchHref} className="font-medium text-primary hover:underline">
          {t.switchLink}
        </Link>
      </p>
    </div>
  );
}
