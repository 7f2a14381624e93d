import { onlineFileType } from '../../../src/contracts/online-dev';
import { uploadDefaults, valueFields, type ModelDefinition, type ModelField } from '../../../src/contracts/online-dev-model';
import { ONLINE_FILE_TYPES } from '../../../src/contracts/online-dev-paths';
import { ID_PATTERN } from '../../../src/contracts/common';
import { badRequest, forbidden } from '../../lib/errors';
import { fileTypeMessage, type FileServices, type UploadedFile } from '../file/public';
import { checkFileSettings } from './record-refs';
import type { RecordService } from './record-service';

/** Who uploads: the user and whether an administrator. */
export type Uploader = { userId: string; isAdministrator: boolean };
/**
 * The form an upload naming another owner is for (workflow: `?flowId=…&field=…`, a flow's released
 * form): answered when the uploader may fill it, else thrown (403/404).
 */
export type UploadFormOf = (ownerId: string, uploader: Uploader) => Promise<Pick<ModelDefinition, 'form'>>;

/**
 * Uploads of online-development fields (spec 7.8, 5.3): the upload call names the model and the
 * field (`?modelId=…&field=…`), or another owner of a form registered with `uploadForms`
 * (`?flowId=…&field=…`); the file must be of the kind the field takes, within its size and
 * extensions, and the uploader may add or edit records of that model (or fill that owner's form).
 * Downloads of these files (spec 7.8 Download) go to their uploader and to whom is granted a model
 * whose records hold them (and whom other modules' download checks allow).
 */
export function registerOnlineFiles(files: FileServices, records: RecordService) {
  const owners = new Map<string, UploadFormOf>();
  const modelForm = async (modelId: string, auth: Uploader) => {
    const m = await records.published(modelId);
    try {
      await records.authorize(auth, m, 'btn_add');
    } catch {
      await records.authorize(auth, m, 'btn_edit').catch(() => {
        throw forbidden('您没有此操作的权限');
      });
    }
    return m.config;
  };
  const check = async (file: UploadedFile) => {
    const key = file.query.field ?? '';
    const owner = [...owners].find(([param]) => file.query[param]);
    const ownerId = owner ? file.query[owner[0]]! : (file.query.modelId ?? '');
    if (!ID_PATTERN.test(ownerId) || !key) throw badRequest('请指定文件所属的功能和字段');
    const auth = { userId: file.creatorUserId, isAdministrator: file.isAdministrator };
    const def = owner ? await owner[1](ownerId, auth) : await modelForm(ownerId, auth);
    const field = valueFields(def.form.fields)
      .flatMap((f): ModelField[] => [f, ...(f.columns ?? [])])
      .find((f) => f.key === key && (f.type === 'uploadFz' || f.type === 'uploadImg'));
    if (!field) throw badRequest('请指定文件所属的功能和字段');
    const s = uploadDefaults(field.upload, field.type);
    if (onlineFileType(s.kind) !== file.type) throw badRequest('文件类型与字段不符');
    checkFileSettings(s, file, () => badRequest(fileTypeMessage));
  };
  for (const type of Object.values(ONLINE_FILE_TYPES)) {
    files.onUploaded(type, check);
    files.allowDownload(type, (userId, name) => records.mayDownload(userId, name));
  }
  return {
    /** Uploads whose query names `param` (e.g. flowId) are for the form `formOf` answers. */
    uploadForms(param: string, formOf: UploadFormOf) {
      if (param === 'modelId' || owners.has(param)) throw new Error(`online-dev: uploads by ${param} are registered already`);
      owners.set(param, formOf);
    },
  };
}
