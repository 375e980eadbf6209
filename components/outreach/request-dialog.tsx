'use client';

import * as React from 'react';
import { apiFetch, describeError } from '@/components/api/client';
import { idempotentWrite } from '@/components/api/client';
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
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import type { Draft } from './types';
import { RoleGate } from '@/components/team/role-gate';

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
  const [draft, setDraft] = React.useState<Draft | null>(null);
  const [selected, setSelected] = React.useState<string[]>([]);
  const [to, setTo] = React.useState('');
  const [subject, setSubject] = React.useState('');
  const [body, setBody] = React.useState('');
  const [due, setDue] = React.useState('');
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  const load = React.useCallback(
    async (items?: string[]) => {
      try {
        const { draft: d } = await apiFetch<{ draft: Draft }>('/api/supplier-email/draft', {
          method: 'POST',
          body: { sku_id: skuId, ...(items ? { items } : {}) },
        });
        setError(null);
        setDraft(d);
        setSelected(d.items.map((i) => i.key));
        setTo((t) => t || d.to || '');
        setSubject(d.subject);
        setBody(d.body);
      } catch (e) {
        setError(describeError(e).title);
      }
    },
    [skuId],
  );

  // Mounted per opening (see SkuRequests), so the state starts empty each time.
  React.useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- load sets state only after the request settles
    if (open) void load();
  }, [open, load]);

  function toggle(key: string, on: boolean) {
    const next = on ? [...selected, key] : selected.filter((k) => k !== key);
    if (!next.length) return;
    setSelected(next);
    // The text names exactly the chosen items: re-draft (the user's edits to the text start over).
    void load(draft!.available_items.map((i) => i.key).filter((k) => next.includes(k)));
  }

  async function send() {
    setBusy(true);
    setError(null);
    try {
      await idempotentWrite('/api/supplier-email/send', {
        method: 'POST',
        body: { sku_id: skuId, to, subject, body, items: selected, ...(due ? { due_date: due } : {}) },
      });
      toast.success(`Request sent to ${to}`);
      onOpenChange(false);
      onSent();
    } catch (e) {
      const { title, description } = describeError(e);
      setError(description ? `${title}: ${description}` : title);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" data-testid="request-dialog">
        <DialogHeader>
          <DialogTitle>Request from supplier</DialogTitle>
          <DialogDescription>
            The mail names exactly what this SKU is missing; the supplier answers through a private upload link or by
            replying.
          </DialogDescription>
        </DialogHeader>
        {!draft && !error ? <p className="text-sm text-muted-foreground">Preparing the draft…</p> : null}
        {draft ? (
          <div className="grid gap-4">
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">What to ask for</legend>
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
            <div className="grid gap-1.5">
              <Label htmlFor="req-to">To</Label>
              <Input
                id="req-to"
                type="email"
                value={to}
                onChange={(e) => setTo(e.target.value)}
                placeholder="supplier@example.com"
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="req-subject">Subject</Label>
              <Input id="req-subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="req-body">Message ({draft.locale})</Label>
              <Textarea id="req-body" rows={12} value={body} onChange={(e) => setBody(e.target.value)} />
              <p className="text-xs text-muted-foreground">
                {'{upload_link}'} becomes the supplier&apos;s private upload link.
              </p>
            </div>
            <div className="grid gap-1.5 sm:max-w-xs">
              <Label htmlFor="req-due">Due date (optional)</Label>
              <Input id="req-due" type="date" value={due} onChange={(e) => setDue(e.target.value)} />
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
            Cancel
          </Button>
          <RoleGate need={'edit'}>
            <Button onClick={send} loading={busy} disabled={!draft || !to || busy} data-testid="request-send">
              Send request
            </Button>
          </RoleGate>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
