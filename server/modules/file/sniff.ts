import { IMAGE_KIND_EXTENSION, IMAGE_MIME, sniffImage } from '../../../src/contracts/files';

/**
 * What a file is by its first bytes (magic numbers), for the online-development upload fields
 * (spec 5.3 video and generic file rules): its name says what it claims, its bytes decide. Each
 * sniffer answers the canonical extension and MIME type of the format found, or null.
 */
export interface Sniffed {
  ext: string;
  mime: string;
}

const at = (bytes: Uint8Array, sig: readonly number[], from = 0) => bytes.length >= from + sig.length && sig.every((b, i) => bytes[from + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Videos of spec 5.3: mp4, ogg, flv, avi, wmv, rmvb. */
export function sniffVideo(bytes: Uint8Array): Sniffed | null {
  if (at(bytes, ascii('ftyp'), 4)) return { ext: 'mp4', mime: 'video/mp4' };
  if (at(bytes, ascii('OggS'))) return { ext: 'ogg', mime: 'video/ogg' };
  if (at(bytes, ascii('FLV')) && bytes[3] === 1) return { ext: 'flv', mime: 'video/x-flv' };
  if (at(bytes, ascii('RIFF')) && at(bytes, ascii('AVI '), 8)) return { ext: 'avi', mime: 'video/x-msvideo' };
  // ASF header object GUID (WMV).
  if (at(bytes, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c])) return { ext: 'wmv', mime: 'video/x-ms-wmv' };
  if (at(bytes, ascii('.RMF'))) return { ext: 'rmvb', mime: 'application/vnd.rn-realmedia-vbr' };
  return null;
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const DOC_MIME: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** Plain text: UTF-8 without NUL or other control characters (tabs and line breaks aside). */
function isText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 64 * 1024);
  for (const b of head) if (b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c)) return false;
  try {
    // A multi-byte character cut at the 64 KB mark is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head.length === bytes.length ? head : head.subarray(0, head.length - 4));
    return true;
  } catch {
    return false;
  }
}

/**
 * A generic file whose extension is `ext` (lower case): accepted when its bytes are that format
 * (office files by their container: OOXML is a zip, the older ones OLE2), images and videos by
 * their own sniffers. The answer keeps the claimed extension when the bytes fit it.
 */
export function sniffDocument(ext: string, bytes: Uint8Array): Sniffed | null {
  const image = sniffImage(bytes.subarray(0, 16));
  if (['jpg', 'jpeg', 'png', 'gif', 'webp'].includes(ext)) {
    if (!image) return null;
    const canonical = IMAGE_KIND_EXTENSION[image];
    return canonical === ext || (canonical === 'jpg' && ext === 'jpeg') ? { ext, mime: IMAGE_MIME[image] } : null;
  }
  if (['mp4', 'ogg', 'flv', 'avi', 'wmv', 'rmvb'].includes(ext)) {
    const video = sniffVideo(bytes);
    return video && video.ext === ext ? video : null;
  }
  const mime = DOC_MIME[ext];
  if (!mime) return null;
  const fits =
    ext === 'pdf'
      ? at(bytes, ascii('%PDF-'))
      : ext === 'docx' || ext === 'xlsx' || ext === 'pptx' || ext === 'zip'
        ? at(bytes, ZIP)
        : ext === 'doc' || ext === 'xls' || ext === 'ppt'
          ? at(bytes, OLE2)
          : ext === 'rar'
            ? at(bytes, ascii('Rar!\x1a\x07'))
            : ext === '7z'
              ? at(bytes, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])
              : isText(bytes);
  return fits ? { ext, mime } : null;
}
