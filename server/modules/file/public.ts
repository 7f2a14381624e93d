import type { FileRepo } from './repo';
import type { FileService } from './service';

export type { DownloadCheck, UploadedFile, UploadHook } from './service';
/** The refusal of a file whose extension its type (or an online-development field) does not take. */
export { fileTypeMessage } from './rules';

/** What the file module offers the modules registered after it (`deps.need('files')`). */
export type FileServices = Pick<FileRepo, 'creatorOf' | 'infoOf'> & Pick<FileService, 'allowDownload' | 'onUploaded'>;

declare module '../../lib/module' {
  interface ModuleServices {
    /**
     * creatorOf: who uploaded a stored file (the avatar check). infoOf: type, size and uploader of
     * stored files by name (online-development records check the files they refer to). allowDownload: registers who may
     * download the files of a type besides their uploader (chat: a message's sender and recipient;
     * several checks per type, any allows: online-dev and workflow).
     * onUploaded: runs in the transaction that stores each upload of a type (h5: the image library).
     */
    files: FileServices;
  }
}
