'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@/components/api/client';
import { makeQueryClient } from '@/components/api/queries/query-client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { Button } from '@/components/ui/button';
import type { LinkCopy } from '@/lib/outreach/link-copy';

export interface LinkQuestion {
  item_key: string;
  field_key: string;
  label: string;
  help: string;
  kind: string;
  enum_values: string[] | null;
  state: string;
}

const INPUT = 'block w-full rounded-md border border-border-strong bg-surface px-3 py-2 text-sm';

interface SupplierAnswerFormProps {
  token: string;
  questions: LinkQuestion[];
  text: Pick<
    LinkCopy,
    | 'answers_title'
    | 'answers_send'
    | 'answers_sending'
    | 'answers_done'
    | 'answers_failed'
    | 'yes'
    | 'no'
    | 'choose_one'
  >;
}

/** The asked fields as a form in the request's language: yes/no and choices, dates, URLs, texts. The supplier's
 * page has no app shell, so the form brings its own query client for the mutation hook. */
export function SupplierAnswerForm(props: SupplierAnswerFormProps) {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      <AnswerForm {...props} />
    </QueryClientProvider>
  );
}

function AnswerForm({ token, questions, text }: SupplierAnswerFormProps) {
  const router = useRouter();
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = useApiMutation<unknown, { field_key: string; value: string }[]>({
    request: (answers) => ({
      path: `/api/supplier-email/upload/${encodeURIComponent(token)}/answers`,
      body: { answers },
    }),
  });
  const answers = Object.entries(values)
    .filter(([, v]) => v.trim())
    .map(([field_key, value]) => ({ field_key, value }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!answers.length) return;
    setBusy(true);
    setError(null);
    try {
      await send.run(answers);
      setDone(true);
      setValues({});
      router.refresh();
    } catch (err) {
      setError(err instanceof ApiError && err.code === 'VALIDATION_FAILED' ? err.message : text.answers_failed);
    } finally {
      setBusy(false);
    }
  }

  const set = (k: string, v: string) => setValues((cur) => ({ ...cur, [k]: v }));
  const choiceLabel = (v: string) => (v === 'yes' ? text.yes : v === 'no' ? text.no : v);
  return (
    <form
      onSubmit={submit}
      className="space-y-4 rounded-lg border border-border bg-surface p-4"
      data-testid="answer-form"
    >
      <h2 className="font-medium">{text.answers_title}</h2>
      {questions.map((q) => {
        const id = `answer-${q.field_key}`;
        return (
          <div key={q.field_key} className="space-y-1" data-testid="answer-field" data-field={q.field_key}>
            <label htmlFor={id} className="block text-sm font-medium">
              {q.label}
            </label>
            {q.enum_values ? (
              <select
                id={id}
                className={INPUT}
                value={values[q.field_key] ?? ''}
                onChange={(e) => set(q.field_key, e.target.value)}
              >
                <option value="">{text.choose_one}</option>
                {q.enum_values.map((v) => (
                  <option key={v} value={v}>
                    {choiceLabel(v)}
                  </option>
                ))}
              </select>
            ) : q.kind === 'multiline' ? (
              <textarea
                id={id}
                rows={4}
                className={INPUT}
                value={values[q.field_key] ?? ''}
                onChange={(e) => set(q.field_key, e.target.value)}
              />
            ) : (
              <input
                id={id}
                type={q.kind === 'date' ? 'date' : q.kind === 'url' ? 'url' : q.kind === 'email' ? 'email' : 'text'}
                className={INPUT}
                value={values[q.field_key] ?? ''}
                onChange={(e) => set(q.field_key, e.target.value)}
              />
            )}
            {q.help ? <p className="text-xs text-muted-foreground">{q.help}</p> : null}
          </div>
        );
      })}
      <Button type="submit" loading={busy} disabled={!answers.length || busy} data-testid="answer-send">
        {busy ? text.answers_sending : text.answers_send}
      </Button>
      {error ? (
        <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger-soft-foreground">
          {error}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="text-sm">
          {text.answers_done}
        </p>
      ) : null}
    </form>
  );
}
