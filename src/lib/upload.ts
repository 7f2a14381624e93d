import { checkImageContent, checkImageFile, IMAGE_SNIFF_BYTES } from '@/contracts/files';

/**
 * The spec 5.3 image rule before uploading, as the server applies it: extension, size under
 * 20 MB, then the first bytes (a renamed file is caught without a round trip). Returns the
 * contract message (translate with translateContractMessage), or null when the file may go.
 */
export async function checkImageUpload(file: Blob & { name: string }): Promise<string | null> {
  const problem = checkImageFile(file);
  if (problem) return problem;
  const head = new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
  return checkImageContent(file.name, head);
}
