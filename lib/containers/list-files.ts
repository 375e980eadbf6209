import { DEFAULT_CONTAINER_LIMITS, type ContainerLimits } from './limits';
import { walkContainer, type SkipReason } from './walk';

/**
 * The files of an uploaded container for the bulk upload (a ZIP dropped into the vault becomes one
 * document per file), with the same caps, recursion limit and safe names as classification. Paths are
 * display paths from the archive: they identify a file to the user and are never used on a file system.
 */

export interface ContainerFile {
  /** Safe display path inside the container, nested containers included ("docs/inner.zip/a.pdf"). */
  path: string;
  /** Safe display name (last segment of path). */
  filename: string;
  bytes: Uint8Array;
  /** MIME type decided by sniffing the bytes. */
  mimeType: string;
  recursionDepth: number;
}

export interface ContainerListing {
  files: ContainerFile[];
  skipped: { path: string; filename: string; reason: SkipReason; message: string; recursionDepth: number }[];
}

export async function listContainerFiles(input: {
  bytes: Uint8Array;
  filename: string;
  limits?: Partial<ContainerLimits>;
}): Promise<ContainerListing> {
  const limits = { ...DEFAULT_CONTAINER_LIMITS, ...input.limits };
  const listing: ContainerListing = { files: [], skipped: [] };
  await walkContainer(
    input.bytes,
    input.filename,
    {
      file: async (f) => {
        listing.files.push({
          path: f.path,
          filename: f.filename,
          bytes: f.bytes,
          mimeType: f.mimeType,
          recursionDepth: f.depth,
        });
      },
      skip: (s) =>
        listing.skipped.push({
          path: s.path,
          filename: s.filename,
          reason: s.reason,
          message: s.message,
          recursionDepth: s.depth,
        }),
      wantsMessageBodies: false,
    },
    limits,
  );
  return listing;
}
