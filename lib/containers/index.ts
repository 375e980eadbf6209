export {
  classifyContainer,
  type ContainerClassification,
  type ContainerPart,
  type ContainerSkipped,
  type ClassifyContainerInput,
} from './classify-container';
export { listContainerFiles, type ContainerFile, type ContainerListing } from './list-files';
export { DEFAULT_CONTAINER_LIMITS, type ContainerLimits } from './limits';
export { SKIP_REASONS, type SkipReason } from './walk';
export {
  ContainerClassificationSchema,
  ContainerPartSchema,
  ContainerSkippedSchema,
  SkipReasonSchema,
  ClassifyContainerFieldsSchema,
} from './schemas';
