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

/**
 * OCR time of one document in the background extraction (issue 34): a scan waits in the queue and is then
 * read with the time it needs, up to this bound per document (3 pages on a busy 2-core machine take
 * 20-90 s), never cut per page. It stays "processing" meanwhile; past the bound it is "unreadable" with
 * the reason. Below the job's lease (lib/documents/jobs.ts, 10 min) with the parse budget added.
 */
export const EXTRACTION_OCR_TIMEOUT_MS = 6 * 60_000;
/** The bound in force: EXTRACTION_OCR_TIMEOUT_MS, or the environment's (tests make it run out). */
export const extractionOcrTimeoutMs = () => Number(process.env.EXTRACTION_OCR_TIMEOUT_MS) || EXTRACTION_OCR_TIMEOUT_MS;

/**
 * Pages of a PDF the background extraction reads (the text layer; OCR reads at most 3): a manual's
 * declaration of conformity sits in its appendix, past the first ten pages an upload looks at.
 */
export const EXTRACTION_MAX_PAGES = 50;

/** Extraction results embedded per document in listings (newest first). */
export const EMBEDDED_EXTRACTIONS = 10;
