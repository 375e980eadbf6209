import { z } from 'zod';
import { ClassificationResultSchema, LocaleSchema } from '@/lib/classify/schemas';
import { SKIP_REASONS } from './walk';

/** Contract shapes of POST /api/classify/containers (interface-spec "Container classification parts"). */

export const SkipReasonSchema = z.enum(SKIP_REASONS);

export const ContainerPartSchema = z.strictObject({
  filename: z.string(),
  path_in_container: z.string(),
  source_container: z.string(),
  recursion_depth: z.number().int().min(0),
  mime_type: z.string(),
  classification: ClassificationResultSchema,
});

export const ContainerSkippedSchema = z.strictObject({
  filename: z.string(),
  path_in_container: z.string(),
  source_container: z.string(),
  recursion_depth: z.number().int().min(0),
  reason: SkipReasonSchema,
  message: z.string(),
  diagnostic: ClassificationResultSchema,
});

export const ContainerClassificationSchema = z.strictObject({
  source_container: z.string(),
  recursion_limit: z.number().int().min(1).max(3),
  parts: z.array(ContainerPartSchema),
  skipped: z.array(ContainerSkippedSchema),
});

/** Non-file fields of the multipart request (the file itself is validated by the route). */
export const ClassifyContainerFieldsSchema = z.strictObject({ locale: LocaleSchema.optional() });
