export { classifyRules, makeSnippet, TEXT_WINDOW, type ClassifyRulesInput } from './rules';
export { classifyFile, type ClassifyFileInput, type ClassifyFileOutput } from './classify-file';
export { refineWithAi, AiClassificationSchema, type AiRefineInput } from './ai-refine';
export { detectProductTable, type ProductTableMatch } from './product-table';
export * from './schemas';
