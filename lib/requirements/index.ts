/** The compliance requirement model: categories, versioned profiles (data) and the pure engine. */
export * from './types';
export * from './categories';
export * from './countries';
export * from './profiles';
export { evaluateRequirements, isWaivableCode, confirmedFieldMap, mentions, referenceTokens } from './engine';
export * from './legal';
export * from './facts';
export { resolveCategory, categoryOfPath, categoryOfText, type CategoryResolution } from './category-match';
export { OPERATOR_ROLE_LABELS } from './held-by';
