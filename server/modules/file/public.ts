import type { FileRepo } from './repo';

/** What the file module offers the modules registered after it (`deps.need('files')`). */
export type FileServices = Pick<FileRepo, 'creatorOf'>;

declare module '../../lib/module' {
  interface ModuleServices {
    /** creatorOf: who uploaded a stored file (the avatar check). */
    files: FileServices;
  }
}
