import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PHOTO_ATTACHABLE_TYPES } from '../../../shared/constants';
import { PHOTO_MESSAGES } from '../../../shared/messages/photos';
import { useAttachable } from '../../api/attachables';
import { usePhotos } from '../../api/photos';
import { EmptyState } from '../../components/empty-state';
import { ListFilters } from '../../components/list-filters';
import { ListFrame } from '../../components/page-frames';
import { PhotoGrid } from '../../components/photo-grid';
import { statusLabel } from '../../components/status-badge';
import { useStayInRange, useUrlList } from '../../lib/use-url-list';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';

const PAGE_SIZE = 24;

/** /resources/photos (spec §2): caption search, type filter, a grid of thumbnails. */
export function PhotosPage() {
  const list = useUrlList(PAGE_SIZE);
  const type = list.choice('type', PHOTO_ATTACHABLE_TYPES);
  const id = (type && list.params.get('id')) || undefined;
  const record = useAttachable(type, id);
  const photos = usePhotos({
    q: list.q,
    attachableType: type,
    attachableId: id,
    offset: list.offset,
    limit: PAGE_SIZE,
  });
  const moving = useStayInRange(list, photos, PAGE_SIZE);

  return (
    <PageShell
      title="Photos"
      crumbs={[{ label: 'Photos' }]}
      actions={
        <Button component={Link} to={paths.uploadPhoto()}>
          Upload Photo
        </Button>
      }
    >
      <Stack gap="md">
        <ListFilters
          list={list}
          search={{ label: 'Search captions' }}
          filter={{
            key: 'type',
            label: 'Type',
            allLabel: 'All types',
            options: PHOTO_ATTACHABLE_TYPES.map((value) => ({ value, label: statusLabel('attachable', value) })),
            value: type,
          }}
        />
        {id && (
          <Text size="sm">
            Photos of {record.data?.name ?? 'one record'} ·{' '}
            <Anchor component="button" size="sm" onClick={() => list.setFilter('id', null)}>
              Show all {type} photos
            </Anchor>
          </Text>
        )}
        <ListFrame
          query={photos}
          moving={moving}
          loading="Loading photos"
          failed={PHOTO_MESSAGES.loadFailed}
          empty={
            list.q || type ? (
              <Text c="dimmed">No photos match these filters.</Text>
            ) : (
              <EmptyState
                title="No photos yet"
                description="Photos you take on visits, or upload here, appear in this grid."
                action={{ label: 'Upload your first photo', to: paths.uploadPhoto() }}
              />
            )
          }
          pages={{ offset: list.offset, pageSize: PAGE_SIZE, onPage: list.setPage, noun: 'photos' }}
        >
          {(items) => <PhotoGrid photos={items} />}
        </ListFrame>
      </Stack>
    </PageShell>
  );
}
