import { Button, FileInput, Group, NativeSelect, Progress, Stack, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PHOTO_UPLOAD_TYPES, type PhotoAttachableType } from '../../../shared/constants';
import { PHOTO_MESSAGES } from '../../../shared/messages/photos';
import { useAttachable } from '../../api/attachables';
import { RecordPicker } from '../../components/record-picker';
import { errorMessage } from '../../api/http';
import { useUploadPhoto } from '../../api/photos';
import { ErrorBox } from '../../components/error-box';
import { checkPhotoFile } from '../../components/photo-uploads';
import { statusLabel } from '../../components/status-badge';
import type { FieldErrors } from '../../lib/form';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';

type UploadType = (typeof PHOTO_UPLOAD_TYPES)[number];
const isUploadType = (value: string | null): value is UploadType =>
  (PHOTO_UPLOAD_TYPES as readonly string[]).includes(value ?? '');

/** /resources/photos/upload (spec §2, §5): an image, a caption, and optionally what it belongs to. */
export function UploadPhotoPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const presetType = isUploadType(params.get('type')) ? (params.get('type') as UploadType) : '';
  const presetId = presetType ? params.get('id') : null;
  const preset = useAttachable(presetType || undefined, presetId ?? undefined);
  const upload = useUploadPhoto();
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [type, setType] = useState<PhotoAttachableType | ''>(presetType);
  const [itemId, setItemId] = useState<string | null>(presetId);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found: FieldErrors = {};
    const fileProblem = file ? checkPhotoFile(file) : PHOTO_MESSAGES.selectImage;
    if (fileProblem) found.file = fileProblem;
    if (type && !itemId) found.item = PHOTO_MESSAGES.selectItem;
    setErrors(found);
    if (!file || Object.keys(found).length > 0) return;
    setProgress(0);
    try {
      const photo = await upload.mutateAsync({
        file,
        fileName: file.name,
        caption,
        attachableType: type || undefined,
        attachableId: itemId ?? undefined,
        onProgress: setProgress,
      });
      navigate(paths.photo(photo.id), { replace: true });
    } catch (error) {
      setProgress(null);
      setFailure(PHOTO_MESSAGES.uploadFailedAlert(errorMessage(error, PHOTO_MESSAGES.uploadFailed)));
    }
  }

  return (
    <PageShell title="Upload Photo" crumbs={[{ label: 'Photos', to: paths.photos() }, { label: 'Upload' }]}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm" maw={560}>
          {failure && <ErrorBox>{failure}</ErrorBox>}
          <FileInput
            label="Photo"
            description="A JPEG, PNG, WebP or GIF image, up to 10 MB"
            accept="image/*"
            required
            value={file}
            onChange={setFile}
            error={errors.file}
            clearable
          />
          {preview && (
            <img
              src={preview}
              alt="Preview of the chosen photo"
              style={{ maxWidth: '100%', maxHeight: 320, objectFit: 'contain' }}
            />
          )}
          <TextInput
            label="Caption"
            value={caption}
            onChange={(event) => setCaption(event.currentTarget.value)}
            maxLength={500}
          />
          <NativeSelect
            label="Attach to"
            description="Optional: the record this photo belongs to"
            data={[
              { value: '', label: 'Nothing (standalone)' },
              ...PHOTO_UPLOAD_TYPES.map((value) => ({ value, label: statusLabel('attachable', value) })),
            ]}
            value={type}
            onChange={(event) => {
              setType(event.currentTarget.value as PhotoAttachableType | '');
              setItemId(null);
            }}
          />
          {type && (
            <RecordPicker
              key={type}
              type={type}
              value={itemId}
              onChange={setItemId}
              error={errors.item}
              initialLabel={itemId === presetId ? preset.data?.name : undefined}
            />
          )}
          {progress !== null && <Progress value={progress * 100} aria-label="Upload progress" animated />}
          <Group gap="xs" mt="xs">
            <Button type="submit" disabled={upload.isPending}>
              {upload.isPending ? 'Uploading...' : 'Upload Photo'}
            </Button>
            <Button component={Link} to={paths.photos()} variant="default">
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </PageShell>
  );
}
