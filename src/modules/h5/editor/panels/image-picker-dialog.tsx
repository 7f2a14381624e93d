import { useState, type ReactNode } from 'react';
import { Button, Center, chakra, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ImagePlus } from 'lucide-react';
import type { BgImage } from '@/contracts/h5';
import { DEFAULT_PAGE_SIZE } from '@/contracts/limits';
import { DialogFrame } from '@/components/dialog-frame';
import { EmptyState } from '@/components/empty-state';
import { useImageLibrary } from '../../components/image-library-data';
import { imageSrc } from '../../components/image-tile';

/** The library's page size here is the 素材库 page's default, so the pages it cached show offline. */
const PAGE_SIZE = DEFAULT_PAGE_SIZE;

function PickTile({ image, onPick }: { image: BgImage; onPick(url: string): void }) {
  const { t } = useLingui();
  const name = image.name;
  return (
    <chakra.button
      type="button"
      display="flex"
      flexDirection="column"
      borderWidth="1px"
      rounded="md"
      overflow="hidden"
      cursor="pointer"
      textAlign="start"
      _hover={{ borderColor: 'colorPalette.solid' }}
      colorPalette="brand"
      onClick={() => onPick(imageSrc(image))}
      aria-label={t`选用「${name}」`}
      data-testid="image-pick-tile"
      data-id={image.id}
    >
      <chakra.img src={imageSrc(image)} alt="" loading="lazy" w="full" h="24" objectFit="contain" bg="bg.muted" />
      <Text fontSize="xs" px="1.5" py="1" truncate title={name} w="full">
        {name}
      </Text>
    </chakra.button>
  );
}

/**
 * One page of the library: its images, and on the last page shown 加载更多 when the library has
 * more. Each page is read as the 素材库 page reads it (the server when online, this device's copy
 * otherwise).
 */
function PickerPage({ page, last, onMore, onPick }: { page: number; last: boolean; onMore(): void; onPick(url: string): void }) {
  const { t } = useLingui();
  const view = useImageLibrary({ currentPage: page, pageSize: PAGE_SIZE, keyword: '' });
  const images = view.images;
  let body: ReactNode;
  if (images === undefined) {
    body =
      view.known && !view.loading ? (
        <Text fontSize="sm" color="fg.muted" textAlign="center" py="4" data-testid="image-picker-uncached">
          {page === 1 ? t`离线：本机还没有素材库的图片，联网后才能选用` : t`离线：本机还没有这一页素材，联网后再加载`}
        </Text>
      ) : (
        <Center py="8">
          <Spinner />
        </Center>
      );
  } else if (images.length === 0 && page === 1) {
    body = <EmptyState compact icon={<ImagePlus size={28} strokeWidth={1.25} />} text={t`素材库还是空的，可用图片栏的「上传」添加图片，或到素材库页面上传`} />;
  } else {
    body = (
      <SimpleGrid columns={{ base: 2, sm: 3, md: 4 }} gap="2">
        {images.map((image) => (
          <PickTile key={image.id} image={image} onPick={onPick} />
        ))}
      </SimpleGrid>
    );
  }
  const more = last && images !== undefined && page * PAGE_SIZE < view.total;
  return (
    <Stack gap="2" data-testid="image-picker-page" data-page={page}>
      {page === 1 && view.fromCache && view.fetchedAt ? (
        <Text fontSize="xs" color="fg.muted" data-testid="image-picker-offline">
          <Trans>离线：显示的是本机保存的素材</Trans>
        </Text>
      ) : null}
      {body}
      {more ? (
        <Center>
          <Button size="sm" variant="outline" onClick={onMore} data-testid="image-picker-more">
            <Trans>加载更多</Trans>
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}

/** The image library to pick from: a click on an image gives its URL and closes. */
export function ImagePickerDialog({ onPick, onClose }: { onPick(url: string): void; onClose(): void }) {
  const [pages, setPages] = useState(1);
  const pick = (url: string) => {
    onPick(url);
    onClose();
  };
  return (
    <DialogFrame title={<Trans>从素材库选择</Trans>} size="lg" testId="image-picker" onClose={onClose}>
      <Stack gap="3">
        {Array.from({ length: pages }, (_, i) => (
          <PickerPage key={i + 1} page={i + 1} last={i + 1 === pages} onMore={() => setPages(pages + 1)} onPick={pick} />
        ))}
      </Stack>
    </DialogFrame>
  );
}
