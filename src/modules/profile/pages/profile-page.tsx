import { Card, Spinner, Tabs } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { LoginLogTable } from '../components/login-log-table';
import { useBaseInfo } from '../store';
import { AvatarPicker } from '../components/avatar-picker';
import { BaseInfoForm } from '../components/base-info-form';
import { PasswordForm } from '../components/password-form';
import { Authorizations, NeedsNetwork, Preferences, Subordinates } from '../components/profile-sections';

export function ProfilePage() {
  const { info, offline } = useBaseInfo();
  // No local copy yet: wait for the server, or say that it needs the network.
  const failed = info === null && offline;
  return (
    <Card.Root>
      <Card.Body>
        <Tabs.Root defaultValue="base" variant="line" lazyMount>
          <Tabs.List overflowX="auto" overflowY="hidden">
            <Tabs.Trigger flexShrink={0} whiteSpace="nowrap" value="base">
              <Trans>基本信息</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger flexShrink={0} whiteSpace="nowrap" value="avatar">
              <Trans>头像</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger flexShrink={0} whiteSpace="nowrap" value="password">
              <Trans>修改密码</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger flexShrink={0} whiteSpace="nowrap" value="prefs">
              <Trans>偏好设置</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger flexShrink={0} whiteSpace="nowrap" value="log">
              <Trans>登录日志</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger flexShrink={0} whiteSpace="nowrap" value="subordinates">
              <Trans>我的下属</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger flexShrink={0} whiteSpace="nowrap" value="authorize">
              <Trans>我的权限</Trans>
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="base">{info ? <BaseInfoForm key={info.version} info={info} /> : failed ? <NeedsNetwork /> : <Spinner color="brand.solid" />}</Tabs.Content>
          <Tabs.Content value="avatar">
            <AvatarPicker />
          </Tabs.Content>
          <Tabs.Content value="password">
            <PasswordForm />
          </Tabs.Content>
          <Tabs.Content value="prefs">
            <Preferences />
          </Tabs.Content>
          <Tabs.Content value="log">
            <LoginLogTable />
          </Tabs.Content>
          <Tabs.Content value="subordinates">
            <Subordinates />
          </Tabs.Content>
          <Tabs.Content value="authorize">
            <Authorizations />
          </Tabs.Content>
        </Tabs.Root>
      </Card.Body>
    </Card.Root>
  );
}
