/** Limits of the document operations (interface-spec "Limits"), in one place. */

const MB = 1024 * 1024;

/** Largest file accepted by classify, classify/containers and per file of a bulk upload (contract: 20 MB). */
export const MAX_FILE_BYTES = 20 * MB;

/** Files per bulk upload (contract: 1 to 20). */
export const MAX_BULK_FILES = 20;

/** Room for multipart headers and boundaries around the files of one request. */
export const MULTIPART_OVERHEAD_BYTES = 1 * MB;

/** Largest bulk upload body: 20 files of 20 MB and their multipart framing. */
export const MAX_BULK_BODY_BYTES = MAX_BULK_FILES * MAX_FILE_BYTES + 2 * MULTIPART_OVERHEAD_BYTES;

/**
 * Parts one bulk upload may store out of containers (a ZIP dropped into the vault becomes one document
 * per file). The container walker's own caps (entries, bytes, ratio, depth, time) apply as well.
 */
export const MAX_BULK_CONTAINER_PARTS = 1000;

/** Characters of extracted text cached per document (search, the vault preview, re-classification). */
export const TEXT_CACHE_CHARS = 200_000;

/** Parse time budget per file during an upload; the extraction job gets the default (longer) budget. */
export const UPLOAD_PARSE_TIMEOUT_MS = 10_000;

/** Extraction results embedded per document in listings (newest first). */
export const EMBEDDED_EXTRACTIONS = 10;
