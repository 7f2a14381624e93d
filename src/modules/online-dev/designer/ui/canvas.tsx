import { useMemo } from 'react';
import { Box, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { problemItems } from '../core/problems';
import type { Slot } from '../core/types';
import { SlotList, type CanvasMarks } from './canvas-items';
import { useDesigner, useDesignerView } from './use-designer';

const TOP: Slot = { parent: null };

/** The design canvas: the form's items as they will be laid out; a click on the background clears the selection. */
export function DesignCanvas() {
  const designer = useDesigner();
  const view = useDesignerView();
  const fields = view.state.doc.draft.form.fields;
  // The problems keep their identity while the document does (problemsOf caches per document), so
  // the marks change only with the selection or the document, and are worked out once for all items.
  const problems = useMemo(() => problemItems(view.problems), [view.problems]);
  const marks = useMemo<CanvasMarks>(() => ({ selection: view.state.selection, problems }), [view.state.selection, problems]);
  return (
    <Box flex="1" minW="0" overflowY="auto" bg="bg.subtle" p={{ base: '2', md: '4' }} onClick={() => designer.dispatch({ type: 'select', id: null })} data-testid="od-design-canvas">
      <Box maxW="4xl" mx="auto" bg="bg" borderWidth="1px" rounded="l3" p={{ base: '2', md: '4' }} minH="full">
        {fields.length === 0 ? (
          <Text fontSize="sm" color="fg.muted" textAlign="center" mb="2">
            <Trans>点击左侧的控件添加到表单，或把控件拖到这里。</Trans>
          </Text>
        ) : null}
        <SlotList slot={TOP} items={fields} marks={marks} empty={<Trans>拖放控件到这里</Trans>} />
      </Box>
    </Box>
  );
}
