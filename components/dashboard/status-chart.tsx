'use client';

import Link from 'next/link';
import { Cell, Pie, PieChart, Tooltip } from 'recharts';
import { SKU_STATUSES, type SkuStatus } from '@/components/skus/types';
import type { Dashboard } from '@/lib/skus/schemas';
import { useT } from '@/components/i18n/locale-provider';
import { dashboardMessages } from '@/lib/i18n/ui/dashboard';

/** Status colours from the design tokens (SVG fills resolve CSS variables). */
export const STATUS_COLORS: Record<SkuStatus, string> = {
  blocked: 'var(--danger)',
  needs_review: 'var(--warning)',
  ready_for_approval: 'oklch(0.62 0.1 262)',
  approved: 'var(--primary)',
  published: 'var(--success)',
};

export type StatusCount = Dashboard['by_status'][number];

/** SKUs by status as a donut with the share published in the middle, and a legend that filters the list. */
export function StatusChart({ data, total }: { data: StatusCount[]; total: number }) {
  const t = useT(dashboardMessages);
  const byStatus = new Map(data.map((d) => [d.status, d.count]));
  const rows = SKU_STATUSES.map((s) => ({ status: s, label: t(`status.${s}`), count: byStatus.get(s) ?? 0 }));
  const published = byStatus.get('published') ?? 0;
  const share = total ? Math.round((published / total) * 100) : 0;
  const slices = rows.filter((r) => r.count > 0);

  return (
    <div className="grid items-center gap-6 sm:grid-cols-[12rem_minmax(0,1fr)]">
      <div className="relative mx-auto size-48" role="img" aria-label={t('chart.label', { published, total, share })}>
        <PieChart width={192} height={192}>
          <Pie
            data={slices}
            dataKey="count"
            nameKey="label"
            innerRadius={62}
            outerRadius={92}
            paddingAngle={slices.length > 1 ? 2 : 0}
            stroke="none"
            isAnimationActive={false}
          >
            {slices.map((r) => (
              <Cell key={r.status} fill={STATUS_COLORS[r.status]} />
            ))}
          </Pie>
          <Tooltip
            formatter={(value, name) => [t('chart.tooltip', { count: Number(value) }), String(name)]}
            contentStyle={{ borderRadius: 8, border: '1px solid var(--border)', fontSize: 12, padding: '4px 8px' }}
          />
        </PieChart>
        <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center">
          <span className="text-2xl font-semibold text-foreground tabular-nums">{share} %</span>
          <span className="text-xs text-muted-foreground">{t('chart.published')}</span>
        </div>
      </div>
      <ul className="grid gap-1.5" data-testid="status-legend">
        {rows.map((r) => (
          <li key={r.status}>
            <Link
              href={`/skus?status=${r.status}`}
              className="flex items-center gap-2.5 rounded-md px-2 py-1.5 text-[0.8125rem] hover:bg-surface-muted"
            >
              <span
                className="size-2.5 shrink-0 rounded-full"
                style={{ background: STATUS_COLORS[r.status] }}
                aria-hidden="true"
              />
              <span className="flex-1 text-foreground">{r.label}</span>
              <span className="font-medium text-foreground tabular-nums">{r.count}</span>
              <span className="w-10 text-right text-xs text-muted-foreground tabular-nums">
                {total ? Math.round((r.count / total) * 100) : 0} %
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
