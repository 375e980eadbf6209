'use client';

import * as React from 'react';
import { describeError, idempotentWrite } from '@/components/api/client';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { useDebouncedValue } from '@/components/use-debounced-value';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { Entity } from '@/lib/entities/schemas';
import type { EntityRole } from '@/lib/db/schema';
import type { BulkResult } from '@/lib/skus/bulk';
import { bulkTarget, SelectedSkus, targetCount, type BulkDialogProps } from './bulk-category-dialog';
import { ROLE_LABELS } from './labels';

const ROLES = Object.keys(ROLE_LABELS) as EntityRole[];
const EU_ONLY: EntityRole[] = ['responsible_person', 'authorised_representative'];

/** Link one entity of the workspace in a role to every selected SKU (replacing that role's entity). */
export function BulkEntityDialog({ skus, filter, total, onOpenChange, onDone }: BulkDialogProps) {
  const [role, setRole] = React.useState<EntityRole>('manufacturer');
  const [search, setSearch] = React.useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const entities = useApiQuery<{ data: Entity[] }>(`/api/entities?limit=100${q ? `&q=${encodeURIComponent(q)}` : ''}`);
  const [entityId, setEntityId] = React.useState('');
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const options = (entities.data?.data ?? []).filter((e) => !EU_ONLY.includes(role) || e.eu_established);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onDone(
        await idempotentWrite<BulkResult>('/api/skus/bulk/entity', {
          method: 'POST',
          body: { ...bulkTarget({ skus, filter }), role, entity_id: entityId },
        }),
      );
    } catch (err) {
      const d = describeError(err);
      setError(d.description ? `${d.title} ${d.description}` : d.title);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent data-testid="bulk-entity-dialog">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Link an entity</DialogTitle>
            <DialogDescription>
              <SelectedSkus skus={skus} filter={filter} total={total} />. The entity replaces the one each SKU has in
              this role; an approval of a changed SKU is reset.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="bulk-entity-role">Role</Label>
            <Select
              value={role}
              onValueChange={(v) => {
                setRole(v as EntityRole);
                setEntityId('');
              }}
            >
              <SelectTrigger id="bulk-entity-role" aria-label="Role">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {ROLES.map((r) => (
                  <SelectItem key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="bulk-entity-search">Find an entity</Label>
            <Input
              id="bulk-entity-search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Name or trade mark"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="bulk-entity">Entity</Label>
            <Select value={entityId} onValueChange={setEntityId}>
              <SelectTrigger id="bulk-entity" aria-label="Entity">
                <SelectValue placeholder={entities.loading ? 'Loading…' : 'Choose an entity'} />
              </SelectTrigger>
              <SelectContent>
                {options.map((e) => (
                  <SelectItem key={e.id} value={e.id}>
                    {e.name}
                    {e.country ? ` (${e.country})` : ''}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {EU_ONLY.includes(role) ? (
              <p className="text-xs text-muted-foreground">
                Only entities established in the EU/EEA can hold this role, so only those are offered.
              </p>
            ) : null}
            {!entities.loading && !options.length ? (
              <p className="text-xs text-muted-foreground">No entity matches; create one under Entities first.</p>
            ) : null}
          </div>
          {error ? (
            <Alert variant="danger" title="Nothing was changed">
              {error}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={!entityId} data-testid="bulk-entity-submit">
              Link to {targetCount({ skus, filter, total })}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
