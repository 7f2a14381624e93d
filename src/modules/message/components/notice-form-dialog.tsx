import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Box, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { NOTICE_TITLE_MAX, type NoticeInfo, type NoticeRow } from '@/contracts/message';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { ListLoading } from '@/components/list-status';
import { formatDateTime } from '@/lib/format';
import { UserSelect } from '@/modules/org/public';
import { noticeFormDefaults, noticeFormSchema, noticeInputOf, RECIPIENTS_REQUIRED, type NoticeFormInput, type NoticeFormOutput } from '../notice-form';
import { queued } from '@/components/queued-feedback';
import { isReleased } from '../notice-list';
import { loadNotice, saveNotice } from '../notice-store';

/** TipTap loads with the dialog, not with the list page (nor the shell). */
const NoticeEditor = lazy(() => import('./notice-editor').then((m) => ({ default: m.NoticeEditor })));

const resolver = zodResolver(noticeFormSchema) as Resolver<NoticeFormInput, unknown, NoticeFormOutput>;

type Loaded = { state: 'loading' } | { state: 'ready'; base: NoticeInfo | null; fromCache: boolean } | { state: 'failed'; message: string };

export interface NoticeFormDialogProps {
  /** The draft edited; null for a new notice. */
  row: NoticeRow | null;
  onClose(): void;
}

/**
 * 新建 / 编辑 a notice draft: title, recipients (everyone, or chosen people) and the rich-text body.
 * Editing loads the body first (GET /Message/{id}, or this device's copy offline). Saving goes
 * through the sync queue: offline it stays on this device and is sent when the connection returns.
 */
export function NoticeFormDialog({ row, onClose }: NoticeFormDialogProps) {
  const { t } = useLingui();
  const [loaded, setLoaded] = useState<Loaded>(row ? { state: 'loading' } : { state: 'ready', base: null, fromCache: false });
  const { register, control, handleSubmit, reset, formState } = useForm<NoticeFormInput, unknown, NoticeFormOutput>({ resolver, defaultValues: noticeFormDefaults(null) });
  const recipients = useWatch({ control, name: 'recipients' });

  useEffect(() => {
    if (!row) return;
    let live = true;
    loadNotice(row.id).then(
      (view) => {
        if (!live) return;
        reset(noticeFormDefaults(view.info));
        setLoaded({ state: 'ready', base: view.info, fromCache: view.fromCache });
      },
      (e: unknown) => live && setLoaded({ state: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
    // Once per opened row.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [row?.id]);

  const base = loaded.state === 'ready' ? loaded.base : null;
  // Released meanwhile (here or elsewhere): the server refuses changes to a released notice.
  const locked = !!base && isReleased(base);
  const errors = formState.errors;
  const usersError = errors.toUserIds?.message === RECIPIENTS_REQUIRED ? t`请选择接收人` : errors.toUserIds;

  const submit = handleSubmit(async (values) => {
    if (await queued('save', () => saveNotice(noticeInputOf(values), row ? base : null))) onClose();
  });

  let content;
  if (loaded.state === 'loading') content = <ListLoading testId="notice-form-loading" />;
  else if (loaded.state === 'failed')
    content = (
      <Alert.Root status="error" data-testid="notice-form-error">
        <Alert.Indicator />
        <Alert.Title fontWeight="normal">{loaded.message}</Alert.Title>
      </Alert.Root>
    );
  else
    content = (
      <>
        {locked ? (
          <Alert.Root status="warning" size="sm" data-testid="notice-form-locked">
            <Alert.Indicator />
            <Alert.Title fontWeight="normal">
              <Trans>该公告已发布，不能再修改。</Trans>
            </Alert.Title>
          </Alert.Root>
        ) : null}
        <FormField label={<Trans>标题</Trans>} required error={errors.title}>
          <Input {...register('title')} maxLength={NOTICE_TITLE_MAX} autoComplete="off" placeholder={t`请输入公告标题`} data-testid="notice-title" />
        </FormField>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <FormField label={<Trans>接收人</Trans>}>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('recipients')} data-testid="notice-recipients">
                <option value="all">{t`全部人员`}</option>
                <option value="users">{t`指定人员`}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          {recipients === 'users' ? (
            <Box gridColumn={{ md: 'span 2' }}>
              <FormField label={<Trans>选择人员</Trans>} required error={usersError}>
                <Controller
                  control={control}
                  name="toUserIds"
                  render={({ field }) => (
                    <UserSelect
                      multiple
                      value={field.value ?? []}
                      onChange={(ids) => field.onChange(ids)}
                      invalid={!!usersError}
                      aria-label={t`选择接收人`}
                      placeholder={t`请选择接收人`}
                      data-testid="notice-users"
                    />
                  )}
                />
              </FormField>
            </Box>
          ) : null}
        </SimpleGrid>
        <FormField label={<Trans>内容</Trans>} error={errors.bodyText}>
          <Box w="full">
            <Controller
              control={control}
              name="bodyText"
              render={({ field }) => (
                <Suspense fallback={<ListLoading testId="notice-editor-loading" />}>
                  <NoticeEditor initialHtml={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} invalid={!!errors.bodyText} label={t`公告内容`} />
                </Suspense>
              )}
            />
          </Box>
        </FormField>
      </>
    );

  const modified = base ? formatDateTime(base.lastModifyTime) : '';
  const note =
    loaded.state === 'ready' && loaded.fromCache ? (
      <Trans>当前离线：显示的是本机保存的内容（{modified}），保存后联网自动同步。</Trans>
    ) : undefined;

  return (
    <FormDialog title={row ? <Trans>编辑公告</Trans> : <Trans>新建公告</Trans>} onClose={onClose} onSubmit={submit} submitting={formState.isSubmitting} submitDisabled={loaded.state !== 'ready' || locked} note={note} offlineNote size="xl" testId="notice-form">
      {content}
    </FormDialog>
  );
}
