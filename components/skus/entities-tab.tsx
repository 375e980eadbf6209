'use client';

import * as React from 'react';
import { Link2, Mail, MapPin, Pencil, Phone, Plus, Unlink } from 'lucide-react';
import { describeError } from '@/components/api/client';
import { Alert } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { cn } from '@/lib/utils/cn';
import { useLocale, useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { skuDossierMessages } from '@/lib/i18n/ui/sku-dossier';
import { EntityFormDialog } from '@/components/entities/entity-form-dialog';
import { EntityPickerDialog } from '@/components/entities/entity-picker-dialog';
import { EuBadge } from '@/components/entities/eu-badge';
import { SupplierResponsiveness } from '@/components/entities/supplier-responsiveness';
import { blockerText, countryText, roleInSentence, roleText } from './vocabulary';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { isMissingRoute, useSkuPage } from './sku-context';
import { useSkuEntityLinks } from '@/components/api/queries/resources';
import type { Blocker, Entity, EntityLink, EntityRole } from './types';
import { RoleGate } from '@/components/team/role-gate';

const ROLE_ORDER: EntityRole[] = ['manufacturer', 'responsible_person', 'importer', 'authorised_representative'];

/** Blockers a role's card should show: the fix points at the role, or at the entity linked in it. */
function blockersForRole(blockers: Blocker[], role: EntityRole, entityId: string | undefined): Blocker[] {
  return blockers.filter((b) => {
    if (b.waived || b.fix?.kind !== 'entity') return false;
    return b.fix.target === role || (entityId !== undefined && b.fix.target === entityId);
  });
}

export function EntitiesTab() {
  const { skuId, detail, bump, focus } = useSkuPage();
  const t = useT(skuDossierMessages);
  const common = useT(commonMessages);
  const locale = useLocale();
  const links = useSkuEntityLinks(skuId);
  const [picking, setPicking] = React.useState<EntityRole | null>(null);
  const [editing, setEditing] = React.useState<Entity | null>(null);
  const [unlinking, setUnlinking] = React.useState<EntityLink | null>(null);
  const unlinkRole = useApiMutation<unknown, EntityRole>({
    request: (role) => ({ path: `/api/skus/${skuId}/entities/${role}`, method: 'DELETE' }),
    idempotent: true,
  });
  const busy = unlinkRole.pending;

  // A "fix" link from a blocker names a role (or an entity id): bring that card into view once.
  const focusRole = focus?.role;
  const focusAt = focus?.at;
  const linkedRoleOfFocus = (links.data?.links ?? []).find((l) => l.entity.id === focusRole)?.role;
  React.useEffect(() => {
    const role = linkedRoleOfFocus ?? focusRole;
    if (role) document.getElementById(`role-card-${role}`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [focusRole, focusAt, linkedRoleOfFocus]);

  if (links.error) {
    return (
      <Alert variant={isMissingRoute(links.error) ? 'warning' : 'danger'} title={t('entities.load_error')}>
        {isMissingRoute(links.error) ? t('entities.unavailable') : links.error.message}
      </Alert>
    );
  }

  const byRole = new Map((links.data?.links ?? []).map((l) => [l.role, l.entity]));
  const manufacturer = byRole.get('manufacturer');
  const euOperator = (['responsible_person', 'authorised_representative', 'importer'] as EntityRole[])
    .map((r) => byRole.get(r))
    .find((e) => e?.eu_established);
  const needsEuRep = manufacturer && manufacturer.country && !manufacturer.eu_established && !euOperator;

  async function unlink(l: EntityLink) {
    try {
      await unlinkRole.run(l.role);
      toast.success(t('entities.unlinked', { name: l.entity.name }));
      setUnlinking(null);
      bump();
    } catch (e) {
      const { title, description } = describeError(e);
      toast.error(title, { description });
    }
  }

  return (
    <div className="grid grid-cols-1 gap-4" data-testid="entities-tab">
      {needsEuRep ? (
        <Alert variant="warning" title={t('entities.outside_eu_title')}>
          {t('entities.outside_eu', { name: manufacturer.name, country: countryText(manufacturer.country, locale) })}
        </Alert>
      ) : null}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {ROLE_ORDER.map((role) => {
          const entity = byRole.get(role);
          const issues = blockersForRole(detail.blockers, role, entity?.id);
          const highlighted = focus?.role === role || (entity && focus?.role === entity.id);
          const suggested = role === 'responsible_person' && needsEuRep;
          return (
            <Card
              key={role}
              data-testid={`role-${role}`}
              className={cn('flex flex-col', highlighted && 'ring-2 ring-primary/40', suggested && 'border-warning/60')}
              id={`role-card-${role}`}
            >
              <CardHeader className="border-b-0 pb-2">
                <div className="min-w-0">
                  <CardTitle className="flex items-center gap-2">
                    {roleText(role, locale)}
                    {suggested ? <Badge variant="warning">{t('entities.needed')}</Badge> : null}
                  </CardTitle>
                  <CardDescription>{t(`role_hint.${role}`)}</CardDescription>
                </div>
              </CardHeader>
              <CardContent className="flex-1 pt-1">
                {links.loading && !links.data ? (
                  <Skeleton className="h-16" />
                ) : entity ? (
                  <div className="grid gap-2 text-[0.8125rem]" data-testid="linked-entity">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="text-[0.9375rem] font-semibold text-foreground">{entity.name}</span>
                      <EuBadge established={entity.eu_established} country={entity.country} />
                    </div>
                    {entity.trade_mark ? (
                      <p className="text-muted-foreground">{t('entities.trade_mark', { mark: entity.trade_mark })}</p>
                    ) : null}
                    <p className="flex gap-2 text-foreground">
                      <MapPin className="mt-0.5 size-3.5 shrink-0 text-subtle-foreground" aria-hidden="true" />
                      <span>
                        {entity.postal_address ?? (
                          <span className="text-danger-soft-foreground">{t('entities.no_address')}</span>
                        )}
                      </span>
                    </p>
                    <p className="flex gap-2 text-foreground">
                      <Mail className="mt-0.5 size-3.5 shrink-0 text-subtle-foreground" aria-hidden="true" />
                      <span className="break-all">
                        {[entity.email, entity.contact_url].filter(Boolean).join(' · ') || (
                          <span className="text-danger-soft-foreground">{t('entities.no_contact')}</span>
                        )}
                      </span>
                    </p>
                    {entity.phone ? (
                      <p className="flex gap-2 text-foreground">
                        <Phone className="mt-0.5 size-3.5 shrink-0 text-subtle-foreground" aria-hidden="true" />
                        {entity.phone}
                      </p>
                    ) : null}
                    {/* Outreach goes to the manufacturer or importer: show how they answer. */}
                    {role === 'manufacturer' || role === 'importer' ? (
                      <SupplierResponsiveness entityId={entity.id} name={entity.name} className="mt-1" />
                    ) : null}
                  </div>
                ) : (
                  <p className="text-[0.8125rem] text-muted-foreground">{t('entities.not_linked')}</p>
                )}
                {issues.length ? (
                  <ul className="mt-3 grid gap-1.5">
                    {issues.map((b) => (
                      <li
                        key={b.key ?? b.code}
                        className={cn(
                          'rounded-md px-2.5 py-1.5 text-xs',
                          b.severity === 'blocker'
                            ? 'bg-danger-soft text-danger-soft-foreground'
                            : 'bg-warning-soft text-warning-soft-foreground',
                        )}
                      >
                        {blockerText(b, locale)}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </CardContent>
              <CardFooter className="flex-wrap justify-start">
                {entity ? (
                  <>
                    <RoleGate need={'edit'}>
                      <Button size="sm" variant="secondary" onClick={() => setPicking(role)}>
                        <Link2 aria-hidden="true" />
                        {t('entities.change')}
                      </Button>
                    </RoleGate>
                    <RoleGate need={'edit'}>
                      <Button size="sm" variant="ghost" onClick={() => setEditing(entity)}>
                        <Pencil aria-hidden="true" />
                        {t('fix.edit_entity')}
                      </Button>
                    </RoleGate>
                    <RoleGate need={'edit'}>
                      <Button
                        size="sm"
                        variant="danger-ghost"
                        className="ml-auto"
                        onClick={() => setUnlinking({ role, entity })}
                      >
                        <Unlink aria-hidden="true" />
                        {t('entities.unlink')}
                      </Button>
                    </RoleGate>
                  </>
                ) : (
                  <RoleGate need={'edit'}>
                    <Button
                      size="sm"
                      variant={suggested || role === 'manufacturer' ? 'primary' : 'secondary'}
                      onClick={() => setPicking(role)}
                      data-testid={`link-${role}`}
                    >
                      <Plus aria-hidden="true" />
                      {t('entities.link', { role: roleInSentence(role, locale) })}
                    </Button>
                  </RoleGate>
                )}
              </CardFooter>
            </Card>
          );
        })}
      </div>

      {picking ? (
        <EntityPickerDialog
          open
          onOpenChange={(o) => !o && setPicking(null)}
          skuId={skuId}
          role={picking}
          currentId={byRole.get(picking)?.id}
          onLinked={(e) => {
            toast.success(t('entities.linked_as', { name: e.name, role: roleInSentence(picking, locale) }));
            setPicking(null);
            bump();
          }}
        />
      ) : null}

      <EntityFormDialog
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        entity={editing}
        onSaved={(e) => {
          toast.success(t('entities.saved', { name: e.name }));
          setEditing(null);
          bump();
        }}
      />

      <AlertDialog open={unlinking !== null} onOpenChange={(o) => !o && !busy && setUnlinking(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('entities.unlink_title', { name: unlinking?.entity.name ?? '' })}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('entities.unlink_description', { role: unlinking ? roleInSentence(unlinking.role, locale) : '' })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>{common('cancel')}</AlertDialogCancel>
            <AlertDialogAction variant="danger" onClick={() => unlinking && unlink(unlinking)} disabled={busy}>
              {t('entities.unlink')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
