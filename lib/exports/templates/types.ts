import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import type { EntityRole, ExportWarning } from '@/lib/db/schema';
import type { BlobStore } from '@/lib/storage';
import type { ExportItem } from '../catalogue-data';
import type { EbayMarketplaceId } from './ebay-rules';
import type { ChannelMappings } from '../channel-mappings';

/** Per-run choices of the person exporting (stored on the run; absent ones take the documented default). */
export interface ExportRunOptions {
  /** eBay: the marketplace for SKUs whose target markets name several eBay sites (or none). */
  ebay_marketplace?: EbayMarketplaceId;
  /** Only approved, not withdrawn SKUs (the dialog's default); false or absent exports the whole scope. */
  approved_only?: boolean;
}

export const TEMPLATE_FORMATS = ['XML', 'XLSX', 'CSV', 'PDF', 'ZIP', 'JSON'] as const;
export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number];

/** What a template's mapping names from the catalogue; schema_drift is computed against it. */
export interface TemplateMapping {
  fields: string[];
  document_types: string[];
  entity_roles: EntityRole[];
}

/**
 * A channel rule a SKU must satisfy. A SKU that fails one is still exported where the channel allows;
 * the run records a warning naming the SKU, the field and the fix.
 */
export type ChannelCheck =
  | { kind: 'required'; field: string; label: string; get: (item: ExportItem) => unknown; fix: string }
  | {
      kind: 'max_length';
      field: string;
      label: string;
      max: number;
      get: (item: ExportItem) => string | null | undefined;
      fix?: string;
    }
  | {
      kind: 'enum';
      field: string;
      label: string;
      values: readonly string[];
      get: (item: ExportItem) => string | null | undefined;
    }
  | { kind: 'max_count'; field: string; label: string; max: number; get: (item: ExportItem) => readonly unknown[] }
  /** A rule that names its own findings (a schema validation, a mapping lookup). */
  | {
      kind: 'custom';
      field: string;
      label: string;
      run: (item: ExportItem) => Array<{ field?: string; code: string; message: string; fix: string }>;
    }
  /** A per-language field (or document) for every official language of the SKU's target markets. */
  | {
      kind: 'languages';
      field: string;
      label: string;
      has: (item: ExportItem, language: string) => boolean;
      fix: string;
    };

export interface RenderContext {
  /** Every item of the run, read again chunk by chunk on each call (the run's SKU order). */
  items(): AsyncIterable<ExportItem[]>;
  /** Where the template writes its output (a local temp file, stored afterwards). */
  outPath: string;
  store: BlobStore;
  db: Db;
  workspaceId: string;
  actor: Actor;
  workspaceName: string;
  generatedAt: Date;
  /** Base of public URLs (safety pages, public documents), when configured. */
  publicBaseUrl: string | null;
  skuCount: number;
  /** Per-language field keys (safety_warnings_de, ...) with confirmed values in the workspace, sorted. */
  localizedKeys: string[];
  /**
   * EU/EEA countries the workspace's SKUs are sold in or hold an EPR registration for, sorted: the
   * catalogue has a registration-number column per EPR register and country (absent: none).
   */
  eprCountries?: string[];
  progress(done: number): Promise<void>;
  /** The run's options (absent: every default). */
  options?: ExportRunOptions;
  /** The workspace's channel mapping tables (absent: the shipped defaults). */
  mappings?: ChannelMappings;
}

export interface ExportTemplateDefinition {
  id: string;
  /** Templates of one channel are versions of each other; the newest is current, older ones are deprecated. */
  channel: string;
  name: string;
  format: TemplateFormat;
  version: string;
  description: string;
  extension: string;
  contentType: string;
  mapping: TemplateMapping;
  checks: ChannelCheck[];
  /** Checks that depend on the workspace's mapping tables; when present, used instead of `checks`. */
  checksFor?(mappings: ChannelMappings): ChannelCheck[];
  render(ctx: RenderContext): Promise<void>;
}

export type { ExportWarning };
