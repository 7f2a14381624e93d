import { useEffect, useState } from 'react';
import { Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { SIZE_UNITS, type SizeUnit } from '@/contracts/online-dev';
import { uploadDefaults, type FieldDataOption, type ModelField, type ModelOption, type UploadFieldKind } from '@/contracts/online-dev-model';
import { network } from '@/lib/network';
import { useBillRuleOptions } from '@/modules/base/public';
import { modelApi } from '../api';
import { useItemPatch } from './use-item-patch';
import { NumberProp, PropSection, SelectProp, TextProp } from './prop-controls';

/** 上传设置: the kind (file or video; image or image card), how many files, and a generic file's size, unit and extensions. */
export function UploadProps({ item }: { item: ModelField }) {
  const { t } = useLingui();
  const patch = useItemPatch(item.id);
  const settings = uploadDefaults(item.upload, item.type);
  const kinds: { value: UploadFieldKind; label: string }[] =
    item.type === 'uploadImg'
      ? [
          { value: 'image', label: t`图片` },
          { value: 'imageCard', label: t`图片卡片` },
        ]
      : [
          { value: 'file', label: t`文件` },
          { value: 'video', label: t`视频` },
        ];
  const set = (p: Partial<typeof settings>, typed?: string) => patch({ upload: { ...item.upload, kind: settings.kind, ...p } }, typed);
  return (
    <PropSection title={<Trans>上传设置</Trans>}>
      <SelectProp label={t`类型`} value={settings.kind} choices={kinds} onChange={(kind) => set({ kind: kind as UploadFieldKind, limit: undefined })} testId="od-prop-uploadKind" />
      <NumberProp label={t`最多文件数`} value={item.upload?.limit ?? settings.limit} onChange={(limit) => set({ limit }, 'uploadLimit')} testId="od-prop-uploadLimit" integer min={1} max={50} />
      {settings.kind === 'file' ? (
        <>
          <NumberProp label={t`单个文件大小上限`} value={item.upload?.fileSize ?? settings.fileSize} onChange={(fileSize) => set({ fileSize }, 'fileSize')} testId="od-prop-fileSize" min={0} />
          <SelectProp label={t`单位`} value={settings.sizeUnit} choices={SIZE_UNITS.map((u) => ({ value: u, label: u }))} onChange={(u) => set({ sizeUnit: u as SizeUnit })} testId="od-prop-sizeUnit" />
          <TextProp
            label={t`允许的扩展名`}
            value={(item.upload?.accept ?? []).join(',')}
            placeholder={t`留空：常见文档类型`}
            onChange={(v) =>
              set(
                {
                  accept: v
                    .split(/[,，\s]+/)
                    .map((x) => x.replace(/^\./, '').toLowerCase())
                    .filter(Boolean),
                },
                'accept',
              )
            }
            testId="od-prop-accept"
          />
        </>
      ) : null}
    </PropSection>
  );
}

/** 单据规则: which bill rule numbers the field (spec 3 Bill-rule option). */
export function BillRuleProp({ item }: { item: ModelField }) {
  const { t } = useLingui();
  const patch = useItemPatch(item.id);
  const rules = useBillRuleOptions();
  return (
    <SelectProp
      label={t`单据规则`}
      value={item.billRule}
      empty={rules ? t`请选择` : t`加载中…`}
      choices={(rules ?? []).map((r) => ({ value: r.enCode, label: `${r.fullName}（${r.enCode}）` }))}
      onChange={(v) => patch({ billRule: v || undefined })}
      testId="od-prop-billRule"
    />
  );
}

/** The published models (GET Base/Selector) while online; undefined while loading or offline, [] after a failure. */
export function useModelOptions(): ModelOption[] | undefined {
  const online = useSnapshot(network).online;
  const [list, setList] = useState<ModelOption[] | undefined>(undefined);
  useEffect(() => {
    if (!online) return;
    let live = true;
    modelApi.selector().then(
      (l) => live && setList(l),
      () => live && setList([]),
    );
    return () => {
      live = false;
    };
  }, [online]);
  return list;
}

/** A model's value fields (GET Base/{id}/FieldDataSelect) while online. */
function useModelFields(modelId: string): FieldDataOption[] | undefined {
  const online = useSnapshot(network).online;
  const [got, setGot] = useState<{ id: string; list: FieldDataOption[] } | null>(null);
  useEffect(() => {
    if (!online || !modelId) return;
    let live = true;
    modelApi.fields(modelId).then(
      (list) => live && setGot({ id: modelId, list }),
      () => live && setGot({ id: modelId, list: [] }),
    );
    return () => {
      live = false;
    };
  }, [online, modelId]);
  return got?.id === modelId ? got.list : undefined;
}

/** 关联表单: the related model (a published one) and the field its options show (spec 3 Relation option). */
export function RelationProps({ item }: { item: ModelField }) {
  const { t } = useLingui();
  const patch = useItemPatch(item.id);
  const online = useSnapshot(network).online;
  const modelId = item.relation?.modelId ?? '';
  const models = useModelOptions();
  const fields = useModelFields(modelId);
  return (
    <PropSection title={<Trans>关联表单</Trans>}>
      {!online ? (
        <Text fontSize="xs" color="fg.muted">
          <Trans>需要联网才能选择关联的功能</Trans>
        </Text>
      ) : null}
      <SelectProp
        label={t`关联功能`}
        value={modelId}
        empty={models ? t`请选择` : t`加载中…`}
        choices={[...(models ?? []).map((m) => ({ value: m.id, label: m.fullName })), ...(modelId && models && !models.some((m) => m.id === modelId) ? [{ value: modelId, label: modelId }] : [])]}
        onChange={(id) => patch({ relation: id ? { modelId: id, field: '' } : undefined })}
        testId="od-prop-relationModel"
      />
      <SelectProp
        label={t`显示字段`}
        value={item.relation?.field ?? ''}
        empty={!modelId ? t`先选择关联功能` : fields ? t`请选择` : t`加载中…`}
        choices={(fields ?? []).map((f) => ({ value: f.field, label: `${f.fieldName}（${f.field}）` }))}
        onChange={(field) => patch({ relation: { modelId, field } })}
        testId="od-prop-relationField"
      />
    </PropSection>
  );
}
