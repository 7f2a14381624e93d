import type { ReactNode } from 'react';
import { Card, Flex, Heading } from '@chakra-ui/react';

export interface PageCardProps {
  title: ReactNode;
  /** A filter panel on the left of the content (a tree of companies, dictionary types …). */
  filter?: ReactNode;
  /** Dialogs the page opens (kept outside the body). */
  dialog?: ReactNode;
  testId?: string;
  children: ReactNode;
}

/** The frame of a list page: its heading, an optional filter panel on the left, the content, its dialogs. */
export function PageCard({ title, filter, dialog, testId, children }: PageCardProps) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Header>
        <Heading size="md">{title}</Heading>
      </Card.Header>
      <Card.Body>
        {filter ? (
          <Flex gap="5" direction={{ base: 'column', lg: 'row' }} align="stretch">
            {filter}
            {children}
          </Flex>
        ) : (
          children
        )}
      </Card.Body>
      {dialog}
    </Card.Root>
  );
}
