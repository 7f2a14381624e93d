import { useRef, useState } from 'react';
import { Alert, Button, Center, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Upload } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { ImageViewer } from '@/components/image-viewer/image-viewer';
import { ListPagination } from '@/components/list-pagination';
import { ListToolbar } from '@/components/list-toolbar';
import { PageCard } from '@/components/page-card';
import { ERROR_TOAST_MS } from '@/contracts/limits';
import { formatDateTime } from '@/lib/format';
import { defineListSearch, useListSearch } from '@/lib/list-search';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';
import { checkH5Image, deleteBgImage, H5_IMAGE_ACCEPT, uploadH5Image } from '../api';
import { useImageLibrary } from '../components/image-library-data';
import { imageSrc, ImageTile } from '../components/image-tile';

const imagesSearch = defineListSearch();

/** Files taken at once by one upload (spec 5.3: the default limit is 10). */
const UPLOAD_MAX_FILES = 10;

/** Checks and uploads the chosen files one by one; what was refused is said per file. Resolves to the number uploaded. */
function useUpload(after: () => void) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const run = async (files: File[]) => {
    if (!files.length) return;
    if (files.length > UPLOAD_MAX_FILES) {
      notify({ kind: 'warning', title: t`一次最多上传 ${UPLOAD_MAX_FILES} 张图片` });
      files = files.slice(0, UPLOAD_MAX_FILES);
    }
    setBusy(true);
    let done = 0;
    try {
      for (const file of files) {
        const name = file.name;
        const problem = await checkH5Image(file);
        if (problem) {
          notify({ kind: 'error', title: `${name}：${problem}`, duration: ERROR_TOAST_MS });
          continue;
        }
        // The http client tells the server's refusal (a toast); the loop goes on with the next file.
        await uploadH5Image(file).then(
          () => done++,
          () => undefined,
        );
      }
    } finally {
      setBusy(false);
    }
    if (done) {
      notify({ kind: 'success', title: t`已上传 ${done} 张图片` });
      after();
    }
  };
  return { busy, run };
}

/**
 * Menu page `h5/images` (素材库): the images I uploaded for works, newest first, a page at a time;
 * upload (jpg/png/gif/webp under 20 MB, checked here first), delete after confirmation, open in the
 * image viewer. Uploads and deletes need the network; the last copy of each page shows offline.
 */
export function ImagesPage() {
  const { t } = useLingui();
  const online = useSnapshot(network).online;
  const query = useListSearch(imagesSearch);
  const { page, size, q } = query.values;
  const view = useImageLibrary({ currentPage: page, pageSize: size, keyword: q });
  const [viewing, setViewing] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const upload = useUpload(view.refetch);
  const images = view.images;

  const remove = async (id: string) => {
    try {
      await deleteBgImage(id);
      notify({ kind: 'success', title: t`删除成功` });
      view.refetch();
    } catch {
      /* the http client has told the user */
    }
  };
  const offlineReason = online ? null : t`离线时不能修改素材库，请联网后再试`;
  const time = formatDateTime(view.fetchedAt);

  return (
    <PageCard testId="images-page" title={<Trans>素材库</Trans>}>
      <Stack gap="4">
        <ListToolbar keyword={q} onSearch={query.search} placeholder={t`请输入图片名称查询`}>
          <input
            ref={input}
            type="file"
            accept={H5_IMAGE_ACCEPT}
            multiple
            hidden
            data-testid="image-upload-input"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              void upload.run(files);
            }}
          />
          <Button size="sm" colorPalette="brand" onClick={() => input.current?.click()} loading={upload.busy} disabled={!online} title={offlineReason ?? undefined} data-testid="image-upload">
            <Upload size={16} />
            <Trans>上传图片</Trans>
          </Button>
        </ListToolbar>
        <Text fontSize="xs" color="fg.muted">
          <Trans>支持 jpg、png、gif、webp 格式，单张图片小于 20M。上传的图片可在编辑作品时选用。</Trans>
        </Text>
        {view.fromCache ? (
          <Alert.Root status="warning" size="sm" data-testid="images-offline-note">
            <Alert.Indicator />
            <Alert.Title fontWeight="normal">
              {!online ? (
                view.fetchedAt ? (
                  <Trans>离线：显示的是 {time} 的素材，联网后才能上传或删除图片。</Trans>
                ) : (
                  <Trans>离线：本机还没有这一页素材，联网后才能查看、上传或删除图片。</Trans>
                )
              ) : (
                <Trans>服务器暂时无法访问，显示的是本机保存的素材。</Trans>
              )}
            </Alert.Title>
          </Alert.Root>
        ) : null}
        {images === undefined ? (
          view.known && !view.loading ? (
            <EmptyState text={t`暂无素材`} />
          ) : (
            <Center py="16">
              <Spinner />
            </Center>
          )
        ) : images.length === 0 ? (
          <EmptyState text={q ? t`没有找到名称包含“${q}”的图片` : t`素材库还是空的，上传图片后可在作品中使用`} />
        ) : (
          <SimpleGrid columns={{ base: 2, sm: 3, md: 4, xl: 6 }} gap="3" data-testid="images-grid">
            {images.map((image, i) => (
              <ImageTile key={image.id} image={image} onOpen={() => setViewing(i)} onDelete={() => void remove(image.id)} canDelete={offlineReason} />
            ))}
          </SimpleGrid>
        )}
        {view.total > 0 ? <ListPagination total={view.total} page={page} pageSize={size} onChange={query.paginate} /> : null}
      </Stack>
      <ImageViewer
        open={viewing !== null}
        onClose={() => setViewing(null)}
        images={(images ?? []).map((image) => ({ src: imageSrc(image), alt: image.name, key: image.id }))}
        startIndex={viewing ?? 0}
      />
    </PageCard>
  );
}
