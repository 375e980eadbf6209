/** The compliance requirement model: categories, versioned profiles (data) and the pure engine. */
export * from './types';
export * from '@/lib/model/categories';
export * from '@/lib/model/countries';
export * from './profiles';
export * from './rule-types';
export { evaluateRequirements, isWaivableCode, confirmedFieldMap, mentions, referenceTokens } from './engine';
export * from './legal';
export * from './facts';
export { resolveCategory, categoryOfPath, categoryOfText, type CategoryResolution } from '@/lib/model/category-match';
export { OPERATOR_ROLE_LABELS } from './held-by';
