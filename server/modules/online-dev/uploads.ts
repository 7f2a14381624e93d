import { onlineFileType } from '../../../src/contracts/online-dev';
import { uploadDefaults, valueFields, type ModelField } from '../../../src/contracts/online-dev-model';
import { ONLINE_FILE_TYPES } from '../../../src/contracts/online-dev-paths';
import { ID_PATTERN } from '../../../src/contracts/common';
import { badRequest, forbidden } from '../../lib/errors';
import { fileTypeMessage, type FileServices, type UploadedFile } from '../file/public';
import { checkFileSettings } from './record-refs';
import type { RecordService } from './record-service';

/**
 * Uploads of online-development fields (spec 7.8, 5.3): the upload call names the model and the
 * field (`?modelId=…&field=…`); the file must be of the kind the field takes, within its size and
 * extensions, and the uploader may add or edit records of that model. Downloads of these files
 * (spec 7.8 Download) go to their uploader and to whom is granted a model whose records hold them.
 */
export function registerOnlineFiles(files: FileServices, records: RecordService) {
  const check = async (file: UploadedFile) => {
    const modelId = file.query.modelId ?? '';
    const key = file.query.field ?? '';
    if (!ID_PATTERN.test(modelId) || !key) throw badRequest('请指定文件所属的功能和字段');
    const m = await records.published(modelId);
    const auth = { userId: file.creatorUserId, isAdministrator: file.isAdministrator };
    try {
      await records.authorize(auth, m, 'btn_add');
    } catch {
      await records.authorize(auth, m, 'btn_edit').catch(() => {
        throw forbidden('您没有此操作的权限');
      });
    }
    const field = valueFields(m.config.form.fields)
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
}
