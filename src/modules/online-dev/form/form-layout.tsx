import { Fragment, type ReactNode } from 'react';
import { Box, Grid, GridItem, Heading, HStack, Separator, Tabs, Text } from '@chakra-ui/react';
import { isLayoutField, type ModelField, type TabPane } from '@/contracts/online-dev-model';
import { gridSpan } from './display';

export interface FormLayoutProps {
  fields: readonly ModelField[];
  /** A value field (its label, control or value). */
  renderField(field: ModelField): ReactNode;
  /** A phone (under 992 px): every item takes the whole width. */
  narrow: boolean;
  /** A mark beside a tab's title (e.g. a pane holding an invalid field). */
  renderTabMark?(pane: TabPane): ReactNode;
}

/**
 * A form's items in a 24-column grid (each its `span`): value fields, and the layout items —
 * 分组标题 (groupTitle, a heading), 分割线 (divider, a line with its text), 卡片 (card, a bordered box
 * with a title holding its children), 栅格 (row, a grid row of its children) and 标签页 (tab, tabs
 * of panes).
 */
export function FormLayout(props: FormLayoutProps) {
  // 23 gaps of 16 px need 368 px: on a phone every item takes the whole row, so there are none.
  return (
    <Grid templateColumns="repeat(24, minmax(0, 1fr))" columnGap={props.narrow ? '0' : '4'} rowGap="4" w="full">
      <Items {...props} />
    </Grid>
  );
}

function Items({ fields, ...rest }: FormLayoutProps) {
  return (
    <>
      {fields.map((f, i) => (
        <Fragment key={f.id || f.key || i}>
          <Item field={f} {...rest} />
        </Fragment>
      ))}
    </>
  );
}

function Item({ field: f, ...rest }: Omit<FormLayoutProps, 'fields'> & { field: ModelField }) {
  const { narrow, renderField, renderTabMark } = rest;
  if (!isLayoutField(f)) {
    return (
      <GridItem colSpan={gridSpan(f.span, narrow)} minW="0">
        {renderField(f)}
      </GridItem>
    );
  }
  switch (f.type) {
    case 'groupTitle':
      return (
        <GridItem colSpan={24}>
          <Heading as="h3" size="sm" pb="1" borderBottomWidth="1px" data-testid={`od-group-${f.id}`}>
            {f.label}
          </Heading>
        </GridItem>
      );
    case 'divider':
      return (
        <GridItem colSpan={24}>
          {f.label ? (
            <HStack gap="3" data-testid={`od-divider-${f.id}`}>
              <Separator flex="1" />
              <Text fontSize="sm" color="fg.muted" flexShrink={0}>
                {f.label}
              </Text>
              <Separator flex="1" />
            </HStack>
          ) : (
            <Separator data-testid={`od-divider-${f.id}`} />
          )}
        </GridItem>
      );
    case 'card':
      return (
        <GridItem colSpan={gridSpan(f.span, narrow)} minW="0">
          <Box as="section" borderWidth="1px" rounded="md" aria-label={f.label || undefined} data-testid={`od-card-${f.id}`}>
            {f.label ? (
              <Box px="4" py="2.5" borderBottomWidth="1px" bg="bg.subtle" fontWeight="medium" fontSize="sm">
                {f.label}
              </Box>
            ) : null}
            <Box p="4">
              <FormLayout fields={f.children ?? []} {...rest} />
            </Box>
          </Box>
        </GridItem>
      );
    case 'row':
      return (
        <GridItem colSpan={gridSpan(f.span, narrow)} minW="0" data-testid={`od-row-${f.id}`}>
          <FormLayout fields={f.children ?? []} {...rest} />
        </GridItem>
      );
    case 'tab': {
      const panes = f.tabs ?? [];
      if (!panes.length) return null;
      return (
        <GridItem colSpan={gridSpan(f.span, narrow)} minW="0">
          <Tabs.Root defaultValue="0" variant="line" colorPalette="brand" data-testid={`od-tabs-${f.id}`}>
            <Tabs.List overflowX="auto">
              {panes.map((p, i) => (
                <Tabs.Trigger key={i} value={String(i)} flexShrink={0}>
                  {p.title}
                  {renderTabMark?.(p)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {panes.map((p, i) => (
              <Tabs.Content key={i} value={String(i)} pt="4">
                <FormLayout fields={p.children} {...rest} />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </GridItem>
      );
    }
    default:
      return null;
  }
}
