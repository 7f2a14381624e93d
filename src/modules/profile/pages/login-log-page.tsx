import { Card, Heading } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { LoginLogTable } from '../components/login-log-table';

/** Menu page `system/log`: the signed-in user's login history. */
export function LoginLogPage() {
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">
          <Trans>登录日志</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        <LoginLogTable />
      </Card.Body>
    </Card.Root>
  );
}
