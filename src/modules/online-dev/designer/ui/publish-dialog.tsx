import { useEffect, useState } from 'react';
import { Button, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { MenuItem } from '@/contracts/menu';
import type { ModelInfo } from '@/contracts/online-dev-model';
import type { PublishBody } from '@/contracts/online-dev-schemas';
import { DialogFrame } from '@/components/dialog-frame';
import { FormField } from '@/components/form-field';
import { MenuIcon, MODEL_MENU_ICONS } from '@/components/menu-icon';
import { MultiSelect } from '@/components/multi-select';
import { notify } from '@/lib/notify';
import { refreshCurrentUser, session } from '@/modules/auth/public';
import { useRoles } from '@/modules/org/public';
import { modelApi } from '../api';
import { menuDirectories, PUBLISH_ICON_LABELS } from '../publish-options';
import { SelectBox } from './prop-controls';

/**
 * The roles to grant, from the directory's cached role list (the same endpoint, kept on this
 * device). A part of the dialog's content, so the list is read and revalidated while the dialog is
 * open only; none to offer when it was never cached and could not be fetched.
 */
function RolePicker({ value, onChange }: { value: string[]; onChange(value: string[]): void }) {
  const { t } = useLingui();
  const roles = useRoles();
  const list = roles.data ?? (roles.error ? [] : undefined);
  return <MultiSelect items={list?.map((r) => ({ value: r.enCode, label: r.fullName }))} value={value} onChange={onChange} placeholder={t`选择角色`} chosenLabel={t`已选角色`} testId="od-publish-roles" />;
}

export interface PublishDialogProps {
  open: boolean;
  modelId: string;
  info: Pick<ModelInfo, 'fullName' | 'menuParent' | 'menuCode' | 'recordCount'>;
  /** Saves the draft first when it has changes; false when that failed. */
  beforePublish(): Promise<boolean>;
  onPublished(info: ModelInfo): void;
  onClose(): void;
}

/**
 * 发布: where the model's menu entry goes (a directory of the menu), its name and icon, and the
 * roles granted it (with all its buttons and columns; administrators always are). Publishing
 * makes the draft what users get; the entry shows once the user's menu is read again.
 */
export function PublishDialog({ open, modelId, info, beforePublish, onPublished, onClose }: PublishDialogProps) {
  const { t, i18n } = useLingui();
  const menu = useSnapshot(session).menuList as readonly MenuItem[] | null;
  const dirs = menuDirectories(menu);
  const [parent, setParent] = useState(info.menuParent ?? '');
  const [name, setName] = useState(info.fullName);
  const [icon, setIcon] = useState<string>(MODEL_MENU_ICONS[0]);
  const [chosenRoles, setChosenRoles] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setParent(info.menuParent ?? '');
    setName(info.fullName);
  }, [open, info.menuParent, info.fullName]);

  const publish = async () => {
    setBusy(true);
    try {
      if (!(await beforePublish())) return;
      const body: PublishBody = { parent, fullName: name.trim(), icon, roles: chosenRoles };
      const published = await modelApi.publish(modelId, body);
      onPublished(published);
      notify({ kind: 'success', title: t`已发布到菜单「${body.fullName}」`, description: t`菜单刷新后即可使用` });
      onClose();
      // The new entry is in the menu the server gives from now on: read it again.
      void refreshCurrentUser().catch(() => undefined);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      notify({ kind: 'error', title: t`发布失败：${reason}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={<Trans>发布到菜单</Trans>}
      testId="od-publish-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            <Trans>取消</Trans>
          </Button>
          <Button colorPalette="brand" loading={busy} disabled={!name.trim()} onClick={() => void publish()} data-testid="od-publish-confirm">
            <Trans>发布</Trans>
          </Button>
        </>
      }
    >
      <Stack gap="4">
        {info.recordCount > 0 ? (
          <Text fontSize="sm" color="fg.muted" data-testid="od-publish-records">
            <Trans>这个功能已有 {info.recordCount} 条记录：新增或删除字段不会丢失记录中已有的数据。</Trans>
          </Text>
        ) : null}
        <Text fontSize="sm" color="fg.muted">
          {info.menuCode ? <Trans>再次发布会更新菜单中的功能：用户看到的表单和列表换成当前设计，已有的记录保留。</Trans> : <Trans>发布后在菜单中新增这个功能，并生成它的按钮和列权限，可在角色授权中分配。</Trans>}
        </Text>
        <FormField label={<Trans>上级菜单</Trans>}>
          <SelectBox value={parent} empty={t`（顶级）`} choices={dirs.map((d) => ({ value: d.enCode, label: `${'　'.repeat(d.depth)}${d.fullName}` }))} onChange={setParent} testId="od-publish-parent" label={t`上级菜单`} />
        </FormField>
        <FormField label={<Trans>菜单名称</Trans>} required error={name.trim() ? undefined : t`名称不能为空`}>
          <Input size="sm" value={name} onChange={(e) => setName(e.target.value)} data-testid="od-publish-name" />
        </FormField>
        <FormField label={<Trans>图标</Trans>}>
          <SimpleGrid columns={{ base: 5, sm: 10 }} gap="1" data-testid="od-publish-icons">
            {MODEL_MENU_ICONS.map((name) => {
              const label = i18n._(PUBLISH_ICON_LABELS[name]);
              return (
                <Button key={name} size="sm" variant={icon === name ? 'solid' : 'outline'} colorPalette={icon === name ? 'brand' : undefined} onClick={() => setIcon(name)} aria-label={label} title={label} aria-pressed={icon === name} px="0" data-testid={`od-publish-icon-${name}`}>
                  <MenuIcon name={name} />
                </Button>
              );
            })}
          </SimpleGrid>
        </FormField>
        <FormField label={<Trans>授权角色</Trans>} helper={<Trans>这些角色获得菜单及其全部按钮和列；管理员总能看到。</Trans>}>
          <RolePicker value={chosenRoles} onChange={setChosenRoles} />
        </FormField>
      </Stack>
    </DialogFrame>
  );
}
