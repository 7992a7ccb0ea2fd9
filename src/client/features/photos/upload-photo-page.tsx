import { FileInput, NativeSelect, Progress, Stack, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PHOTO_UPLOAD_TYPES, type PhotoAttachableType } from '../../../shared/constants';
import { PHOTO_MESSAGES } from '../../../shared/messages/photos';
import { useAttachable } from '../../api/attachables';
import { RecordPicker } from '../../components/record-picker';
import { errorMessage } from '../../api/http';
import { useUploadPhoto } from '../../api/photos';
import { FormActions, useSchemaForm } from '../../components/form';
import { checkPhotoFile } from '../../components/photo-uploads';
import { statusLabel } from '../../components/status-badge';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';

type UploadType = (typeof PHOTO_UPLOAD_TYPES)[number];
const isUploadType = (value: string | null): value is UploadType =>
  (PHOTO_UPLOAD_TYPES as readonly string[]).includes(value ?? '');

type UploadValues = { file: File | null; caption: string; type: PhotoAttachableType | ''; item: string | null };

/** The form's own checks (the file is checked here, not by a shared schema); zod/mini loads when first sent. */
const uploadSchema = () =>
  import('zod/mini').then((z) =>
    z.custom<UploadValues>().check(
      z.superRefine((values, ctx) => {
        const fileProblem = values.file ? checkPhotoFile(values.file) : PHOTO_MESSAGES.selectImage;
        if (fileProblem) ctx.addIssue({ code: 'custom', message: fileProblem, path: ['file'], input: values.file });
        if (values.type && !values.item)
          ctx.addIssue({ code: 'custom', message: PHOTO_MESSAGES.selectItem, path: ['item'], input: values.item });
      }),
    ),
  );

/** /resources/photos/upload (spec §2, §5): an image, a caption, and optionally what it belongs to. */
export function UploadPhotoPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const presetType = isUploadType(params.get('type')) ? (params.get('type') as UploadType) : '';
  const presetId = presetType ? params.get('id') : null;
  const preset = useAttachable(presetType || undefined, presetId ?? undefined);
  const upload = useUploadPhoto();
  const [progress, setProgress] = useState<number | null>(null);
  const form = useSchemaForm({
    initial: (): UploadValues => ({ file: null, caption: '', type: presetType, item: presetId }),
    schema: uploadSchema,
    failed: PHOTO_MESSAGES.uploadFailed,
    describeFailure: (error) => PHOTO_MESSAGES.uploadFailedAlert(errorMessage(error, PHOTO_MESSAGES.uploadFailed)),
    async submit(_data, { file, caption, type, item }) {
      if (!file) return;
      setProgress(0);
      try {
        const photo = await upload.mutateAsync({
          file,
          fileName: file.name,
          caption,
          attachableType: type || undefined,
          attachableId: item ?? undefined,
          onProgress: setProgress,
        });
        navigate(paths.photo(photo.id), { replace: true });
      } catch (error) {
        setProgress(null);
        throw error;
      }
    },
  });
  const { file, type, item: itemId } = form.values;

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  return (
    <PageShell title="Upload Photo" crumbs={[{ label: 'Photos', to: paths.photos() }, { label: 'Upload' }]}>
      <form onSubmit={form.onSubmit} noValidate>
        <Stack gap="sm" maw={560}>
          <FileInput
            label="Photo"
            description="A JPEG, PNG, WebP or GIF image, up to 10 MB"
            accept="image/*"
            required
            value={file}
            onChange={(next) => form.setValue('file', next)}
            error={form.errors.file}
            clearable
          />
          {preview && (
            <img
              src={preview}
              alt="Preview of the chosen photo"
              style={{ maxWidth: '100%', maxHeight: 320, objectFit: 'contain' }}
            />
          )}
          <TextInput label="Caption" {...form.field('caption')} maxLength={500} />
          <NativeSelect
            label="Attach to"
            description="Optional: the record this photo belongs to"
            data={[
              { value: '', label: 'Nothing (standalone)' },
              ...PHOTO_UPLOAD_TYPES.map((value) => ({ value, label: statusLabel('attachable', value) })),
            ]}
            value={type}
            onChange={(event) => {
              form.setValue('type', event.currentTarget.value as PhotoAttachableType | '');
              form.setValue('item', null);
            }}
          />
          {type && (
            <RecordPicker
              key={type}
              type={type}
              value={itemId}
              onChange={(next) => form.setValue('item', next)}
              error={form.errors.item}
              initialLabel={itemId === presetId ? preset.data?.name : undefined}
            />
          )}
          {progress !== null && <Progress value={progress * 100} aria-label="Upload progress" animated />}
          <FormActions
            submit="Upload Photo"
            busyLabel="Uploading..."
            busy={form.busy}
            failure={form.failure}
            cancel={paths.photos()}
          />
        </Stack>
      </form>
    </PageShell>
  );
}
