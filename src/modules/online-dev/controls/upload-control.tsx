import { useRef, useState } from 'react';
import { Box, Button, chakra, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Upload } from 'lucide-react';
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES } from '@/contracts/files';
import { ERROR_TOAST_MS } from '@/contracts/limits';
import { FILE_DEFAULT_SIZE, FILE_DEFAULT_UNIT, SIZE_UNIT_BYTES, VIDEO_EXTENSIONS, VIDEO_MAX_BYTES } from '@/contracts/online-dev';
import { notify } from '@/lib/notify';
import { checkUploadSelection } from '../core/upload-rules';
import { translateIssue } from '../form/messages';
import { useFormServices, type FileEntry } from '../form/services';
import { FileList, type PendingFile } from './file-list';
import { entriesOf, uploadFailure, uploadSetup } from './upload-flow';
import type { ControlProps } from './types';

let pendingSeq = 0;

/**
 * 文件上传 (uploadFz: a generic file or a video) and 图片上传 (uploadImg: an image or an image card),
 * spec 4 Upload, 5.3, 8: the chosen files are checked (type, size, count), then each is stored
 * through the page's services (online: uploaded now; offline: kept on this device, `local:` url,
 * shown 待上传) and added; a refused upload leaves the list and its message shows for 1.5 s (405 is
 * logged as `wrong request method`). Removing a file asks first.
 */
export function UploadControl({ field, value, onChange, onBlur, disabled, invalid, mode, modelId, testId }: ControlProps) {
  const { t } = useLingui();
  const services = useFormServices();
  const setup = uploadSetup(field);
  const entries = entriesOf(value);
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [problem, setProblem] = useState<{ text: string; level: 'error' | 'warning' } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // The list as the last change left it: uploads finishing together each add to it.
  const latest = useRef(entries);
  latest.current = entries;
  const base = mode === 'form' ? `od-upload-${field.key}` : (testId ?? `od-upload-${field.key}`);

  const labelled = (name: string, text: string) => t`${name}：${text}`;

  const choose = (files: File[]) => {
    if (!files.length) return;
    const refused = checkUploadSelection(setup.kind, files, entries.length + pending.length, setup.settings);
    if (refused) {
      const text = translateIssue(refused.message, refused.values ?? {});
      setProblem({ text, level: refused.level });
      notify({ kind: refused.level, title: text, duration: ERROR_TOAST_MS });
      return;
    }
    setProblem(null);
    for (const file of files) {
      const item: PendingFile = { key: `p${++pendingSeq}`, name: file.name, size: file.size };
      setPending((p) => [...p, item]);
      const done = () => setPending((p) => p.filter((x) => x.key !== item.key));
      services.upload({ file, kind: setup.kind, modelId, field: field.key }).then(
        (entry) => {
          done();
          const next = [...latest.current, { ...entry, size: entry.size ?? file.size }];
          latest.current = next;
          onChange(next);
        },
        (error: unknown) => {
          done();
          const failure = uploadFailure(error, file);
          if (failure.log) console.error(failure.log);
          const text = failure.message ? translateIssue(failure.message) : t`上传失败`;
          notify({ kind: 'error', title: labelled(file.name, text), duration: ERROR_TOAST_MS });
        },
      );
    }
  };
  const remove = (entry: FileEntry) => {
    const next = latest.current.filter((e) => e !== entry);
    latest.current = next;
    onChange(next);
  };

  const full = entries.length + pending.length >= setup.limit;
  const cards = setup.kind === 'imageCard';
  const label = setup.kind === 'video' ? t`上传视频` : setup.kind === 'file' ? t`上传文件` : t`上传图片`;
  const picker = (
    <chakra.input
      ref={input}
      type="file"
      display="none"
      accept={setup.accept || undefined}
      multiple={setup.limit > 1}
      disabled={disabled}
      onChange={(e) => {
        choose([...(e.target.files ?? [])]);
        e.target.value = '';
      }}
      data-testid={`${base}-input`}
    />
  );
  const openPicker = () => input.current?.click();

  return (
    <Stack gap="2" w="full" data-testid={testId} aria-invalid={invalid || undefined} onBlur={onBlur}>
      {picker}
      {cards ? (
        <Box display="flex" flexWrap="wrap" gap="2">
          <FileList entries={entries} pending={pending} cards onRemove={disabled ? undefined : remove} testId={base} />
          {!disabled && !full ? (
            <chakra.button
              type="button"
              w="24"
              h="24"
              rounded="md"
              borderWidth="1px"
              borderStyle="dashed"
              borderColor={invalid ? 'border.error' : 'border.emphasized'}
              color="fg.muted"
              display="flex"
              flexDirection="column"
              alignItems="center"
              justifyContent="center"
              gap="1"
              fontSize="xs"
              _hover={{ borderColor: 'brand.solid', color: 'brand.fg' }}
              onClick={openPicker}
              aria-label={labelled(field.label, label)}
              data-testid={`${base}-add`}
            >
              <Plus size={20} />
              {label}
            </chakra.button>
          ) : null}
        </Box>
      ) : (
        <>
          {!disabled ? (
            <Box>
              <Button type="button" size={mode === 'cell' ? 'xs' : 'sm'} variant="outline" onClick={openPicker} disabled={full} borderColor={invalid ? 'border.error' : undefined} aria-label={labelled(field.label, label)} data-testid={`${base}-add`}>
                <Upload />
                {label}
              </Button>
            </Box>
          ) : null}
          <FileList entries={entries} pending={pending} onRemove={disabled ? undefined : remove} testId={base} />
        </>
      )}
      {problem ? (
        <Text fontSize="xs" color={problem.level === 'error' ? 'fg.error' : 'fg.warning'} role="alert" data-testid={`${base}-problem`}>
          {problem.text}
        </Text>
      ) : mode === 'form' && !disabled ? (
        <Text fontSize="xs" color="fg.muted">
          <UploadHint kind={setup.kind} limit={setup.limit} size={setup.settings.fileSize ?? FILE_DEFAULT_SIZE} unit={setup.settings.sizeUnit ?? FILE_DEFAULT_UNIT} />
        </Text>
      ) : null}
    </Stack>
  );
}

/** The spec 5.3 rule of the field's kind under it: types, size and count, from the contract's limits. */
function UploadHint({ kind, limit, size, unit }: { kind: string; limit: number; size: number; unit: string }) {
  const { t } = useLingui();
  // The types as the UI language lists them (、 in Chinese).
  const listed = (types: readonly string[]) => types.join(t({ message: '、', comment: 'Between the file types of an upload hint' }));
  if (kind === 'video') {
    const types = listed(VIDEO_EXTENSIONS);
    const max = VIDEO_MAX_BYTES / SIZE_UNIT_BYTES.MB;
    return <Trans>支持 {types}，单个不超过{max}M，最多{limit}个</Trans>;
  }
  if (kind === 'file') return <Trans>单个文件不超过{size}{unit}，最多{limit}个</Trans>;
  const types = listed(IMAGE_EXTENSIONS);
  const max = IMAGE_MAX_BYTES / SIZE_UNIT_BYTES.MB;
  return <Trans>支持 {types}，单张小于{max}M，最多{limit}张</Trans>;
}
